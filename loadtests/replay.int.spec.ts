import { expect, it } from 'vitest';
import { allProjections } from '../projections';
import { benchReplay, replayOptions } from './replay';

it('takes the events, the adapter and --verify from the command line', () => {
  expect(replayOptions(['--events=2000', '--adapter=postgres', '--verify', '--together-only'], {})).toEqual({
    events: 2000,
    adapter: 'postgres',
    verify: true,
    togetherOnly: true,
  });
  expect(replayOptions([], {})).toEqual({
    events: 1_000_000,
    adapter: 'sqlite',
    verify: false,
    togetherOnly: false,
  });
  expect(() => replayOptions(['--adapter=esdb'], {})).toThrow(/sqlite or postgres/);
});

it('replays a small generated log: a row per projection, the app serving throughout, the same read models', async () => {
  const outcome = await benchReplay({ events: 2_000, adapter: 'sqlite', verify: true, print: false });

  expect(outcome.events).toBeGreaterThanOrEqual(2_000);
  expect(outcome.rows.map((row) => row.rebuild)).toEqual([
    'raw read (readAll, data opened), baseline',
    'readAll, personal fields left unopened',
    ...allProjections.map((projection) => projection.name),
    'all, one after another (sum of the above)',
    'all together, one pass (projections:rebuild)',
  ]);
  for (const row of outcome.rows) {
    expect(Object.keys(row)).toEqual(['rebuild', 'events/s', 'of raw read rate', 'target']);
    expect(row['events/s']).toMatch(/^[\d,]+$/);
    expect(row['of raw read rate']).toMatch(/^\d+\.\d{3}x$/);
  }
  expect(outcome.rows[0]?.['of raw read rate']).toBe('1.000x');
  expect(outcome.rows.at(-1)?.target).toMatch(/^>= 0\.1 of raw read rate (ok|MISSED)$/);

  expect(Number(outcome.serving.answered)).toBeGreaterThan(0);
  expect(outcome.serving.errors).toBe('0');
  expect(outcome.serving['p99 ms']).toMatch(/^\d+\.\d$/);

  expect(outcome.tables).toBeGreaterThan(allProjections.length);
  expect(outcome.differing).toEqual([]);
  expect(outcome.parked).toBe(0);

  // Realistic and valid: on-sale, check-ins, refunds, cancellations and expired holds, nothing audit:verify objects to.
  expect(outcome.audit?.findings).toEqual([]);
  for (const type of [
    'HoldPlaced',
    'OrderPlaced',
    'OrderCompleted',
    'OrderMarkedPaid',
    'AttendeeCheckedIn',
    'OrderRefundRecorded',
    'OrderCancelled',
    'StockReturned',
    'OrderExpired',
    'HoldReleased',
  ])
    expect(outcome.audit?.types[type], type).toBeGreaterThan(0);
  // It generates, verifies, replays and rebuilds a whole platform's log while the app serves: 40 s alone, over a
  // minute on a loaded 2-core machine. A stuck rebuild still fails, three minutes later.
}, 180_000);

/**
 * The event store contract's reads (`contract.ts`): a stream forwards and backwards, `$all` after a position, and
 * what every read path gives back of an event (its data, metadata and the time the store's clock stamped).
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { collect, newEvent, startCollector } from './contractFixtures';
import type { ContractSuite } from './contractFixtures';
import type { EventMetadata, EventStore, RecordedEvent } from './port';

export function readContract(suite: ContractSuite): void {
  const { streamName, ours, open, freshStore } = suite;

  it.skipIf(!freshStore)('an empty store has head 0 and yields nothing', async () => {
    const { store } = suite;
    expect(await store.head()).toBe(0n);
    expect(await collect(store.readAll())).toEqual([]);
    expect(await collect(store.readStream('nothing-here'))).toEqual([]);
  });

  it('readStream reads forwards and backwards, from a revision inclusive, with a limit', async () => {
    const { store } = suite;
    for (let i = 0; i < 10; i++) {
      await store.append(streamName('s'), [newEvent('Step', { i })], {
        expected: i === 0 ? 'no_stream' : BigInt(i - 1),
      });
      await store.append(streamName('noise'), [newEvent('Noise', { i })], { expected: 'any' });
    }
    const revisions = async (opts?: Parameters<EventStore['readStream']>[1]): Promise<number[]> =>
      (await collect(store.readStream(streamName('s'), opts))).map((e) => Number(e.revision));
    const range = (from: number, to: number): number[] =>
      from <= to
        ? Array.from({ length: to - from + 1 }, (_, k) => from + k)
        : Array.from({ length: from - to + 1 }, (_, k) => from - k);

    const forwards = await collect(store.readStream(streamName('s')));
    expect(forwards.map((e) => e.data)).toEqual(range(0, 9).map((i) => ({ i })));
    expect(forwards.every((e) => e.stream === streamName('s') && e.type === 'Step')).toBe(true);
    for (let i = 1; i < forwards.length; i++)
      expect(forwards[i]!.position).toBeGreaterThan(forwards[i - 1]!.position);

    expect(await revisions({ from: 3n })).toEqual(range(3, 9));
    expect(await revisions({ limit: 4 })).toEqual(range(0, 3));
    expect(await revisions({ from: 3n, limit: 2 })).toEqual([3, 4]);
    expect(await revisions({ backwards: true })).toEqual(range(9, 0));
    expect(await revisions({ backwards: true, from: 5n })).toEqual(range(5, 0));
    expect(await revisions({ backwards: true, from: 5n, limit: 2 })).toEqual([5, 4]);
    expect(await revisions({ backwards: true, limit: 3 })).toEqual([9, 8, 7]);
    expect(await revisions({ from: 10n })).toEqual([]);
    expect(await revisions({ limit: 0 })).toEqual([]);
    expect(await collect(store.readStream(streamName('missing')))).toEqual([]);
    expect(await collect(store.readStream(streamName('missing'), { backwards: true }))).toEqual([]);
  });

  it('readAll honours after (exclusive) and limit', async () => {
    const { store, start } = suite;
    for (let i = 0; i < 6; i++)
      await store.append(streamName(`s${i % 2}`), [newEvent('Step', { i })], { expected: 'any' });
    const all = await collect(store.readAll({ after: start }));
    expect(ours(all).map((e) => e.data)).toEqual(Array.from({ length: 6 }, (_, i) => ({ i })));
    const third = all[2]!.position;
    expect((await collect(store.readAll({ after: third }))).map((e) => e.position)).toEqual(
      all.slice(3).map((e) => e.position),
    );
    expect((await collect(store.readAll({ after: start, limit: 2 }))).map((e) => e.position)).toEqual(
      all.slice(0, 2).map((e) => e.position),
    );
    expect((await collect(store.readAll({ after: third, limit: 2 }))).map((e) => e.position)).toEqual(
      all.slice(3, 5).map((e) => e.position),
    );
    expect(await collect(store.readAll({ after: all.at(-1)!.position }))).toEqual([]);
    expect(await collect(store.readAll({ after: start, limit: 0 }))).toEqual([]);
  });

  it('recordedAt comes from the clock the store was opened with, on every read path', async () => {
    const { prefix } = suite;
    // One source of time (docs/time.md): a test's manual clock and the store must never disagree.
    let now = new Date('2031-05-01T08:30:00.000Z');
    const clocked = await open({ clock: { now: () => new Date(now.getTime()) } });
    try {
      const from = await clocked.store.head();
      const first = await clocked.store.append(streamName('clocked'), [newEvent(), newEvent()], {
        expected: 'no_stream',
      });
      now = new Date('2019-02-03T04:05:06.789Z');
      await clocked.store.append(streamName('clocked'), [newEvent()], { expected: first.nextRevision });
      const expected = ['2031-05-01T08:30:00.000Z', '2031-05-01T08:30:00.000Z', '2019-02-03T04:05:06.789Z'];
      const times = (events: RecordedEvent[]): string[] => events.map((e) => e.recordedAt.toISOString());
      expect(times(await collect(clocked.store.readStream(streamName('clocked'))))).toEqual(expected);
      const all = ours(await collect(clocked.store.readAll({ after: from })));
      expect(times(all)).toEqual(expected);
      const collector = startCollector(clocked.store, from, prefix);
      await collector.stopAfter(all.at(-1)!.position);
      expect(times(collector.seen)).toEqual(expected);
    } finally {
      await clocked.cleanup();
    }
  });

  it('data, metadata and recordedAt round-trip through every read path', async () => {
    const { store, start, prefix } = suite;
    const payloads: unknown[] = [
      {
        text: 'Grüße aus Köln, 東京タワー, 🎟️🎉, עברית, e\u0301, "quoted" \\ back\nslash\ttab \u2028 \u0000 end',
        numbers: [
          0,
          -1,
          1.5,
          -0.25,
          1e21,
          1e-7,
          Number.MAX_SAFE_INTEGER,
          -Number.MAX_SAFE_INTEGER,
          0.1 + 0.2,
        ],
        nested: { a: { b: { c: [1, { d: null }, [true, false]] } } },
        empty: {},
        emptyList: [],
        emptyText: '',
        long: 'x'.repeat(100_000),
      },
      42,
      'just a string',
      [1, 'two', { three: 3 }],
      null,
      true,
    ];
    const metadata: EventMetadata = {
      correlationId: randomUUID(),
      causationId: randomUUID(),
      actor: 'user-42',
      ip: '203.0.113.7',
      userAgent: 'contract/1.0',
      extra: { nested: ['ok'] },
    };
    const before = Date.now();
    const sent = payloads.map((data, i) => newEvent(`Round${i}`, data, { metadata }));
    await store.append(streamName('s'), sent, { expected: 'no_stream' });
    const after = Date.now();

    const check = (events: RecordedEvent[]): void => {
      expect(events).toHaveLength(sent.length);
      events.forEach((event, i) => {
        const original = sent[i]!;
        expect(event.id).toBe(original.id);
        expect(event.type).toBe(original.type);
        expect(event.stream).toBe(streamName('s'));
        expect(event.revision).toBe(BigInt(i));
        expect(event.data).toEqual(original.data);
        expect(event.metadata).toEqual(metadata);
        expect(event.recordedAt).toBeInstanceOf(Date);
        // A minute of slack for a server whose clock is not ours.
        expect(event.recordedAt.getTime()).toBeGreaterThanOrEqual(before - 60_000);
        expect(event.recordedAt.getTime()).toBeLessThanOrEqual(after + 60_000);
      });
    };
    const fromStream = await collect(store.readStream(streamName('s')));
    check(fromStream);
    const fromAll = ours(await collect(store.readAll({ after: start })));
    check(fromAll);
    expect(fromAll.map((e) => e.position)).toEqual(fromStream.map((e) => e.position));
    expect(fromAll.map((e) => e.recordedAt.getTime())).toEqual(fromStream.map((e) => e.recordedAt.getTime()));
    const collector = startCollector(store, start, prefix);
    await collector.stopAfter(fromAll.at(-1)!.position);
    check(collector.seen);
  });
}

import type { Knex } from 'knex';
import { afterEach, expect, it } from 'vitest';
import { allProjections } from '../../projections';
import { rebuildProjection } from '../../projections/runner/rebuild';
import { describeEachStorage, recordingLogger, type TestStorage } from '../../projections/runner/testing';
import type { Projection } from '../../projections/runner/types';
import type { EventMetadata } from '../eventstore/port';
import { systemClock } from '../kit/clock';
import versionOneLog from './fixtures/versionOneLog.json';
import { notaryProjection } from './notary';
import { verifyLog } from './verify';

/**
 * `fixtures/versionOneLog.json` is a log as an older platform wrote it: a sample event, a second event with a paid
 * and a free ticket, a free order placed and completed before OrderPlaced and OrderCompleted had a version 2
 * (`taxesIncluded`, `paidAt`, no `schemaVersion`), then a paid order placed afterwards in today's shape.
 */
interface LoggedEvent {
  stream: string;
  id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

const fixture = versionOneLog as LoggedEvent[];

/** The same history as today's code writes it: the two version-1 events stated by hand in today's shape. */
const todaysLog = fixture.map((event): LoggedEvent => {
  const { taxesIncluded, paidAt, ...data } = event.data;
  if (event.type === 'OrderPlaced' && taxesIncluded === true) {
    return {
      ...event,
      data: { ...data, displayMode: 'INCLUSIVE' },
      metadata: { ...event.metadata, schemaVersion: 2 },
    };
  }
  if (event.type === 'OrderCompleted' && typeof paidAt === 'string') {
    return {
      ...event,
      data: { ...data, completedAt: paidAt },
      metadata: { ...event.metadata, schemaVersion: 2 },
    };
  }
  return event;
});

const projections: Projection[] = [...allProjections, notaryProjection(systemClock)];

/** Appends the log as it is (no stamping: the command handler is not involved), then replays every projection. */
async function replay(storage: TestStorage, log: readonly LoggedEvent[]): Promise<void> {
  for (const { stream, ...event } of log) await storage.store.append(stream, [event], { expected: 'any' });
  for (const projection of projections) {
    const result = await rebuildProjection(storage.store, storage.db, projection, {
      logger: recordingLogger(),
    });
    expect(result.parked, projection.name).toBe(0);
  }
}

async function readModels(db: Knex): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const projection of allProjections) {
    for (const { name } of projection.tables) {
      const table = (await db(name).select('*')) as unknown[];
      rows[name] = table.map((row) => JSON.stringify(row)).sort();
    }
  }
  return rows;
}

describeEachStorage('a log written with version 1 of two event types', (open) => {
  const opened: TestStorage[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((storage) => storage.close()));
  });
  const fresh = async (): Promise<TestStorage> => {
    const storage = await open();
    opened.push(storage);
    return storage;
  };

  it('holds version-1 shapes of OrderPlaced and OrderCompleted', () => {
    const old = fixture.filter((event) => event.metadata.schemaVersion === undefined);
    expect(old.filter((event) => 'taxesIncluded' in event.data).map((event) => event.type)).toEqual([
      'OrderPlaced',
    ]);
    expect(old.filter((event) => event.type === 'OrderCompleted' && 'paidAt' in event.data)).toHaveLength(1);
  });

  it('replays into the read models today’s shapes give, and reads back in today’s shape', async () => {
    const old = await fresh();
    const today = await fresh();
    await replay(old, fixture);
    await replay(today, todaysLog);

    const rows = await readModels(old.db);
    expect(rows.orders).toHaveLength(2);
    expect(rows).toEqual(await readModels(today.db));

    const read = [];
    for await (const event of old.store.readAll()) read.push(event);
    expect(read.map(({ stream, id, type, data }) => ({ stream, id, type, data }))).toEqual(
      todaysLog.map(({ stream, id, type, data }) => ({ stream, id, type, data })),
    );
  });

  it('passes audit:verify, schema and hash chain included', async () => {
    const old = await fresh();
    await replay(old, fixture);
    const report = await verifyLog({ store: old.store, db: old.db });
    expect(report.findings).toEqual([]);
    expect(report.orders).toBe(2);
  });
});

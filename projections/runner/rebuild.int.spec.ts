import type { Knex } from 'knex';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '../../services/eventstore/port';
import { readCheckpoint } from './checkpoints';
import { listParked } from './parked';
import { rebuildProjection, rebuildProjections } from './rebuild';
import { ProjectionHandlerError, ProjectionRunner } from './runner';
import { createReadModelTables, listTables } from './tables';
import {
  accountsProjection,
  appendAccountEvents,
  describeEachStorage,
  dumpTable,
  handledCount,
  recordingLogger,
  spawnChild,
} from './testing';
import type { TestStorage } from './testing';
import type { Projection } from './types';

async function dumpAccounts(db: Knex): Promise<{ balances: unknown[]; movements: unknown[] }> {
  return {
    balances: await dumpTable(db, 'acct_balances', ['stream']),
    movements: await dumpTable(db, 'acct_movements', ['stream', 'revision']),
  };
}

/** Appends `waves` groups of events with pauses, so a live runner sees them in many differently sized batches. */
async function appendInWaves(store: EventStore, waves: number, first: number): Promise<bigint> {
  let head = 0n;
  for (let wave = 0; wave < waves; wave++) {
    head = await appendAccountEvents(store, {
      count: 37,
      first: first + wave * 37,
      streams: 5,
      perAppend: 13,
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return head;
}

/** A second projection over the same events, to rebuild beside `accounts` in one pass. */
const depositCountsProjection: Projection = {
  name: 'deposit_counts',
  tables: [
    {
      name: 'dep_counts',
      define(table) {
        table.string('stream', 100).primary();
        table.integer('deposits').notNullable();
      },
    },
  ],
  handles: ['Deposited'],
  async apply(trx, event, ctx) {
    const table = ctx.table('dep_counts');
    await trx(table)
      .insert({ stream: event.stream, deposits: 1 })
      .onConflict('stream')
      .merge({ deposits: trx.raw('??.?? + 1', [table, 'deposits']) });
  },
};

describeEachStorage('projection rebuild', (open) => {
  let storage: TestStorage;
  const runners: ProjectionRunner[] = [];

  beforeEach(async () => {
    storage = await open();
  });

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await storage.close();
  });

  async function incrementalRun(db: Knex, projection: Projection, until: bigint): Promise<ProjectionRunner> {
    const runner = new ProjectionRunner({
      store: storage.store,
      db,
      projections: [projection],
      batchSize: 7,
      logger: recordingLogger(),
    });
    runners.push(runner);
    await runner.start();
    expect(await runner.waitFor(until, 30_000)).toBe(true);
    return runner;
  }

  it('rebuilds exactly the rows of the incremental run, generation after generation', async () => {
    const { store, db } = storage;
    const projection = accountsProjection();
    await createReadModelTables(db, projection.tables);
    await appendAccountEvents(store, { count: 300, streams: 5 });
    const runner = new ProjectionRunner({
      store,
      db,
      projections: [projection],
      batchSize: 7,
      logger: recordingLogger(),
    });
    runners.push(runner);
    await runner.start();
    const head = await appendInWaves(store, 8, 300);
    expect(await runner.waitFor(head, 30_000)).toBe(true);
    await runner.stop();
    const incremental = await dumpAccounts(db);
    expect(incremental.movements).toHaveLength(handledCount(300 + 8 * 37));

    const logger = recordingLogger();
    const first = await rebuildProjection(store, storage.connect(), projection, { batchSize: 50, logger });
    expect(first).toMatchObject({ projection: 'accounts', position: head, events: 300 + 8 * 37 });
    expect(await dumpAccounts(db)).toEqual(incremental);
    expect((await readCheckpoint(db, 'accounts'))?.position).toBe(head);

    // A second generation: its indexes must not collide with the first one's (names are global per schema).
    await rebuildProjection(store, db, projection, { batchSize: 1000, logger });
    expect(await dumpAccounts(db)).toEqual(incremental);
    const tables = await listTables(db);
    expect(tables.filter((name) => name.includes('__rb_'))).toEqual([]);

    // The swapped-in tables take live events like the originals did.
    await runner.start();
    const more = await appendInWaves(store, 2, 300 + 8 * 37);
    expect(await runner.waitFor(more, 30_000)).toBe(true);
    const live = await dumpAccounts(db);
    await rebuildProjection(store, db, projection, { logger });
    expect(await dumpAccounts(db)).toEqual(live);
    expect(logger.entries.filter((entry) => entry.level === 'error')).toEqual([]);
  });

  /** Rebuilds while a live runner follows appends that keep coming, then compares with an independent run. */
  async function rebuildUnderLoad(rebuild: () => Promise<unknown>): Promise<void> {
    const { store, db } = storage;
    const projection = accountsProjection();
    await createReadModelTables(db, projection.tables);
    await appendAccountEvents(store, { count: 600, streams: 5 });
    const logger = recordingLogger();
    const runner = new ProjectionRunner({ store, db, projections: [projection], batchSize: 25, logger });
    runners.push(runner);
    await runner.start();

    const appending = appendInWaves(store, 20, 600);
    await rebuild();
    const head = await appending;
    expect(await runner.waitFor(head, 30_000)).toBe(true);
    expect((await readCheckpoint(db, 'accounts'))?.position).toBe(head);
    const underRebuild = await dumpAccounts(db);
    expect(underRebuild.movements).toHaveLength(handledCount(600 + 20 * 37));

    const reference = await storage.otherDb();
    await createReadModelTables(reference, projection.tables);
    await incrementalRun(reference, projection, head);
    expect(underRebuild).toEqual(await dumpAccounts(reference));
    const moved = logger.entries.filter((entry) => entry.message.includes('checkpoint moved')).length;
    console.info(`[${storage.kind}] live runner re-read its checkpoint ${moved} time(s) around the swap`);
  }

  it('swaps safely under a live runner in the same process while events keep arriving', async () => {
    // On SQLite one process shares one connection (a second better-sqlite3 connection in the same thread would
    // block the event loop while it waits for the lock); on PostgreSQL the rebuild gets its own pool.
    const db = storage.kind === 'sqlite' ? storage.db : storage.connect();
    await rebuildUnderLoad(() =>
      rebuildProjection(storage.store, db, accountsProjection(), {
        batchSize: 40,
        logger: recordingLogger(),
      }),
    );
  });

  it('swaps safely under a live runner when the rebuild runs in another process', async () => {
    let outcome: unknown;
    await rebuildUnderLoad(async () => {
      const child = spawnChild({ task: 'rebuild', config: storage.config, batchSize: 40 });
      await child.ready;
      child.go();
      outcome = await child.result;
    });
    expect(outcome).toMatchObject({ ok: true, errors: [] });
  });

  it('rebuilds several projections in one pass and swaps them in together under a live runner', async () => {
    const { store, db } = storage;
    const projections = [accountsProjection(), depositCountsProjection];
    for (const projection of projections) await createReadModelTables(db, projection.tables);
    await appendAccountEvents(store, { count: 400, streams: 5 });
    const runner = new ProjectionRunner({ store, db, projections, batchSize: 25, logger: recordingLogger() });
    runners.push(runner);
    await runner.start();

    const appending = appendInWaves(store, 10, 400);
    const logger = recordingLogger();
    const connection = storage.kind === 'sqlite' ? db : storage.connect();
    const results = await rebuildProjections(store, connection, projections, { batchSize: 60, logger });
    const head = await appending;
    expect(results.map((result) => result.projection)).toEqual(['accounts', 'deposit_counts']);
    expect(results[0]?.position).toBe(results[1]?.position);
    expect(await runner.waitFor(head, 30_000)).toBe(true);

    const reference = await storage.otherDb();
    for (const projection of projections) await createReadModelTables(reference, projection.tables);
    const independent = new ProjectionRunner({
      store,
      db: reference,
      projections,
      batchSize: 7,
      logger: recordingLogger(),
    });
    runners.push(independent);
    await independent.start();
    expect(await independent.waitFor(head, 30_000)).toBe(true);
    expect(await dumpAccounts(db)).toEqual(await dumpAccounts(reference));
    const deposits = await dumpTable(db, 'dep_counts', ['stream']);
    expect(deposits.length).toBeGreaterThan(0);
    expect(deposits).toEqual(await dumpTable(reference, 'dep_counts', ['stream']));
    expect((await listTables(db)).filter((name) => name.includes('__rb_'))).toEqual([]);
    expect(logger.entries.filter((entry) => entry.level === 'error')).toEqual([]);
  });

  it('parks the events a handler cannot apply, as the runner does, and leaves only those parked', async () => {
    const { store, db } = storage;
    const head = await appendAccountEvents(store, { count: 200, streams: 5 });
    const events: RecordedEvent[] = [];
    for await (const event of store.readAll()) events.push(event);
    const poisoned = events.filter((event) => event.type === 'Withdrawn')[10]!;
    const broken = accountsProjection({ failOn: (event) => event.position === poisoned.position });
    await createReadModelTables(db, broken.tables);
    await incrementalRun(db, broken, head);
    const incremental = await dumpAccounts(db);
    expect((await listParked(db)).map((event) => event.position)).toEqual([poisoned.position]);

    const rebuilt = await rebuildProjection(store, db, broken, { batchSize: 30, logger: recordingLogger() });
    expect(rebuilt.parked).toBe(1);
    expect(await dumpAccounts(db)).toEqual(incremental);
    expect(await listParked(db)).toMatchObject([{ position: poisoned.position, attempts: 1 }]);

    // With the handler fixed, a rebuild applies the event and nothing stays parked.
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    const fixed = await rebuildProjection(store, db, accountsProjection(), {
      batchSize: 30,
      logger: recordingLogger(),
    });
    expect(fixed.parked).toBe(0);
    expect(await listParked(db)).toEqual([]);
    expect((await dumpAccounts(db)).movements).toHaveLength(incremental.movements.length + 1);
  });

  it('with the stop policy leaves the live tables untouched and cleans up when a rebuild fails, naming the event', async () => {
    const { store, db } = storage;
    const projection = accountsProjection();
    await createReadModelTables(db, projection.tables);
    const head = await appendAccountEvents(store, { count: 200, streams: 5 });
    await incrementalRun(db, projection, head);
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    const before = await dumpAccounts(db);
    const checkpointBefore = await readCheckpoint(db, 'accounts');

    let poisoned: RecordedEvent | undefined;
    const broken = accountsProjection({
      failOn: (event) => {
        if (event.type !== 'Withdrawn' || Number(event.revision) < 20) return false;
        poisoned ??= event;
        return true;
      },
    });
    const logger = recordingLogger();
    const rebuild = rebuildProjection(store, db, broken, { batchSize: 30, logger, onHandlerError: 'stop' });
    await expect(rebuild).rejects.toBeInstanceOf(ProjectionHandlerError);
    await expect(rebuild).rejects.toThrow(/rebuild handler bug/);
    expect(logger.entries.find((entry) => entry.level === 'error')?.details).toMatchObject({
      projection: 'accounts',
      position: String(poisoned?.position),
      type: 'Withdrawn',
    });
    expect(await dumpAccounts(db)).toEqual(before);
    expect((await readCheckpoint(db, 'accounts'))?.position).toBe(checkpointBefore?.position);
    expect((await listTables(db)).filter((name) => name.includes('__rb_'))).toEqual([]);
  });

  it('drops the tables an interrupted rebuild left behind', async () => {
    const { store, db } = storage;
    const projection = accountsProjection();
    await createReadModelTables(db, projection.tables);
    await createReadModelTables(db, projection.tables, (name) => `${name}__rb_interrupted`);
    await appendAccountEvents(store, { count: 20 });
    await rebuildProjection(store, db, projection, { logger: recordingLogger() });
    expect((await listTables(db)).filter((name) => name.includes('__rb_'))).toEqual([]);
    expect((await dumpAccounts(db)).movements).toHaveLength(handledCount(20));
  });
});

import type { Knex } from 'knex';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { RecordedEvent } from '../../services/eventstore/port';
import { advanceCheckpoint, ensureCheckpoint, readCheckpoint } from './checkpoints';
import { listParked, retryParked } from './parked';
import { ProjectionRunner } from './runner';
import { createReadModelTables } from './tables';
import {
  appendAccountEvents,
  countingProjection,
  describeEachStorage,
  handledCount,
  newEvent,
  recordingLogger,
  spawnChild,
} from './testing';
import type { TestStorage } from './testing';
import type { Projection, ProjectionNotice } from './types';

/** One row per handled event; a duplicate position fails the primary key, a missing one shows in the count. */
function ledgerProjection(
  options: { name?: string; failOnceAt?: () => bigint | null; failAlwaysAt?: () => bigint | null } = {},
): Projection & {
  failures: number;
} {
  const failures = { count: 0, done: false };
  return {
    name: options.name ?? 'ledger',
    tables: [
      {
        name: 'ledger_entries',
        define(table) {
          table.string('position', 40).primary();
          table.string('stream', 100).notNullable();
          table.string('type', 40).notNullable();
          table.integer('amount').notNullable();
        },
      },
    ],
    handles: ['Deposited', 'Withdrawn'],
    async apply(trx, event, ctx) {
      const failAt = options.failOnceAt?.();
      if (failAt === event.position && !failures.done) {
        failures.done = true;
        failures.count++;
        throw new Error('handler bug');
      }
      if (options.failAlwaysAt?.() === event.position) {
        // A write that reached the database before the handler failed must be undone with the event.
        await trx(ctx.table('ledger_entries')).insert({
          position: 'partial',
          stream: event.stream,
          type: event.type,
          amount: 0,
        });
        throw new Error('poison event');
      }
      await trx(ctx.table('ledger_entries')).insert({
        position: event.position.toString(),
        stream: event.stream,
        type: event.type,
        amount: amountOf(event),
      });
      return [`account:${event.stream}`];
    },
    get failures() {
      return failures.count;
    },
  };
}

/** Counts events per stream; a second projection to show projections are independent. */
const tallyProjection: Projection = {
  name: 'tally',
  tables: [
    {
      name: 'tally_streams',
      define(table) {
        table.string('stream', 100).primary();
        table.integer('events').notNullable();
      },
    },
  ],
  handles: ['Deposited', 'Withdrawn', 'Noted'],
  async apply(trx, event, ctx) {
    const table = ctx.table('tally_streams');
    const updated = await trx(table).where({ stream: event.stream }).increment('events', 1);
    if (updated === 0) await trx(table).insert({ stream: event.stream, events: 1 });
  },
};

function amountOf(event: RecordedEvent): number {
  const data = event.data as { amount?: number };
  return data.amount ?? 0;
}

/**
 * Sums amounts per stream over a transaction and writes each stream's sum once in `settle`; a poisoned event
 * adds its amount before it throws, so a sum it leaves behind would show.
 */
function summingProjection(poisoned: () => bigint | null): Projection & { settledWrites: number } {
  const sums = new WeakMap<Knex.Transaction, Map<string, number>>();
  const counter = { writes: 0 };
  return {
    name: 'sums',
    tables: [
      {
        name: 'stream_sums',
        define(table) {
          table.string('stream', 100).primary();
          table.integer('amount').notNullable();
        },
      },
    ],
    handles: ['Deposited', 'Withdrawn'],
    apply(trx, event) {
      const gathered = sums.get(trx) ?? new Map<string, number>();
      sums.set(trx, gathered);
      gathered.set(event.stream, (gathered.get(event.stream) ?? 0) + amountOf(event));
      return poisoned() === event.position ? Promise.reject(new Error('poison event')) : Promise.resolve();
    },
    async settle(trx, ctx) {
      const table = ctx.table('stream_sums');
      for (const [stream, amount] of sums.get(trx) ?? []) {
        counter.writes++;
        await trx(table)
          .insert({ stream, amount })
          .onConflict('stream')
          .merge({ amount: trx.raw('??.?? + ?', [table, 'amount', amount]) });
      }
      sums.delete(trx);
    },
    get settledWrites() {
      return counter.writes;
    },
  };
}

async function countRows(db: Knex, table: string): Promise<number> {
  const row = (await db(table).count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/**
 * Which of the projections `names` had their checkpoint moved by each transaction while `work` ran, one set per
 * transaction: the batches that committed together.
 */
async function checkpointsByTransaction(
  db: Knex,
  names: readonly string[],
  work: () => Promise<void>,
): Promise<Set<string>[]> {
  const together = new Map<string, Set<string>>();
  const record = (query: { sql: string; bindings?: unknown[]; __knexTxId?: string }): void => {
    if (!/^update .projection_checkpoints./i.test(query.sql) || query.__knexTxId === undefined) return;
    const name = query.bindings?.find((binding) => typeof binding === 'string' && names.includes(binding));
    if (typeof name !== 'string') return;
    together.set(query.__knexTxId, (together.get(query.__knexTxId) ?? new Set()).add(name));
  };
  db.on('query', record);
  try {
    await work();
  } finally {
    db.removeListener('query', record);
  }
  return [...together.values()];
}

describeEachStorage('projection runner', (open) => {
  let storage: TestStorage;
  const runners: ProjectionRunner[] = [];
  const newRunner = (...args: ConstructorParameters<typeof ProjectionRunner>): ProjectionRunner => {
    const runner = new ProjectionRunner(...args);
    runners.push(runner);
    return runner;
  };

  beforeEach(async () => {
    storage = await open();
  });

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await storage.close();
  });

  it('catches up on events appended while no runner ran, then follows live appends', async () => {
    const { store, db } = storage;
    const ledger = ledgerProjection();
    await createReadModelTables(db, ledger.tables);
    // The process "died" after these appends and before projecting any of them.
    const appended = await appendAccountEvents(store, { count: 1200 });

    const logger = recordingLogger();
    const runner = newRunner({ store, db: storage.connect(), projections: [ledger], batchSize: 100, logger });
    const notices: ProjectionNotice[] = [];
    runner.onNotice((notice) => notices.push(notice));
    await runner.start();

    expect(await runner.waitFor(appended, 20_000)).toBe(true);
    expect(await countRows(db, 'ledger_entries')).toBe(handledCount(1200));
    expect((await readCheckpoint(db, 'ledger'))?.position).toBe(appended);
    expect(notices.at(-1)?.position).toBe(appended);
    expect(notices.every((notice) => notice.projection === 'ledger')).toBe(true);

    const live = await appendAccountEvents(store, { count: 3, first: 1200, streams: 1, perAppend: 3 });
    expect(await runner.waitFor(live, 30_000)).toBe(true);
    expect(await countRows(db, 'ledger_entries')).toBe(handledCount(1203));
    const last = notices.at(-1);
    expect(last?.position).toBe(live);
    expect(last?.keys).toEqual(['account:account-0']);
    expect(logger.entries.filter((entry) => entry.level === 'error')).toEqual([]);
  });

  it('resumes after a restart from the committed checkpoint with nothing skipped or repeated', async () => {
    const { store, db } = storage;
    const ledger = ledgerProjection();
    await createReadModelTables(db, ledger.tables);
    const first = await appendAccountEvents(store, { count: 500 });
    const runner = newRunner({ store, db, projections: [ledger], batchSize: 64, logger: recordingLogger() });
    await runner.start();
    expect(await runner.waitFor(first, 20_000)).toBe(true);
    await runner.stop();

    const second = await appendAccountEvents(store, { count: 500, first: 500 });
    const restarted = newRunner({
      store,
      db: storage.connect(),
      projections: [ledger],
      logger: recordingLogger(),
    });
    await restarted.start();
    expect(await restarted.waitFor(second, 20_000)).toBe(true);
    expect(await countRows(db, 'ledger_entries')).toBe(handledCount(1000));
  });

  it('keeps two runners of one projection in two processes from interleaving: every event is applied once', async () => {
    const { store, db } = storage;
    await createReadModelTables(db, countingProjection('a').tables);
    await db('race_counter').insert({ name: 'total', n: 0 });
    const head = await appendAccountEvents(store, { count: 2000, perAppend: 50 });

    const other = spawnChild({
      task: 'race',
      config: storage.config,
      label: 'b',
      batchSize: 10,
      head: head.toString(),
    });
    await other.ready;
    const logger = recordingLogger();
    const runner = newRunner({
      store,
      db: storage.connect(),
      projections: [countingProjection('a')],
      batchSize: 10,
      logger,
    });
    other.go();
    await runner.start();
    expect(await runner.waitFor(head, 60_000)).toBe(true);
    const child = await other.result;
    expect(child).toMatchObject({ ok: true, errors: [] });

    const counter = (await db('race_counter').where({ name: 'total' }).first()) as { n: number | string };
    expect(Number(counter.n)).toBe(2000);
    expect(await countRows(db, 'race_seen')).toBe(2000);
    const distinct = (await db('race_seen').countDistinct({ n: 'position' }).first()) as {
      n: number | string;
    };
    expect(Number(distinct.n)).toBe(2000);
    expect((await readCheckpoint(db, 'race'))?.position).toBe(head);

    const byRunner: Array<{ runner: string; n: number | string }> = await db('race_seen')
      .select('runner')
      .count({ n: '*' })
      .groupBy('runner');
    const conflicts = logger.entries.filter((entry) => entry.message.includes('checkpoint moved')).length;
    console.info(
      `[${storage.kind}] race: rows by runner ${JSON.stringify(byRunner.map((row) => [row.runner, Number(row.n)]))}, ` +
        `compare-and-set conflicts: this process ${conflicts}, other process ${child.conflicts}`,
    );
  });

  it("parks an event it cannot apply and goes on past it, undoing only that event's writes", async () => {
    const { store, db } = storage;
    let failAt: bigint | null = null;
    const ledger = ledgerProjection({ failAlwaysAt: () => failAt });
    await createReadModelTables(db, [...ledger.tables, ...tallyProjection.tables]);
    const head = await appendAccountEvents(store, { count: 400 });
    const events: RecordedEvent[] = [];
    for await (const event of store.readAll()) events.push(event);
    const poisoned = events.filter((event) => event.type === 'Deposited')[150];
    if (!poisoned) throw new Error('not enough events');
    failAt = poisoned.position;

    const logger = recordingLogger();
    // Every checkpoint written at once: the events after the last Deposited are not the ledger's, so without this
    // their position reaches the table only after the quiet interval (docs/decisions/quiet-checkpoints.md).
    const runner = newRunner({
      store,
      db,
      projections: [ledger, tallyProjection],
      batchSize: 40,
      logger,
      quietCheckpointMs: 0,
    });
    await runner.start();
    expect(await runner.waitFor(head, 20_000, ['ledger', 'tally'])).toBe(true);
    expect(runner.status('ledger')).toBe('running');
    expect(await countRows(db, 'ledger_entries')).toBe(handledCount(400) - 1);
    expect(await db('ledger_entries').where({ position: 'partial' }).first()).toBeUndefined();
    const parked = await listParked(db);
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({
      projection: 'ledger',
      position: poisoned.position,
      eventId: poisoned.id,
      eventType: 'Deposited',
      stream: poisoned.stream,
      attempts: 1,
    });
    expect(parked[0]?.error).toContain('poison event');
    expect(logger.entries.find((entry) => entry.level === 'error')?.details).toMatchObject({
      projection: 'ledger',
      position: String(poisoned.position),
      error: 'poison event',
    });
    const lag = await runner.lag();
    expect(lag.find((entry) => entry.projection === 'ledger')).toMatchObject({
      status: 'running',
      behind: 0n,
      parked: 1,
    });
    expect(await readCheckpoint(db, 'ledger')).toMatchObject({
      status: 'running',
      error: null,
      position: head,
    });

    // Once the cause is fixed, the operator's retry applies it and the row goes.
    failAt = null;
    const retried = await retryParked(store, db, [ledger], parked[0]!.id, new Date());
    expect(retried).toEqual({ id: parked[0]!.id, outcome: 'applied' });
    expect(await listParked(db)).toEqual([]);
    expect(await countRows(db, 'ledger_entries')).toBe(handledCount(400));
  });

  it('settles what a projection gathered once per batch, and under park leaves out only the parked event', async () => {
    const { store, db } = storage;
    let poisoned: bigint | null = null;
    const sums = summingProjection(() => poisoned);
    await createReadModelTables(db, sums.tables);
    const head = await appendAccountEvents(store, { count: 400 });
    const events: RecordedEvent[] = [];
    for await (const event of store.readAll()) events.push(event);
    const handled = events.filter((event) => sums.handles.includes(event.type));
    const victim = handled[150]!;
    poisoned = victim.position;

    const runner = newRunner({ store, db, projections: [sums], batchSize: 40, logger: recordingLogger() });
    await runner.start();
    expect(await runner.waitFor(head, 20_000, ['sums'])).toBe(true);
    const expected = new Map<string, number>();
    for (const event of handled)
      if (event !== victim) expected.set(event.stream, (expected.get(event.stream) ?? 0) + amountOf(event));
    const rows = await db<{ stream: string; amount: number }>('stream_sums').select('stream', 'amount');
    expect(new Map(rows.map((row) => [row.stream, Number(row.amount)]))).toEqual(expected);
    // 10 batches of 7 streams at most, plus the failing batch again an event at a time: far fewer than 400.
    expect(sums.settledWrites).toBeLessThan(handled.length / 2);
    expect(await listParked(db)).toHaveLength(1);

    // The operator's retry applies and settles the parked event alone.
    poisoned = null;
    const [parked] = await listParked(db);
    expect(await retryParked(store, db, [sums], parked!.id, new Date())).toMatchObject({
      outcome: 'applied',
    });
    const after = (await db('stream_sums').where({ stream: victim.stream }).first()) as { amount: number };
    expect(Number(after.amount)).toBe((expected.get(victim.stream) ?? 0) + amountOf(victim));
  });

  it('with the stop policy stops only the failing projection, records where it failed, and resumes without skipping on restart', async () => {
    const { store, db } = storage;
    let failAt: bigint | null = null;
    const ledger = ledgerProjection({ failOnceAt: () => failAt });
    await createReadModelTables(db, [...ledger.tables, ...tallyProjection.tables]);
    const head = await appendAccountEvents(store, { count: 400 });
    const events: RecordedEvent[] = [];
    for await (const event of store.readAll()) events.push(event);
    const poisoned = events.filter((event) => event.type === 'Deposited')[150];
    if (!poisoned) throw new Error('not enough events');
    failAt = poisoned.position;

    const logger = recordingLogger();
    const runner = newRunner({
      store,
      db,
      projections: [ledger, tallyProjection],
      batchSize: 40,
      logger,
      onHandlerError: 'stop',
      quietCheckpointMs: 0,
    });
    await runner.start();
    expect(await runner.waitFor(head, 20_000, ['ledger'])).toBe(false);
    expect(await runner.waitFor(head, 20_000, ['tally'])).toBe(true);
    // A wait for no projection in particular does not wait for a failed one.
    expect(await runner.waitFor(head, 20_000)).toBe(true);
    expect(runner.status('ledger')).toBe('failed');
    expect(runner.status('tally')).toBe('running');

    const failure = logger.entries.find((entry) => entry.level === 'error');
    expect(failure?.details).toMatchObject({
      projection: 'ledger',
      position: String(poisoned.position),
      type: 'Deposited',
      error: 'handler bug',
    });
    const checkpoint = await readCheckpoint(db, 'ledger');
    expect(checkpoint?.status).toBe('failed');
    expect(checkpoint?.error).toContain(`position ${poisoned.position} (Deposited`);
    expect(checkpoint?.error).toContain('handler bug');
    const committed = checkpoint?.position ?? -1n;
    expect(committed).toBeLessThan(poisoned.position);
    // The failing batch was rolled back whole: exactly the events up to the checkpoint are present.
    const upToCheckpoint = events.filter(
      (event) => event.position <= committed && event.type !== 'Noted',
    ).length;
    expect(await countRows(db, 'ledger_entries')).toBe(upToCheckpoint);
    const lag = await runner.lag();
    expect(lag.find((entry) => entry.projection === 'ledger')).toMatchObject({
      status: 'failed',
      checkpoint: committed,
    });
    expect(lag.find((entry) => entry.projection === 'tally')).toMatchObject({
      status: 'running',
      behind: 0n,
    });

    await runner.start();
    expect(await runner.waitFor(head, 20_000)).toBe(true);
    expect(ledger.failures).toBe(1);
    expect(await countRows(db, 'ledger_entries')).toBe(handledCount(400));
    const sum = (await db('ledger_entries').sum({ total: 'amount' }).first()) as { total: number | string };
    const expected = events
      .filter((event) => event.type !== 'Noted')
      .reduce((total, event) => total + amountOf(event), 0);
    expect(Number(sum.total)).toBe(expected);
    const recovered = await readCheckpoint(db, 'ledger');
    expect(recovered).toMatchObject({ status: 'running', error: null, position: head });
  });

  it('publishes a notice per committed batch and reports lag; start and stop are idempotent', async () => {
    const { store, db } = storage;
    await createReadModelTables(db, tallyProjection.tables);
    const runner = newRunner({ store, db, projections: [tallyProjection], logger: recordingLogger() });
    const before = await runner.lag();
    expect(before).toEqual([
      {
        projection: 'tally',
        checkpoint: 0n,
        head: 0n,
        behind: 0n,
        lastEventAgeMs: null,
        status: 'stopped',
        parked: 0,
      },
    ]);

    const head = await appendAccountEvents(store, { count: 30, streams: 3, perAppend: 10 });
    const notices: ProjectionNotice[] = [];
    const unsubscribe = runner.on('notice', (notice) => notices.push(notice));
    await Promise.all([runner.start(), runner.start()]);
    await runner.start();
    expect(await runner.waitFor(head, 30_000)).toBe(true);
    expect(notices.length).toBeGreaterThan(0);
    expect(new Set(notices.flatMap((notice) => notice.keys))).toEqual(new Set());
    const lag = await runner.lag();
    expect(lag[0]).toMatchObject({
      projection: 'tally',
      checkpoint: head,
      head,
      behind: 0n,
      status: 'running',
    });
    expect(lag[0]?.lastEventAgeMs).toBeGreaterThanOrEqual(0);

    unsubscribe();
    const more = await appendAccountEvents(store, { count: 5, first: 30, streams: 1, perAppend: 5 });
    expect(await runner.waitFor(more, 30_000)).toBe(true);
    expect(notices.at(-1)?.position).toBe(head);

    // Nothing is ever appended at this position: the wait ends with the stop, not with the timeout.
    const pending = runner.waitFor(more + 1_000_000n, 60_000);
    await Promise.all([runner.stop(), runner.stop()]);
    await runner.stop();
    expect(await pending).toBe(false);
    expect(runner.status('tally')).toBe('stopped');
    expect((await runner.lag())[0]).toMatchObject({ status: 'stopped', checkpoint: more });
    expect((await readCheckpoint(db, 'tally'))?.status).toBe('stopped');
  });

  it('reports a projection whose batches it skips as caught up while its checkpoint row waits', async () => {
    const { store, db } = storage;
    const skipping: Projection = {
      name: 'skipping',
      tables: [],
      handles: ['NeverAppended'],
      apply: () => Promise.resolve(),
    };
    const runner = newRunner({ store, db, projections: [skipping], quietCheckpointMs: 60_000 });
    await runner.start();
    const head = await appendAccountEvents(store, { count: 20, streams: 2, perAppend: 5 });
    expect(await runner.waitFor(head, 30_000)).toBe(true);
    expect((await readCheckpoint(db, 'skipping'))?.position).toBeLessThan(head);
    expect((await runner.lag())[0]).toMatchObject({ checkpoint: head, head, behind: 0n, status: 'running' });
  });

  it('writes the quiet checkpoints of all its projections together, in one transaction', async () => {
    const { store, db } = storage;
    const skipping = (name: string): Projection => ({
      name,
      tables: [],
      handles: ['NeverAppended'],
      apply: () => Promise.resolve(),
    });
    const names = ['quiet-a', 'quiet-b', 'quiet-c'];
    const runner = newRunner({ store, db, projections: names.map(skipping), quietCheckpointMs: 150 });
    await runner.start();
    // Every compare-and-set of a checkpoint, by the transaction it ran in.
    const writes = new Map<string, string[]>();
    const record = (query: { sql: string; bindings?: unknown[]; __knexTxId?: string }): void => {
      if (
        !/^update .projection_checkpoints./i.test(query.sql) ||
        !/position/i.test(query.sql.split('where')[1] ?? '')
      )
        return;
      const name = query.bindings?.find((binding) => typeof binding === 'string' && names.includes(binding));
      if (typeof name !== 'string') return;
      const transaction = query.__knexTxId ?? 'none';
      writes.set(transaction, [...(writes.get(transaction) ?? []), name]);
    };
    db.on('query', record);
    try {
      const head = await appendAccountEvents(store, { count: 20, streams: 2, perAppend: 5 });
      expect(await runner.waitFor(head, 30_000)).toBe(true);
      const deadline = Date.now() + 10_000;
      const rows = async () =>
        Promise.all(names.map(async (name) => (await readCheckpoint(db, name))?.position));
      while ((await rows()).some((position) => position !== head) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await rows()).toEqual(names.map(() => head));
    } finally {
      db.removeListener('query', record);
    }
    expect(writes.size).toBeGreaterThan(0);
    for (const written of writes.values()) expect([...written].sort()).toEqual(names);
  });

  it('commits the batches of projections ready together in one transaction on SQLite, apart on PostgreSQL', async () => {
    const { store, db } = storage;
    const ledger = ledgerProjection();
    const witness: Projection = {
      name: 'witness',
      tables: [],
      handles: ['Deposited', 'Withdrawn'],
      apply: () => Promise.resolve(),
    };
    const names = ['ledger', 'tally', 'witness'];
    await createReadModelTables(db, [...ledger.tables, ...tallyProjection.tables]);
    const runner = newRunner({
      store,
      db,
      projections: [ledger, tallyProjection, witness],
      quietCheckpointMs: 0,
    });
    await runner.start();
    const groups = await checkpointsByTransaction(db, names, async () => {
      // One event at a time: the three projections' batches are ready together.
      for (let index = 0; index < 10; index++) {
        const head = await appendAccountEvents(store, { count: 1, first: index * 5 });
        expect(await runner.waitFor(head, 30_000)).toBe(true);
      }
    });
    expect(await countRows(db, 'ledger_entries')).toBe(10);
    const shared = groups.filter((written) => written.size > 1).length;
    if (storage.kind === 'sqlite') expect(shared).toBeGreaterThan(0);
    else expect(shared).toBe(0);
  });

  it("commits two runners' batches of a turn in one transaction on SQLite, as the API and the worker of one process", async () => {
    const { store, db } = storage;
    const witness = (name: string): Projection => ({
      name,
      tables: [],
      handles: ['Deposited', 'Withdrawn'],
      apply: () => Promise.resolve(),
    });
    const names = ['api-witness', 'worker-witness'];
    const runners = names.map((name) =>
      newRunner({ store, db, projections: [witness(name)], quietCheckpointMs: 0 }),
    );
    for (const runner of runners) await runner.start();
    const groups = await checkpointsByTransaction(db, names, async () => {
      for (let index = 0; index < 10; index++) {
        const head = await appendAccountEvents(store, { count: 1, first: index * 5 });
        for (const runner of runners) expect(await runner.waitFor(head, 30_000)).toBe(true);
      }
    });
    const shared = groups.filter((written) => written.size > 1).length;
    if (storage.kind === 'sqlite') expect(shared).toBeGreaterThan(0);
    else expect(shared).toBe(0);
  });

  it('re-reads a checkpoint another runner moved while its own batches were quiet', async () => {
    const { store, db } = storage;
    await createReadModelTables(db, ledgerProjection().tables);
    const runner = newRunner({ store, db, projections: [ledgerProjection()], quietCheckpointMs: 100 });
    await runner.start();
    const head = await appendAccountEvents(store, { count: 40, streams: 2, perAppend: 10 });
    expect(await runner.waitFor(head, 30_000)).toBe(true);
    expect(await countRows(db, 'ledger_entries')).toBe(handledCount(40));
    // Another runner (a rebuild) starts the ledger over while this one sees only events it does not handle.
    await db.transaction(async (trx) => {
      await trx('ledger_entries').delete();
      await trx('projection_checkpoints').where({ name: 'ledger' }).update({ position: '0' });
    });
    const quietOnly = async () => {
      const note = { type: 'Noted' as const, data: { text: 'quiet' } };
      await store.append('account-notes', [newEvent(note)], { expected: 'any' });
    };
    const deadline = Date.now() + 20_000;
    while ((await countRows(db, 'ledger_entries')) < handledCount(40) && Date.now() < deadline) {
      await quietOnly();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await countRows(db, 'ledger_entries')).toBe(handledCount(40));
  });

  it('stores checkpoints beyond 2^53 exactly and refuses a compare-and-set from a stale value', async () => {
    const { db } = storage;
    const huge = 2n ** 64n + 12_345n;
    await ensureCheckpoint(db, 'big', new Date());
    const recordedAt = new Date('2026-05-01T12:00:00.000Z');
    expect(
      await db.transaction((trx) => advanceCheckpoint(trx, 'big', 0n, huge, recordedAt, new Date())),
    ).toBe(true);
    expect(
      await db.transaction((trx) => advanceCheckpoint(trx, 'big', 0n, huge + 1n, recordedAt, new Date())),
    ).toBe(false);
    const checkpoint = await readCheckpoint(db, 'big');
    expect(checkpoint?.position).toBe(huge);
    expect(checkpoint?.lastEventAt?.toISOString()).toBe(recordedAt.toISOString());
  });
});

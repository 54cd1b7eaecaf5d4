import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { describe } from 'vitest';
import type { EventStore, NewEvent, RecordedEvent } from '../../services/eventstore/port';
import { openPostgresEventStore } from '../../services/eventstore/postgres';
import { openSqliteEventStore } from '../../services/eventstore/sqlite';
import { describeWithPostgres } from '../../services/kit/testing/postgres';
import type { TestDatabase } from '../../services/kit/testing/postgres';
import { copyMigratedSqliteFiles, createMigratedTestDatabase, sqliteFiles } from './testingTemplates';
import type { EventStoreConfig } from './config';
import { isPostgres, openReadModelDb } from './db';
import type { ReadModelDbConfig } from './db';
import type { Projection, RunnerLogger } from './types';
import { childScriptArgs } from '../../services/kit/testing/childScript';

/** A real event store and a migrated read-model database of one kind, created per test. */
export interface TestStorage {
  kind: 'sqlite' | 'postgres';
  /** Where the store and the read models live, for opening them from another process. */
  config: { eventStore: EventStoreConfig & { kind: 'sqlite' | 'postgres' }; readModels: ReadModelDbConfig };
  store: EventStore;
  db: Knex;
  /** Another connection pool to the same read-model database, as a second process would have. */
  connect(): Knex;
  /** A separate, migrated read-model database (for comparing two independent runs). */
  otherDb(): Promise<Knex>;
  close(): Promise<void>;
}

export type StorageFactory = () => Promise<TestStorage>;

/** Runs `body` once against SQLite and once against PostgreSQL (skipped loudly without DATABASE_URL). */
export function describeEachStorage(name: string, body: (open: StorageFactory) => void): void {
  describe(`${name} (sqlite)`, () => body(openSqliteStorage));
  describeWithPostgres(`${name} (postgres)`, () => body(openPostgresStorage));
}

/** Opens a test event store from its config, polling often so another process's appends show up quickly. */
export function openTestEventStore(config: TestStorage['config']['eventStore']): Promise<EventStore> {
  return config.kind === 'sqlite'
    ? openSqliteEventStore(config.file, { pollIntervalMs: 25 })
    : openPostgresEventStore(config.url, { pollIntervalMs: 25 });
}

async function openSqliteStorage(): Promise<TestStorage> {
  const dir = mkdtempSync(join(tmpdir(), 'projections-'));
  const eventsFile = join(dir, sqliteFiles.eventStore);
  const readModelsFile = join(dir, sqliteFiles.readModels);
  await copyMigratedSqliteFiles(dir);
  const store = await openTestEventStore({ kind: 'sqlite', file: eventsFile });
  const pools: Knex[] = [];
  const open = (file: string): Knex => {
    const db = openReadModelDb({ kind: 'sqlite', file });
    pools.push(db);
    return db;
  };
  const db = open(readModelsFile);
  let others = 0;
  return {
    kind: 'sqlite',
    config: {
      eventStore: { kind: 'sqlite', file: eventsFile },
      readModels: { kind: 'sqlite', file: readModelsFile },
    },
    store,
    db,
    connect: () => open(readModelsFile),
    async otherDb() {
      const name = `readmodels-${++others}.sqlite`;
      await copyMigratedSqliteFiles(dir, { eventStore: false, readModelsAs: name });
      return open(join(dir, name));
    },
    async close() {
      await Promise.all(pools.map((pool) => pool.destroy()));
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openPostgresStorage(): Promise<TestStorage> {
  const databases: TestDatabase[] = [];
  const create = async (): Promise<TestDatabase> => {
    const database = await createMigratedTestDatabase('proj');
    databases.push(database);
    return database;
  };
  const events = await create();
  const readModels = await create();
  const store = await openTestEventStore({ kind: 'postgres', url: events.url });
  const pools: Knex[] = [];
  const open = (url: string): Knex => {
    const db = openReadModelDb({ kind: 'postgres', url });
    pools.push(db);
    return db;
  };
  const db = open(readModels.url);
  return {
    kind: 'postgres',
    config: {
      eventStore: { kind: 'postgres', url: events.url },
      readModels: { kind: 'postgres', url: readModels.url },
    },
    store,
    db,
    connect: () => open(readModels.url),
    async otherDb() {
      return open((await create()).url);
    },
    async close() {
      await Promise.all(pools.map((pool) => pool.destroy()));
      await store.close();
      await Promise.all(databases.map((database) => database.drop()));
    },
  };
}

export type AccountEvent =
  | { type: 'Deposited'; data: { amount: number } }
  | { type: 'Withdrawn'; data: { amount: number } }
  | { type: 'Noted'; data: { text: string } };

/** Event number `index`: mostly deposits and withdrawals, every fifth a note no test projection handles. */
export function accountEvent(index: number): AccountEvent {
  if (index % 5 === 4) return { type: 'Noted', data: { text: `note ${index}` } };
  if (index % 3 === 2) return { type: 'Withdrawn', data: { amount: (index % 7) + 1 } };
  return { type: 'Deposited', data: { amount: (index % 11) + 10 } };
}

export function newEvent(event: AccountEvent): NewEvent {
  const id = randomUUID();
  return { id, ...event, metadata: { correlationId: id, causationId: id, actor: 'system' } };
}

/**
 * Appends `count` events numbered from `first`, spread over `streams` accounts, `perAppend` per append call.
 * Returns the position of the last one.
 */
export async function appendAccountEvents(
  store: EventStore,
  options: { count: number; first?: number; streams?: number; perAppend?: number },
): Promise<bigint> {
  const first = options.first ?? 0;
  const streams = options.streams ?? 7;
  const perAppend = options.perAppend ?? 100;
  let position = 0n;
  for (let start = first; start < first + options.count; start += perAppend) {
    const end = Math.min(start + perAppend, first + options.count);
    const stream = `account-${start % streams}`;
    const events: NewEvent[] = [];
    for (let index = start; index < end; index++) events.push(newEvent(accountEvent(index)));
    position = (await store.append(stream, events, { expected: 'any' })).position;
  }
  return position;
}

export interface RecordedLog {
  level: 'info' | 'error';
  message: string;
  details: Record<string, unknown>;
}

/** A logger that keeps what it is told, so tests can assert on it. */
export function recordingLogger(): RunnerLogger & { entries: RecordedLog[] } {
  const entries: RecordedLog[] = [];
  return {
    entries,
    info: (message, details) => entries.push({ level: 'info', message, details: details ?? {} }),
    error: (message, details) => entries.push({ level: 'error', message, details: details ?? {} }),
  };
}

/** Every row of a table, ordered by its primary key columns. */
export async function dumpTable(db: Knex, table: string, orderBy: readonly string[]): Promise<unknown[]> {
  return (await db(table)
    .select('*')
    .orderBy([...orderBy])) as unknown[];
}

/**
 * The statements `work` runs that pick rows (a WHERE) but scan one of `tables` whole (`EXPLAIN QUERY PLAN`'s `SCAN`)
 * instead of searching an index: each statement as it ran, with its plan. A key read of a hot path that turns
 * into a scan still answers correctly, only slower as the table grows, so a test of it asks this. SQLite's
 * plans only: on PostgreSQL, whose planner may rightly scan a small table, it answers none.
 */
export async function tableScans(
  db: Knex,
  tables: readonly string[],
  work: () => Promise<unknown>,
): Promise<{ sql: string; plan: string[] }[]> {
  const statements: { sql: string; bindings: unknown[] }[] = [];
  const listen = (query: { sql: string; bindings?: unknown[] }) =>
    statements.push({ sql: query.sql, bindings: query.bindings ?? [] });
  db.on('query', listen);
  try {
    await work();
  } finally {
    db.off('query', listen);
  }
  const scans: { sql: string; plan: string[] }[] = [];
  if (isPostgres(db)) return scans;
  for (const { sql, bindings } of statements) {
    const names = (table: string) => new RegExp(`[\\s"\`]${table}[\\s"\`]`).test(`${sql} `);
    // A statement without WHERE reads the whole table on purpose (a dump).
    if (!/^\s*(select|update|delete|with)\b/i.test(sql) || !/\bwhere\b/i.test(sql) || !tables.some(names))
      continue;
    const steps = await db.raw<{ detail: string }[]>(
      `explain query plan ${sql}`,
      bindings as Knex.RawBinding[],
    );
    const plan = steps.map((step) => step.detail);
    if (plan.some((detail) => tables.some((table) => new RegExp(`^SCAN "?${table}"?\\b`).test(detail))))
      scans.push({ sql, plan });
  }
  return scans;
}

/**
 * Counts every event it sees, deliberately not idempotently: applying an event twice counts it twice and
 * records its position twice. `label` names the runner that applied each row.
 */
export function countingProjection(label: string): Projection {
  return {
    name: 'race',
    tables: [
      {
        name: 'race_counter',
        define(table) {
          table.string('name', 20).primary();
          table.integer('n').notNullable();
        },
      },
      {
        name: 'race_seen',
        define(table, tableName) {
          table.increments('id');
          table.string('position', 40).notNullable();
          table.string('runner', 10).notNullable();
          table.index(['position'], `${tableName}_position_idx`);
        },
      },
    ],
    handles: ['Deposited', 'Withdrawn', 'Noted'],
    async apply(trx, event, ctx) {
      await trx(ctx.table('race_counter')).where({ name: 'total' }).increment('n', 1);
      await trx(ctx.table('race_seen')).insert({ position: event.position.toString(), runner: label });
    },
  };
}

/**
 * Balances per account (read-then-write, an index on the balance) and one row per movement (composite primary
 * key, an explicitly named index), so a rebuild has aggregates, inserts and indexes to get exactly right.
 */
export function accountsProjection(options: { failOn?: (event: RecordedEvent) => boolean } = {}): Projection {
  return {
    name: 'accounts',
    tables: [
      {
        name: 'acct_balances',
        define(table) {
          table.string('stream', 100).primary();
          table.integer('balance').notNullable();
          table.integer('deposits').notNullable();
          table.integer('withdrawals').notNullable();
          table.string('last_position', 40).notNullable();
          table.index(['balance']);
        },
      },
      {
        name: 'acct_movements',
        define(table, tableName) {
          table.string('stream', 100).notNullable();
          table.integer('revision').notNullable();
          table.string('type', 20).notNullable();
          table.integer('amount').notNullable();
          table.string('position', 40).notNullable();
          table.primary(['stream', 'revision']);
          table.index(['type', 'amount'], `${tableName}_type_amount_idx`);
        },
      },
    ],
    handles: ['Deposited', 'Withdrawn'],
    async apply(trx, event, ctx) {
      if (options.failOn?.(event)) throw new Error('rebuild handler bug');
      const amount = (event.data as { amount: number }).amount;
      const signed = event.type === 'Deposited' ? amount : -amount;
      const balances = ctx.table('acct_balances');
      const current = (await trx(balances).where({ stream: event.stream }).first()) as
        { balance: number; deposits: number; withdrawals: number } | undefined;
      const row = {
        balance: (current?.balance ?? 0) + signed,
        deposits: (current?.deposits ?? 0) + (event.type === 'Deposited' ? 1 : 0),
        withdrawals: (current?.withdrawals ?? 0) + (event.type === 'Withdrawn' ? 1 : 0),
        last_position: event.position.toString(),
      };
      if (current) await trx(balances).where({ stream: event.stream }).update(row);
      else await trx(balances).insert({ stream: event.stream, ...row });
      await trx(ctx.table('acct_movements')).insert({
        stream: event.stream,
        revision: Number(event.revision),
        type: event.type,
        amount,
        position: event.position.toString(),
      });
      return [`account:${event.stream}`];
    },
  };
}

/** How many of the events numbered 0..count-1 (see `accountEvent`) the account projections handle. */
export function handledCount(count: number, first = 0): number {
  let handled = 0;
  for (let index = first; index < first + count; index++) if (accountEvent(index).type !== 'Noted') handled++;
  return handled;
}

/** What testing-child.ts runs in its own process. */
export type ChildTask =
  | { task: 'race'; config: TestStorage['config']; label: string; batchSize: number; head: string }
  | { task: 'rebuild'; config: TestStorage['config']; batchSize: number };

export interface ChildOutcome {
  /** race: the runner reached the head. rebuild: the rebuild finished. */
  ok: boolean;
  conflicts: number;
  position: string | null;
  errors: unknown[];
}

export interface ChildProcess {
  /** The child has opened its store and database and waits for `go()`. */
  ready: Promise<void>;
  go(): void;
  result: Promise<ChildOutcome>;
}

/** Starts testing-child.ts in a separate Node process, as a second deployment of the application would be. */
export function spawnChild(task: ChildTask): ChildProcess {
  const script = fileURLToPath(new URL('./testing-child.ts', import.meta.url));
  const child = spawn(process.execPath, childScriptArgs(script), {
    env: { ...process.env, CHILD_TASK: JSON.stringify(task) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    output += chunk;
    if (output.startsWith('ready\n')) markReady();
  });
  const result = new Promise<ChildOutcome>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
      if (!line) {
        reject(new Error(`child exited with ${String(code)} and no result: ${output}`));
        return;
      }
      resolve(JSON.parse(line) as ChildOutcome);
    });
  });
  return {
    ready: Promise.race([ready, result.then(() => undefined)]),
    go: () => child.stdin.write('go\n'),
    result,
  };
}

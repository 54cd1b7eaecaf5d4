import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { openEsdbEventStore } from './esdb';
import type { EventStore, ExpectedRevision, NewEvent } from './port';
import { openPostgresEventStore } from './postgres';
import { openSqliteEventStore } from './sqlite';
import { startEsdbDouble } from './testing/esdbDouble';

/** `esdb-double`: the esdb adapter on the in-process EventStoreDB test double, never a measure of a real server. */
export type BenchAdapterName = 'sqlite' | 'postgres' | 'esdb' | 'esdb-double';

export interface BenchAdapter {
  name: BenchAdapterName;
  store: EventStore;
  /** Closes the store and removes what was created for it (the sqlite file, the postgres database). */
  cleanup(): Promise<void>;
}

const WRITERS = 50;
/** Single-event appends per writer; sized so the whole run stays well under two minutes on two cores. */
const APPENDS_PER_WRITER: Record<BenchAdapterName, number> = {
  sqlite: 300,
  postgres: 100,
  esdb: 40,
  'esdb-double': 40,
};
const CATCH_UP_RUNS = 3;

/**
 * A fresh, empty store for every configured adapter: sqlite always, postgres when DATABASE_URL is set, esdb when
 * EVENTSTORE_URL is set (a shared server: it is not emptied), otherwise esdb on the EventStoreDB test double in
 * this process. The hook for other benchmarks, e.g. a hot stream driven through the command handler.
 */
export async function* benchAdapters(
  only: readonly BenchAdapterName[] = ['sqlite', 'postgres', 'esdb', 'esdb-double'],
): AsyncGenerator<BenchAdapter, void, undefined> {
  if (only.includes('sqlite')) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-eventstore-'));
    const store = await openSqliteEventStore(path.join(dir, 'events.db'));
    yield {
      name: 'sqlite',
      store,
      async cleanup() {
        await store.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl && only.includes('postgres')) {
    const database = await createDatabase(databaseUrl);
    const store = await openPostgresEventStore(database.url);
    yield {
      name: 'postgres',
      store,
      async cleanup() {
        await store.close();
        await database.drop();
      },
    };
  }
  const esdbUrl = process.env.EVENTSTORE_URL;
  if (esdbUrl && only.includes('esdb')) {
    const store = await openEsdbEventStore(esdbUrl);
    yield { name: 'esdb', store, cleanup: () => store.close() };
  } else if (only.includes('esdb-double')) {
    const double = await startEsdbDouble();
    const store = await openEsdbEventStore(double.url);
    yield {
      name: 'esdb-double',
      store,
      async cleanup() {
        await store.close();
        await double.close();
      },
    };
  }
}

interface BenchRow {
  adapter: BenchAdapterName;
  events: number;
  appendsPerSecond: number;
  baselinePerSecond: number | undefined;
  target: number | undefined;
  catchUpPerSecond: number;
}

export async function benchEventStore(): Promise<void> {
  const rows: BenchRow[] = [];
  if (!process.env.DATABASE_URL) console.warn('postgres: skipped (DATABASE_URL not set)');
  if (!process.env.EVENTSTORE_URL) {
    console.warn(
      'esdb: EVENTSTORE_URL not set; esdb-double is the adapter on the in-process EventStoreDB test double: its figures say nothing about a real server',
    );
  }
  for await (const adapter of benchAdapters()) {
    try {
      const perWriter = APPENDS_PER_WRITER[adapter.name];
      const start = await adapter.store.head();
      const appendsPerSecond = await measureAppends(
        adapter.store,
        perWriter,
        `bench-${randomUUID().slice(0, 8)}`,
      );
      const catchUpPerSecond = await measureCatchUp(adapter.store, start);
      const baselinePerSecond =
        adapter.name === 'sqlite'
          ? await sqliteBaseline(perWriter)
          : adapter.name === 'postgres'
            ? await postgresBaseline(process.env.DATABASE_URL ?? '', perWriter)
            : undefined;
      rows.push({
        adapter: adapter.name,
        events: WRITERS * perWriter,
        appendsPerSecond,
        baselinePerSecond,
        target: adapter.name === 'sqlite' ? 3 : adapter.name === 'postgres' ? 0.5 : undefined,
        catchUpPerSecond,
      });
    } finally {
      await adapter.cleanup();
    }
  }
  printTable(rows);
}

function benchEvent(writer: number, n: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'TicketReserved',
    data: {
      writer,
      n,
      seat: `R${writer}-S${n}`,
      priceCents: 4_500,
      currency: 'EUR',
      holder: { name: 'Bench Person' },
    },
    metadata: { correlationId: randomUUID(), causationId: randomUUID(), actor: 'bench', ip: '127.0.0.1' },
  };
}

/** WRITERS concurrent writers on their own streams, each appending single events with the right expected revision. */
async function measureAppends(store: EventStore, perWriter: number, prefix: string): Promise<number> {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      let expected: ExpectedRevision = 'no_stream';
      for (let n = 0; n < perWriter; n++) {
        const result = await store.append(`${prefix}-${writer}`, [benchEvent(writer, n)], { expected });
        expected = result.nextRevision;
      }
    }),
  );
  return (WRITERS * perWriter) / ((performance.now() - started) / 1000);
}

/** Subscribes from `after` until the current head has been delivered; the best of a few runs. */
async function measureCatchUp(store: EventStore, after: bigint): Promise<number> {
  const head = await store.head();
  let best = 0;
  for (let run = 0; run < CATCH_UP_RUNS; run++) {
    const controller = new AbortController();
    let count = 0;
    const started = performance.now();
    for await (const event of store.subscribe({ after, signal: controller.signal })) {
      count++;
      if (event.position >= head) controller.abort();
    }
    best = Math.max(best, count / ((performance.now() - started) / 1000));
  }
  return best;
}

/** The raw driver: one INSERT per durable transaction (WAL, synchronous=FULL), driven by the same async writers. */
async function sqliteBaseline(perWriter: number): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sqlite-raw-'));
  const db = new Database(path.join(dir, 'raw.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(`CREATE TABLE raw_events (
      position INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, stream TEXT NOT NULL,
      revision INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL,
      recorded_at INTEGER NOT NULL, UNIQUE (stream, revision))`);
    const insert = db.prepare(
      'INSERT INTO raw_events (id, stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const started = performance.now();
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, writer) => {
        for (let n = 0; n < perWriter; n++) {
          const event = benchEvent(writer, n);
          // Each writer gives the others a turn, as request handlers would.
          await Promise.resolve();
          insert.run(
            event.id,
            `raw-${writer}`,
            n,
            event.type,
            JSON.stringify(event.data),
            JSON.stringify(event.metadata),
            Date.now(),
          );
        }
      }),
    );
    return (WRITERS * perWriter) / ((performance.now() - started) / 1000);
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The raw driver: BEGIN / INSERT / COMMIT through a pool of the adapter's size, with the same writers. */
async function postgresBaseline(serverUrl: string, perWriter: number): Promise<number> {
  const database = await createDatabase(serverUrl);
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  pool.on('error', () => undefined);
  try {
    await pool.query(`CREATE TABLE raw_events (
      position bigserial PRIMARY KEY, id text NOT NULL UNIQUE, stream text NOT NULL, revision bigint NOT NULL,
      type text NOT NULL, data json NOT NULL, metadata json NOT NULL, recorded_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (stream, revision))`);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, writer) => {
        for (let n = 0; n < perWriter; n++) {
          const event = benchEvent(writer, n);
          const client = await pool.connect();
          try {
            await client.query('BEGIN');
            await client.query({
              name: 'raw_insert',
              text: 'INSERT INTO raw_events (id, stream, revision, type, data, metadata) VALUES ($1, $2, $3, $4, $5, $6)',
              values: [
                event.id,
                `raw-${writer}`,
                n,
                event.type,
                JSON.stringify(event.data),
                JSON.stringify(event.metadata),
              ],
            });
            await client.query('COMMIT');
          } finally {
            client.release();
          }
        }
      }),
    );
    return (WRITERS * perWriter) / ((performance.now() - started) / 1000);
  } finally {
    await pool.end();
    await database.drop();
  }
}

export async function createDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

function printTable(rows: BenchRow[]): void {
  const format = (value: number): string => Math.round(value).toLocaleString('en-US');
  const table = rows.map((row) => {
    const ratio =
      row.baselinePerSecond === undefined ? undefined : row.appendsPerSecond / row.baselinePerSecond;
    return {
      adapter: row.adapter,
      'events written': format(row.events),
      'appends/s (50 writers)': format(row.appendsPerSecond),
      'raw driver baseline/s': row.baselinePerSecond === undefined ? '-' : format(row.baselinePerSecond),
      'adapter/baseline': ratio === undefined ? '-' : `${ratio.toFixed(2)}x`,
      target:
        row.target === undefined
          ? '-'
          : `>= ${row.target}x ${ratio !== undefined && ratio >= row.target ? 'ok' : 'MISSED'}`,
      'catch-up events/s': format(row.catchUpPerSecond),
      'catch-up target':
        row.adapter === 'sqlite' ? `>= 100,000 ${row.catchUpPerSecond >= 100_000 ? 'ok' : 'MISSED'}` : '-',
    };
  });
  console.table(table);
}

const invokedPath = process.argv[1];
if (invokedPath !== undefined && import.meta.url === pathToFileURL(invokedPath).href) {
  try {
    await benchEventStore();
  } catch (error) {
    console.error('event store benchmark failed:', error);
    process.exitCode = 1;
  }
}

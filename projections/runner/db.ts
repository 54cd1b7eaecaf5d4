import { mkdirSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { dirname } from 'node:path';
import knexFactory from 'knex';
import type { Knex } from 'knex';
import type BetterSqlite3 from 'better-sqlite3';

export type ReadModelDbConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export const sqliteBusyTimeoutMs = 5000;

/**
 * The read-model database: knex on better-sqlite3 (embedded) or pg. One knex instance per process; on
 * SQLite knex keeps a single connection, so the process's transactions are serialised and other processes
 * wait on the file lock for up to `sqliteBusyTimeoutMs`.
 */
export function openReadModelDb(
  config: ReadModelDbConfig,
  options: { walCheckpointEveryMs?: number } = {},
): Knex {
  if (config.kind === 'postgres') {
    return knexFactory({
      client: 'pg',
      connection: config.url,
      pool: { min: 0, max: 10 },
    });
  }
  if (config.file !== ':memory:') mkdirSync(dirname(config.file), { recursive: true });
  const held: HeldConnection = { connection: null };
  const db = knexFactory({
    client: 'better-sqlite3',
    connection: { filename: config.file },
    useNullAsDefault: true,
    pool: {
      afterCreate(
        connection: BetterSqlite3.Database,
        done: (error: Error | null, connection: unknown) => void,
      ) {
        try {
          connection.pragma('journal_mode = WAL');
          // Read models are rebuildable from the event log, so losing the last commits to a power cut is
          // acceptable; the event store itself stays on synchronous=FULL.
          connection.pragma('synchronous = NORMAL');
          connection.pragma('foreign_keys = ON');
          connection.pragma(`busy_timeout = ${sqliteBusyTimeoutMs}`);
          reusePreparedStatements(connection);
          if (config.file !== ':memory:')
            checkpointOffThread(
              connection,
              config.file,
              options.walCheckpointEveryMs ?? walCheckpointEveryMs,
            );
          held.connection = connection;
          done(null, connection);
        } catch (error) {
          done(error as Error, connection);
        }
      },
    },
  });
  heldConnections.set(db, held);
  return db;
}

/** How often the checkpointer thread copies the WAL into the database file, by default. */
export const walCheckpointEveryMs = 1000;

/**
 * Moves the connection's WAL checkpoints to a thread of their own (walCheckpointer.mjs): the COMMIT that took the
 * WAL past a thousand pages checkpointed inside the event loop, copying and fsyncing for several milliseconds, a
 * door's scan or a buyer's request waiting behind it. Should the thread fail or stop, the connection checkpoints on
 * commit again, so the WAL never grows without bound.
 */
function checkpointOffThread(connection: BetterSqlite3.Database, file: string, everyMs: number): void {
  // The thread's progress (walCheckpointer.mjs): the connection must close last, so that, as before, closing it
  // checkpoints the WAL into the file and removes it (a copy of the file then carries everything).
  const state = new Int32Array(new SharedArrayBuffer(4));
  const checkpointer = new Worker(new URL('./walCheckpointer.mjs', import.meta.url), {
    workerData: { file, busyTimeoutMs: sqliteBusyTimeoutMs, everyMs, state },
  });
  checkpointer.unref();
  connection.pragma('wal_autocheckpoint = 0');
  const checkpointOnCommit = () => {
    if (connection.open) connection.pragma('wal_autocheckpoint = 1000');
  };
  checkpointer.on('message', checkpointOnCommit);
  checkpointer.on('error', checkpointOnCommit);
  checkpointer.on('exit', checkpointOnCommit);
  const close = connection.close.bind(connection);
  connection.close = () => {
    if (
      Atomics.compareExchange(state, 0, checkpointerState.starting, checkpointerState.cancelled) ===
      checkpointerState.open
    ) {
      checkpointer.postMessage({ close: true });
      // A moment: the thread finishes a checkpoint under way, if any, then lets go of the file.
      Atomics.wait(state, 0, checkpointerState.open, closeWaitMs);
    }
    return close();
  };
}

const checkpointerState = { starting: 0, open: 1, closed: 2, cancelled: 3 } as const;
const closeWaitMs = 2_000;

/** The embedded database's one connection, as the pool last made it (knex keeps one on SQLite). */
interface HeldConnection {
  connection: BetterSqlite3.Database | null;
}
const heldConnections = new WeakMap<Knex, HeldConnection>();

type Binding = string | number | null;

/**
 * The first row of a hot read (the door's lookup of a scanned ticket). On SQLite, while no query or transaction
 * holds the process's one connection, it runs at once on the connection's kept statement: knex's builder, pool and
 * promise chain were 0.4 ms of a lone scan's 3 ms in the server (issue 29), and a synchronous read on an idle
 * connection cannot interleave with anything. While the connection is held (a transaction's rows are not
 * committed yet), inside a transaction, and on PostgreSQL, it goes through knex like every other read.
 */
export async function firstRow<Row>(
  db: Knex,
  sql: string,
  bindings: readonly Binding[],
): Promise<Row | undefined> {
  const connection = heldConnections.get(db)?.connection;
  const pool = (db.client as { pool?: { numUsed(): number } | undefined }).pool;
  if (connection?.open && pool?.numUsed() === 0)
    return connection.prepare<Binding[], Row>(sql).get(...bindings);
  const result = (await db.raw(sql, [...bindings])) as Row[] | { rows: Row[] };
  return Array.isArray(result) ? result[0] : result.rows[0];
}

/** Beyond this length a statement is kept only if it binds few values (one row, not a bulk insert). */
const shortSqlLength = 1_000;
const keptBindings = 64;

/**
 * knex prepares each query's SQL anew, which on better-sqlite3 was a tenth of an on-sale rush's CPU; the
 * queries of a running platform are a few hundred distinct SQL strings, so the connection keeps their
 * statements (up to `limit`, the oldest dropped first). knex runs a statement to completion (`all` or `run`) before
 * the next query, so reuse is safe; a statement still busy (iterated elsewhere) is never handed out twice.
 * SQLite re-prepares a kept statement by itself after a schema change (a rebuilt read model swapped in).
 */
export function reusePreparedStatements(connection: BetterSqlite3.Database, limit = 500): void {
  const prepare = connection.prepare.bind(connection);
  const statements = new Map<string, BetterSqlite3.Statement>();
  const reusing = (sql: string): BetterSqlite3.Statement => {
    // Bulk statements (an insert of many rows, a long `in` list) are rarely the same twice, and each kept one
    // holds its compiled program. A long one that binds few values is one wide row, written again and again: the
    // upsert of a minute's sales figures is 1,226 characters, and preparing it anew was a tenth of a scan's CPU.
    if (sql.length > shortSqlLength && !bindsFew(sql)) return prepare(sql);
    const kept = statements.get(sql);
    if (kept && !kept.busy) return kept;
    const statement = prepare(sql);
    if (kept) return statement;
    statements.set(sql, statement);
    if (statements.size > limit) statements.delete(statements.keys().next().value!);
    return statement;
  };
  connection.prepare = reusing as typeof connection.prepare;
}

function bindsFew(sql: string): boolean {
  let bindings = 0;
  for (let at = sql.indexOf('?'); at !== -1; at = sql.indexOf('?', at + 1))
    if (++bindings > keptBindings) return false;
  return true;
}

export function isPostgres(db: Knex): boolean {
  const client = db.client as { config?: { client?: unknown } };
  return client.config?.client === 'pg';
}

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
  const held: { connection: BetterSqlite3.Database | null } = { connection: null };
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
  heldConnections.set((db.client as { config: object }).config, Object.assign(held, { db }));
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
  /** The knex instance whose pool holds it: its `query` listeners hear the statements run on it directly. */
  db: Knex;
}
// By the client's configuration, which a transaction's client shares with the knex instance that began it.
const heldConnections = new WeakMap<object, HeldConnection>();

/**
 * A value a statement binds. On SQLite it is bound as knex binds it there: a boolean as 0 or 1, a date as its
 * epoch milliseconds; on PostgreSQL as it is.
 */
export type SqlValue = string | number | boolean | Date | Buffer | null;

/**
 * The rows of a statement written for both databases (`?` placeholders, double-quoted names), run on the
 * connection's kept statement when that is safe, otherwise through knex. knex's builder, pool and promise chain
 * cost 12–15 µs a statement against about 1 µs for the kept statement itself, and most of an on-sale rush's
 * garbage (issue 29). On SQLite it runs at once:
 * - inside an open transaction, which holds the process's one connection for itself;
 * - outside one while nothing holds the connection, so no other transaction's rows, not yet committed, are read.
 *
 * While another holds it, and on PostgreSQL, it goes through knex like every other query.
 */
export async function selectRows<Row>(db: Knex, sql: string, bindings: readonly SqlValue[]): Promise<Row[]> {
  const connection = idleOrOwnConnection(db, sql, bindings);
  if (connection) return connection.prepare<unknown[], Row>(sql).all(...sqliteValues(bindings));
  const result: unknown = await db.raw(sql, [...bindings] as Knex.RawBinding[]);
  return Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
}

/** A statement that writes, run the way `selectRows` runs a read; answers how many rows it changed. */
export async function runStatement(db: Knex, sql: string, bindings: readonly SqlValue[]): Promise<number> {
  const connection = idleOrOwnConnection(db, sql, bindings);
  if (connection) return connection.prepare(sql).run(...sqliteValues(bindings)).changes;
  const result: { changes: number } | { rowCount: number | null } = await db.raw(sql, [
    ...bindings,
  ] as Knex.RawBinding[]);
  return 'changes' in result ? result.changes : (result.rowCount ?? 0);
}

/** The first row of a hot read (the door's lookup of a scanned ticket), run the way `selectRows` runs it. */
export async function firstRow<Row>(
  db: Knex,
  sql: string,
  bindings: readonly SqlValue[],
): Promise<Row | undefined> {
  const connection = idleOrOwnConnection(db, sql, bindings);
  if (connection) return connection.prepare<unknown[], Row>(sql).get(...sqliteValues(bindings));
  return (await selectRows<Row>(db, sql, bindings))[0];
}

/** The connection to run `sql` on directly, announced to the `query` listeners as knex announces its own; or null. */
function idleOrOwnConnection(
  db: Knex,
  sql: string,
  bindings: readonly SqlValue[],
): BetterSqlite3.Database | null {
  const client = db.client as { config?: object; pool?: { numUsed(): number } | undefined };
  const held = client.config ? heldConnections.get(client.config) : undefined;
  const connection = held?.connection;
  if (!held || !connection?.open) return null;
  const transaction = db as { isTransaction?: boolean; isCompleted?: () => boolean };
  const direct = transaction.isTransaction
    ? transaction.isCompleted?.() === false
    : client.pool?.numUsed() === 0;
  if (!direct) return null;
  if (held.db.listenerCount('query') > 0) {
    const { __knexUid, __knexTxId } = connection as unknown as Record<string, unknown>;
    held.db.emit('query', { method: 'raw', sql, bindings, __knexUid, __knexTxId });
  }
  return connection;
}

function sqliteValues(values: readonly SqlValue[]): unknown[] {
  return values.map((value) =>
    typeof value === 'boolean' ? Number(value) : value instanceof Date ? value.valueOf() : value,
  );
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

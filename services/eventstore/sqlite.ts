import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import Database from 'better-sqlite3';
import {
  abortableIterable,
  checkExpected,
  enqueueAppend,
  normaliseLimit,
  SharedReads,
  Wakeup,
  type QueuedAppend,
} from './internal';
import { DuplicateEventIdError, wallClock, WrongExpectedRevisionError } from './port';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  EventStoreOptions,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SerialisedEvent,
  RecordingClock,
  SubscribeOptions,
} from './port';

export interface SqliteEventStoreOptions extends EventStoreOptions {
  /** How often an idle subscriber re-reads, so appends by another process on the same file are seen. */
  pollIntervalMs?: number;
  /** Rows per read while catching up. */
  pageSize?: number;
  /** How long a writer waits for another process's write lock before the batch fails. */
  busyTimeoutMs?: number;
}

export interface SqliteEventStoreStats {
  /** Committed group-commit transactions. */
  transactions: number;
  /** Appends that went through those transactions, successful or not. */
  appends: number;
  /** Events written. */
  events: number;
  /** Largest number of appends committed in one transaction. */
  largestBatch: number;
}

export interface SqliteEventStore extends EventStore {
  readonly kind: 'sqlite';
  readonly stats: Readonly<SqliteEventStoreStats>;
  /** The underlying connection, for diagnostics (PRAGMA checks); do not write through it. */
  readonly database: Database.Database;
}

/** Rows are read as arrays (`raw` mode): about twice as fast as objects, which matters for catch-up. */
type EventRow = [
  position: number,
  id: string,
  stream: string,
  revision: number,
  type: string,
  data: string,
  metadata: string,
  recordedAt: number,
];

interface IdRow {
  stream: string;
  revision: number;
  position: number;
}

interface TailRow {
  revision: number;
  position: number;
}

type PendingAppend = QueuedAppend;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS es_events (
  position    INTEGER PRIMARY KEY AUTOINCREMENT,
  id          TEXT    NOT NULL UNIQUE,
  stream      TEXT    NOT NULL,
  revision    INTEGER NOT NULL,
  type        TEXT    NOT NULL,
  data        TEXT    NOT NULL,
  metadata    TEXT    NOT NULL,
  recorded_at INTEGER NOT NULL,
  UNIQUE (stream, revision)
);
`;

const COLUMNS = 'position, id, stream, revision, type, data, metadata, recorded_at';

export function openSqliteEventStore(
  file: string,
  options: SqliteEventStoreOptions = {},
): Promise<SqliteEventStore> {
  return Promise.resolve(new SqliteStore(file, options));
}

function toRecorded([
  position,
  id,
  stream,
  revision,
  type,
  data,
  metadata,
  recordedAt,
]: EventRow): RecordedEvent {
  return {
    id,
    stream,
    revision: BigInt(revision),
    position: BigInt(position),
    type,
    data: JSON.parse(data) as unknown,
    metadata: JSON.parse(metadata) as EventMetadata,
    recordedAt: new Date(recordedAt),
  };
}

class SqliteStore implements SqliteEventStore {
  readonly kind = 'sqlite' as const;
  readonly stats: SqliteEventStoreStats = { transactions: 0, appends: 0, events: 0, largestBatch: 0 };
  readonly database: Database.Database;

  readonly #pollIntervalMs: number;
  readonly #pageSize: number;
  readonly #clock: RecordingClock;
  readonly #wakeup = new Wakeup();
  readonly #closing = new AbortController();
  readonly #shared: SharedReads;
  /** The last position this connection wrote: a subscriber behind it has more to read at once. */
  #lastWritten = 0n;
  #queue: PendingAppend[] = [];
  #flushScheduled = false;
  #closed = false;

  readonly #statements: {
    begin: Database.Statement;
    commit: Database.Statement;
    rollback: Database.Statement;
    savepoint: Database.Statement;
    release: Database.Statement;
    rollbackTo: Database.Statement;
    byId: Database.Statement<[string], IdRow>;
    tail: Database.Statement<[string], TailRow>;
    insert: Database.Statement<[string, string, number, string, string, string, number]>;
    head: Database.Statement<[], { head: number | null }>;
    after: Database.Statement<[number, number], EventRow>;
    streamForwards: Database.Statement<[string, number, number], EventRow>;
    streamBackwards: Database.Statement<[string, number, number], EventRow>;
  };

  constructor(file: string, options: SqliteEventStoreOptions) {
    this.#pollIntervalMs = options.pollIntervalMs ?? 250;
    this.#pageSize = options.pageSize ?? 2000;
    this.#clock = options.clock ?? wallClock;
    const db = new Database(file);
    try {
      db.pragma('journal_mode = WAL');
      // FULL: in WAL mode NORMAL may lose the last commits on power loss; a committed append must survive.
      db.pragma('synchronous = FULL');
      db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
      db.exec(SCHEMA);
    } catch (error) {
      db.close();
      throw error;
    }
    this.database = db;
    this.#shared = new SharedReads(2 * this.#pageSize, (after, limit) =>
      Promise.resolve(this.#statements.after.all(Number(after), limit).map(toRecorded)),
    );
    this.#statements = {
      begin: db.prepare('BEGIN IMMEDIATE'),
      commit: db.prepare('COMMIT'),
      rollback: db.prepare('ROLLBACK'),
      savepoint: db.prepare('SAVEPOINT append'),
      release: db.prepare('RELEASE append'),
      rollbackTo: db.prepare('ROLLBACK TO append'),
      byId: db.prepare<[string], IdRow>('SELECT stream, revision, position FROM es_events WHERE id = ?'),
      tail: db.prepare<[string], TailRow>(
        'SELECT revision, position FROM es_events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
      ),
      insert: db.prepare(
        'INSERT INTO es_events (id, stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      head: db.prepare<[], { head: number | null }>('SELECT max(position) AS head FROM es_events'),
      after: db
        .prepare<[number, number], EventRow>(
          `SELECT ${COLUMNS} FROM es_events WHERE position > ? ORDER BY position LIMIT ?`,
        )
        .raw(true),
      streamForwards: db
        .prepare<[string, number, number], EventRow>(
          `SELECT ${COLUMNS} FROM es_events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?`,
        )
        .raw(true),
      streamBackwards: db
        .prepare<[string, number, number], EventRow>(
          `SELECT ${COLUMNS} FROM es_events WHERE stream = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
        )
        .raw(true),
    };
  }

  append(
    stream: string,
    events: readonly NewEvent[],
    options: { expected: ExpectedRevision },
  ): Promise<AppendResult> {
    return enqueueAppend(this.#closed, stream, events, options.expected, (append) => {
      this.#queue.push(append);
      if (!this.#flushScheduled) {
        this.#flushScheduled = true;
        // setImmediate rather than a microtask: writers resumed by the previous batch re-append from their own
        // microtask continuations, and all of them should land in the next batch.
        setImmediate(() => this.#flush());
      }
    });
  }

  #flush(): void {
    this.#flushScheduled = false;
    const batch = this.#queue;
    this.#queue = [];
    if (batch.length === 0) return;
    const outcomes: Array<{ ok: true; result: AppendResult } | { ok: false; error: unknown }> = [];
    const s = this.#statements;
    const recordedAt = this.#clock.now().getTime();
    let written = 0;
    try {
      s.begin.run();
      try {
        for (const pending of batch) {
          // A single INSERT that fails undoes itself (statement atomicity); only multi-event appends need a savepoint.
          const savepoint = pending.events.length > 1;
          if (savepoint) s.savepoint.run();
          try {
            const result = this.#applyOne(pending, recordedAt);
            if (savepoint) s.release.run();
            written += pending.events.length;
            outcomes.push({ ok: true, result });
          } catch (error) {
            if (savepoint) {
              s.rollbackTo.run();
              s.release.run();
            }
            outcomes.push({ ok: false, error });
          }
        }
        s.commit.run();
      } catch (error) {
        if (this.database.inTransaction) s.rollback.run();
        throw error;
      }
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    this.stats.transactions++;
    this.stats.appends += batch.length;
    this.stats.events += written;
    this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
    for (const outcome of outcomes)
      if (outcome.ok && outcome.result.position > this.#lastWritten)
        this.#lastWritten = outcome.result.position;
    if (written > 0) this.#wakeup.notify();
    batch.forEach((pending, index) => {
      const outcome = outcomes[index];
      if (outcome === undefined) pending.reject(new Error('append outcome missing'));
      else if (outcome.ok) pending.resolve(outcome.result);
      else pending.reject(outcome.error);
    });
  }

  /** Runs inside the group transaction; throwing undoes only this append (see the savepoint in #flush). */
  #applyOne({ stream, events, expected }: PendingAppend, recordedAt: number): AppendResult {
    const s = this.#statements;
    const first = events[0];
    if (first !== undefined) {
      const existing = s.byId.get(first.id);
      if (existing !== undefined) return this.#retried(stream, events, expected, existing);
    }
    const tail = s.tail.get(stream);
    checkExpected(stream, expected, tail === undefined ? undefined : BigInt(tail.revision));
    if (events.length === 0) {
      return tail === undefined
        ? { nextRevision: -1n, position: 0n }
        : { nextRevision: BigInt(tail.revision), position: BigInt(tail.position) };
    }
    let revision = tail?.revision ?? -1;
    let position = 0n;
    for (const event of events) {
      revision++;
      try {
        const info = s.insert.run(
          event.id,
          stream,
          revision,
          event.type,
          event.data,
          event.metadata,
          recordedAt,
        );
        position = BigInt(info.lastInsertRowid);
      } catch (error) {
        if (isUniqueViolation(error, 'es_events.id')) {
          const holder = s.byId.get(event.id);
          if (holder?.stream === stream) {
            throw new WrongExpectedRevisionError(
              stream,
              expected,
              tail === undefined ? 'no_stream' : BigInt(tail.revision),
            );
          }
          throw new DuplicateEventIdError(event.id, stream, holder?.stream);
        }
        throw error;
      }
    }
    return { nextRevision: BigInt(revision), position };
  }

  /** The first id is already stored: either an exact retry (answer as before) or a conflicting overlap. */
  #retried(
    stream: string,
    events: SerialisedEvent[],
    expected: ExpectedRevision,
    first: IdRow,
  ): AppendResult {
    const s = this.#statements;
    let last = first;
    let exact = first.stream === stream;
    for (let index = 1; exact && index < events.length; index++) {
      const row = s.byId.get((events[index] as SerialisedEvent).id);
      exact = row !== undefined && row.stream === stream && row.revision === first.revision + index;
      if (row !== undefined) last = row;
    }
    if (exact) return { nextRevision: BigInt(last.revision), position: BigInt(last.position) };
    if (first.stream !== stream)
      throw new DuplicateEventIdError((events[0] as SerialisedEvent).id, stream, first.stream);
    const tail = s.tail.get(stream);
    throw new WrongExpectedRevisionError(
      stream,
      expected,
      tail === undefined ? 'no_stream' : BigInt(tail.revision),
    );
  }

  readStream(stream: string, options: ReadStreamOptions = {}): AsyncIterable<RecordedEvent> {
    return this.#streamPages(stream, options);
  }

  async *#streamPages(
    stream: string,
    options: ReadStreamOptions,
  ): AsyncGenerator<RecordedEvent, void, undefined> {
    const backwards = options.backwards ?? false;
    const statement = backwards ? this.#statements.streamBackwards : this.#statements.streamForwards;
    let remaining = normaliseLimit(options.limit);
    let cursor = options.from ?? (backwards ? BigInt(Number.MAX_SAFE_INTEGER) : 0n);
    while (remaining > 0) {
      const size = Math.min(remaining, this.#pageSize);
      const rows = statement.all(stream, Number(cursor), size);
      for (const row of rows) yield toRecorded(row);
      remaining -= rows.length;
      const lastRow = rows.at(-1);
      if (rows.length < size || lastRow === undefined) return;
      cursor = backwards ? BigInt(lastRow[3]) - 1n : BigInt(lastRow[3]) + 1n;
      if (cursor < 0n) return;
      // Reads are synchronous: let writers and timers run between pages of a long read.
      await yieldToEventLoop();
    }
  }

  readAll(options: ReadAllOptions = {}): AsyncIterable<RecordedEvent> {
    return this.#allPages(options);
  }

  async *#allPages(options: ReadAllOptions): AsyncGenerator<RecordedEvent, void, undefined> {
    let remaining = normaliseLimit(options.limit);
    let after = Number(options.after ?? 0n);
    while (remaining > 0) {
      const size = Math.min(remaining, this.#pageSize);
      const rows = this.#statements.after.all(after, size);
      for (const row of rows) yield toRecorded(row);
      remaining -= rows.length;
      const lastRow = rows.at(-1);
      if (rows.length < size || lastRow === undefined) return;
      after = lastRow[0];
      await yieldToEventLoop();
    }
  }

  subscribe(options: SubscribeOptions = {}): AsyncIterable<RecordedEvent> {
    return abortableIterable(options.signal, (signal) => this.#follow(options, signal));
  }

  async *#follow(
    options: SubscribeOptions,
    signal: AbortSignal,
  ): AsyncGenerator<RecordedEvent, void, undefined> {
    const types = options.types ? new Set(options.types) : undefined;
    const stop = AbortSignal.any([signal, this.#closing.signal]);
    let checkpoint = options.after ?? 0n;
    while (!stop.aborted) {
      const seen = this.#wakeup.version;
      const events = await this.#shared.after(checkpoint, this.#pageSize);
      for (const event of events) {
        if (stop.aborted) return;
        checkpoint = event.position;
        if (types !== undefined && !types.has(event.type)) continue;
        yield event;
      }
      if (events.length === this.#pageSize) await yieldToEventLoop();
      else if (!this.#moreToRead(events, checkpoint, seen))
        await this.#wakeup.wait(this.#pollIntervalMs, stop);
    }
  }

  /**
   * After a short read: an append committed while the events were handed over, or remembered events ended
   * before what this connection wrote. An empty read with no append since waits.
   */
  #moreToRead(events: readonly RecordedEvent[], checkpoint: bigint, seen: number): boolean {
    if (this.#wakeup.version !== seen) return true;
    return events.length > 0 && checkpoint < this.#lastWritten;
  }

  head(): Promise<bigint> {
    try {
      return Promise.resolve(BigInt(this.#statements.head.get()?.head ?? 0));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  close(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    // Appends already accepted are written before the connection goes away.
    if (this.#queue.length > 0) this.#flush();
    this.#closed = true;
    this.#closing.abort();
    this.database.close();
    return Promise.resolve();
  }
}

function isUniqueViolation(error: unknown, column: string): boolean {
  return (
    error instanceof Error &&
    (error as Error & { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    error.message.includes(column)
  );
}

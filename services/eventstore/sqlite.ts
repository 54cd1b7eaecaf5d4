import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import {
  abortableIterable,
  enqueueAppend,
  HeadWatch,
  idleRereadPolls,
  normaliseLimit,
  readAgainAtOnce,
  SharedReads,
  Wakeup,
  type QueuedAppend,
} from './internal';
import { platformEventVersions } from './eventVersions';
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
  /** Reads of the log after a position (subscribers', shared while they are at the same position). */
  logReads: number;
  /** Checks of the log's head while subscribers wait, one per poll interval for all of them. */
  headPolls: number;
  /** Reads of a stream from the database. */
  streamReads: number;
  /** Reads of a stream answered "nothing after this" from the stream tails this process knows, without a query. */
  knownTailReads: number;
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
  return platformEventVersions.upcast({
    id,
    stream,
    revision: BigInt(revision),
    position: BigInt(position),
    type,
    data: JSON.parse(data) as unknown,
    metadata: JSON.parse(metadata) as EventMetadata,
    recordedAt: new Date(recordedAt),
  });
}

class SqliteStore implements SqliteEventStore {
  readonly kind = 'sqlite' as const;
  readonly stats: SqliteEventStoreStats = {
    transactions: 0,
    appends: 0,
    events: 0,
    largestBatch: 0,
    logReads: 0,
    headPolls: 0,
    streamReads: 0,
    knownTailReads: 0,
  };
  readonly database: Database.Database;

  readonly #pollIntervalMs: number;
  readonly #pageSize: number;
  readonly #clock: RecordingClock;
  readonly #wakeup = new Wakeup();
  readonly #closing = new AbortController();
  readonly #shared: SharedReads;
  /** The last position this connection wrote: a subscriber behind it has more to read at once. */
  #lastWritten = 0n;
  readonly #headWatch: HeadWatch;
  #queue: PendingAppend[] = [];
  #flushScheduled = false;
  #closed = false;
  /**
   * Writes on a thread of its own (sqliteWriter.mjs). Up to two batches are there at once, so the writer starts
   * the next one while the answer to the last travels back; it writes them in order.
   */
  readonly #writer: Worker;
  readonly #writing: PendingAppend[][] = [];
  #writerFailure: Error | null = null;
  readonly #writerGone: Promise<void>;
  #drained: (() => void) | null = null;
  readonly #tails: KnownTails;

  readonly #statements: {
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
    this.#writer = new Worker(new URL('./sqliteWriter.mjs', import.meta.url), {
      workerData: { file, busyTimeoutMs: options.busyTimeoutMs ?? 5000 },
    });
    this.#writer.unref();
    this.#writer.on('message', (answer: WriterAnswer) => this.#written(answer));
    this.#writer.on('error', (error) => this.#writerDied(error));
    this.#writerGone = new Promise((resolve) =>
      this.#writer.once('exit', () => {
        this.#writerDied(new Error('event store is closed'));
        resolve();
      }),
    );
    this.#shared = new SharedReads(2 * this.#pageSize, (after, limit) => {
      this.stats.logReads++;
      return Promise.resolve(this.#statements.after.all(Number(after), limit).map(toRecorded));
    });
    this.#statements = {
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
    this.#tails = new KnownTails(this.#pollIntervalMs, () => this.#statements.head.get()?.head ?? 0);
    this.#headWatch = new HeadWatch(
      this.#pollIntervalMs,
      () => {
        this.stats.headPolls++;
        return this.head();
      },
      this.#wakeup,
    );
  }

  append(
    stream: string,
    events: readonly NewEvent[],
    options: { expected: ExpectedRevision },
  ): Promise<AppendResult> {
    return enqueueAppend(this.#closed, stream, events, options.expected, (append) => {
      if (this.#writerFailure) {
        append.reject(this.#writerFailure);
        return;
      }
      this.#queue.push(append);
      if (!this.#flushScheduled && this.#writing.length < batchesInFlight) {
        this.#flushScheduled = true;
        // setImmediate rather than a microtask: writers resumed by the previous batch re-append from their own
        // microtask continuations, and all of them should land in the next batch.
        setImmediate(() => this.#flush());
      }
    });
  }

  /** Hands the queued appends to the writer thread as one transaction, unless two batches are there already. */
  #flush(): void {
    this.#flushScheduled = false;
    if (this.#writing.length >= batchesInFlight || this.#queue.length === 0) {
      if (this.#writing.length === 0 && this.#queue.length === 0) this.#drained?.();
      return;
    }
    const batch = this.#queue;
    this.#queue = [];
    this.#writing.push(batch);
    this.#writer.ref();
    this.#writer.postMessage({
      recordedAt: this.#clock.now().getTime(),
      batch: batch.map(({ stream, events, expected }) => ({
        stream,
        events,
        expected: typeof expected === 'bigint' ? expected.toString() : expected,
      })),
    });
  }

  #written(answer: WriterAnswer): void {
    const batch = this.#writing.shift() ?? [];
    if (this.#writing.length === 0) this.#writer.unref();
    if ('failed' in answer) {
      const error = writerError(answer.failed, batch[0]);
      for (const pending of batch) pending.reject(error);
    } else {
      let written = 0;
      this.#tails.committed(Number(answer.head), answer.foreignBefore);
      batch.forEach((pending, index) => {
        const outcome = answer.outcomes[index];
        if (outcome === undefined) pending.reject(new Error('append outcome missing'));
        else if (outcome.ok) {
          this.#tails.learn(pending.stream, Number(outcome.tail));
          const position = BigInt(outcome.position);
          if (position > this.#lastWritten) this.#lastWritten = position;
          this.#headWatch.saw(position);
          written += pending.events.length;
          pending.resolve({ nextRevision: BigInt(outcome.nextRevision), position });
        } else pending.reject(writerError(outcome.error, pending));
      });
      this.stats.transactions++;
      this.stats.appends += batch.length;
      this.stats.events += written;
      this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
      // Subscribers wake on the next turn of the event loop, so the appenders resumed above answer their requests
      // first instead of sharing every microtask step with some thirty projections and reactors reading the new
      // events: 0.5 ms less between a lone scan's append and its answer at the door.
      if (written > 0) setImmediate(() => this.#wakeup.notify());
    }
    this.#flush();
  }

  /** The writer thread died: what it held and everything after is refused with its error. */
  #writerDied(error: Error): void {
    this.#writerFailure ??= error;
    for (const pending of [...this.#writing.flat(), ...this.#queue]) pending.reject(this.#writerFailure);
    this.#writing.length = 0;
    this.#queue = [];
    this.#drained?.();
  }

  readStream(stream: string, options: ReadStreamOptions = {}): AsyncIterable<RecordedEvent> {
    return this.#streamPages(stream, options);
  }

  async *#streamPages(
    stream: string,
    options: ReadStreamOptions,
  ): AsyncGenerator<RecordedEvent, void, undefined> {
    const backwards = options.backwards ?? false;
    if (!backwards && options.from !== undefined && this.#tails.nothingFrom(stream, Number(options.from))) {
      this.stats.knownTailReads++;
      return;
    }
    const statement = backwards ? this.#statements.streamBackwards : this.#statements.streamForwards;
    let remaining = normaliseLimit(options.limit);
    let cursor = options.from ?? (backwards ? BigInt(Number.MAX_SAFE_INTEGER) : 0n);
    while (remaining > 0) {
      const size = Math.min(remaining, this.#pageSize);
      this.stats.streamReads++;
      const rows = statement.all(stream, Number(cursor), size);
      const lastRow = rows.at(-1);
      // Read to its end: the stream holds nothing after its last row (or before `cursor`, when it returned none).
      if (!backwards && rows.length < size)
        this.#tails.learn(stream, lastRow ? lastRow[3] : Number(cursor) - 1);
      for (const row of rows) yield toRecorded(row);
      remaining -= rows.length;
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
    const relevant = options.relevant ? new Set(options.relevant) : undefined;
    const stop = AbortSignal.any([signal, this.#closing.signal]);
    let checkpoint = options.after ?? 0n;
    const unwatch = this.#headWatch.enter();
    try {
      while (!stop.aborted) {
        const seen = this.#wakeup.version;
        const events = await this.#shared.after(checkpoint, this.#pageSize);
        const last = events.at(-1);
        for (const event of events) {
          if (stop.aborted) return;
          checkpoint = event.position;
          if (types !== undefined && !types.has(event.type)) continue;
          // Passed over, except the read's last event: the subscriber's position still moves to it.
          if (relevant !== undefined && !relevant.has(event.type) && event !== last) continue;
          yield event;
        }
        if (events.length === this.#pageSize) await yieldToEventLoop();
        else if (
          !readAgainAtOnce({ events: events.length, checkpoint, seen }, this.#wakeup, this.#knownHead())
        )
          // Woken by an append of this process or by the head watch; the timeout is only a safety net.
          await this.#wakeup.wait(this.#pollIntervalMs * idleRereadPolls, stop);
      }
    } finally {
      unwatch();
    }
  }

  /** The furthest position this process knows the log holds: its own appends and the head watch's. */
  #knownHead(): bigint {
    return this.#headWatch.head > this.#lastWritten ? this.#headWatch.head : this.#lastWritten;
  }

  head(): Promise<bigint> {
    try {
      return Promise.resolve(BigInt(this.#statements.head.get()?.head ?? 0));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    // Appends already accepted are written before the connection goes away.
    if (this.#writing.length > 0 || this.#queue.length > 0) {
      const drained = new Promise<void>((resolve) => (this.#drained = resolve));
      this.#flush();
      await drained;
    }
    this.#closing.abort();
    // Held until the writer has closed its connection and exited, even in a process with nothing else to do.
    this.#writer.ref();
    this.#writer.postMessage({ close: true });
    await this.#writerGone;
    this.database.close();
  }
}

const batchesInFlight = 2;

type WriterRefusal =
  | { kind: 'wrong_expected'; stream: string; expected: string; actual: string }
  | { kind: 'duplicate'; id: string; stream: string; existingStream?: string }
  | { kind: 'failed'; message: string; code?: string };

type WriterAnswer =
  | {
      outcomes: (
        | { ok: true; nextRevision: string; position: string; tail: string }
        | { ok: false; error: WriterRefusal }
      )[];
      head: string;
      foreignBefore: boolean;
    }
  | { failed: WriterRefusal };

/** Streams remembered at most (as many as the command handler keeps folded); the least recently learned go first. */
const knownTailsLimit = 10_000;

/**
 * The last revision of the streams this process appended to or read to their end, so that the command handler's
 * catch-up read of a stream it folded a moment ago ("anything after revision n?") is answered without a query. Each
 * read from the database after another connection's commit (the writer thread's included) starts from an emptied
 * page cache; the query cost four times what it costs on a quiet database, several times per request.
 *
 * A remembered tail is never below the stream's real one while only this process writes: its own appends update it,
 * and its writer thread tells when another connection wrote before one of its batches. Another process appending
 * between two of this process's batches is noticed by checking the log's head against the last one this process
 * accounted for, at most once per poll interval: until then a read may miss that process's newest events, as the
 * read models may. An append decided on such a read is still refused by its expected revision and decided again.
 */
class KnownTails {
  readonly #tails = new Map<string, number>();
  /** The log's head when the tails were last known complete, and when that was checked. */
  #head = -1;
  #checkedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly checkEveryMs: number,
    private readonly readHead: () => number,
  ) {}

  /** True when `stream` surely holds no revision at or after `from` (the caller may skip the query). */
  nothingFrom(stream: string, from: number): boolean {
    const tail = this.#tails.get(stream);
    if (tail === undefined || from <= tail) return false;
    const now = performance.now();
    if (now - this.#checkedAt <= this.checkEveryMs) return true;
    const head = this.readHead();
    this.#checkedAt = now;
    if (head === this.#head) return true;
    // Another connection wrote (or this process's last batch is not yet accounted for): start over.
    this.#tails.clear();
    this.#head = head;
    return false;
  }

  /** `stream`'s last revision (-1: none) as of now, from an append's answer or a read to the stream's end. */
  learn(stream: string, tail: number): void {
    this.#tails.delete(stream);
    this.#tails.set(stream, tail);
    if (this.#tails.size > knownTailsLimit) this.#tails.delete(this.#tails.keys().next().value!);
  }

  /** The writer thread committed a batch, after which the log's head is `head`. */
  committed(head: number, foreignBefore: boolean): void {
    if (foreignBefore) this.#tails.clear();
    if (foreignBefore || head > this.#head) this.#head = head;
  }
}

/** The writer thread's refusal as the error the port promises. */
function writerError(refusal: WriterRefusal, append: PendingAppend | undefined): Error {
  switch (refusal.kind) {
    case 'wrong_expected':
      return new WrongExpectedRevisionError(
        refusal.stream,
        append?.expected ?? 'any',
        refusal.actual === 'no_stream' ? 'no_stream' : BigInt(refusal.actual),
      );
    case 'duplicate':
      return new DuplicateEventIdError(refusal.id, refusal.stream, refusal.existingStream);
    default:
      return Object.assign(new Error(refusal.message), refusal.code ? { code: refusal.code } : {});
  }
}

import pg from 'pg';
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
import { platformEventVersions } from './eventVersions';
import { sleep } from '../kit/sleep';
import { CHANNEL, SCHEMA } from './postgresSchema';

export interface PostgresEventStoreOptions extends EventStoreOptions {
  /** Pool size for appends and reads; the LISTEN connection comes on top. */
  poolSize?: number;
  /** How often an idle subscriber re-reads even without a notification. */
  pollIntervalMs?: number;
  pageSize?: number;
  /**
   * Wake subscribers through LISTEN/NOTIFY (default true). Turn off where LISTEN cannot work, e.g. behind a
   * transaction-pooling PgBouncer; subscribers then rely on polling alone.
   */
  listen?: boolean;
}

export interface PostgresEventStoreStats {
  /** Group-commit batches written (one transaction each). */
  transactions: number;
  /** Appends that went through those batches, successful or not. */
  appends: number;
  /** Largest number of appends written in one batch. */
  largestBatch: number;
  /** Successful LISTEN (re)connections. */
  listenConnects: number;
  /** Notifications received on the LISTEN connection. */
  notifications: number;
  /** Reads of the log after a position (subscribers', shared while they are at the same position). */
  logReads: number;
  /** Checks of the log's head while subscribers wait, one per poll interval for all of them. */
  headPolls: number;
}

export interface PostgresEventStore extends EventStore {
  readonly kind: 'postgres';
  readonly stats: Readonly<PostgresEventStoreStats>;
}

/** Serialises schema creation when several processes open the same database at once. */
const SCHEMA_LOCK = 0x65_76_73_73;
/** Bounds one batch, so a burst becomes several round trips rather than one huge statement. */
const MAX_BATCH_APPENDS = 500;
const MAX_BATCH_EVENTS = 5000;

const COLUMNS =
  'position, id, stream, revision, type, data::text AS data, metadata::text AS metadata, recorded_at';

type PendingAppend = QueuedAppend;

interface BatchRow {
  next_revision: string | null;
  last_position: string | null;
  error_code: string | null;
  error_detail: string | null;
  error_hint: string | null;
}

interface EventRow {
  position: string;
  id: string;
  stream: string;
  revision: string;
  type: string;
  data: string;
  metadata: string;
  recorded_at: Date;
}

/** Errors that say the connection, not the query, failed: worth retrying. */
function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || code.startsWith('57P'))) return true;
  if (typeof code === 'string' && ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT'].includes(code))
    return true;
  return /Connection terminated|connection timeout/i.test(error.message);
}

function toRecorded(row: EventRow): RecordedEvent {
  return platformEventVersions.upcast({
    id: row.id,
    stream: row.stream,
    revision: BigInt(row.revision),
    position: BigInt(row.position),
    type: row.type,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as EventMetadata,
    recordedAt: row.recorded_at,
  });
}

export async function openPostgresEventStore(
  url: string,
  options: PostgresEventStoreOptions = {},
): Promise<PostgresEventStore> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // An idle pooled connection that dies (server restart, terminated backend) is dropped by the pool; without a
  // listener the 'error' event would crash the process.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
      try {
        await client.query(SCHEMA);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]);
      }
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return new PostgresStore(url, pool, options);
}

class PostgresStore implements PostgresEventStore {
  readonly kind = 'postgres' as const;
  readonly stats: PostgresEventStoreStats = {
    transactions: 0,
    appends: 0,
    largestBatch: 0,
    listenConnects: 0,
    logReads: 0,
    headPolls: 0,
    notifications: 0,
  };

  readonly #url: string;
  readonly #pool: pg.Pool;
  readonly #pollIntervalMs: number;
  readonly #pageSize: number;
  readonly #clock: RecordingClock;
  readonly #wakeup = new Wakeup();
  readonly #closing = new AbortController();
  readonly #shared: SharedReads;
  /** The highest position known committed (own appends, notifications): a subscriber behind it reads at once. */
  #knownHead = 0n;
  readonly #headWatch: HeadWatch;
  #closed = false;
  #listener: pg.Client | undefined;
  #listenerWanted = false;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #reconnectDelayMs = 100;
  #connecting: Promise<void> | undefined;
  readonly #listen: boolean;
  readonly #inFlight = new Set<Promise<void>>();
  #queue: PendingAppend[] = [];
  #flushScheduled = false;
  #flushing: Promise<void> | undefined;

  constructor(url: string, pool: pg.Pool, options: PostgresEventStoreOptions) {
    this.#url = url;
    this.#pool = pool;
    this.#pollIntervalMs = options.pollIntervalMs ?? 300;
    this.#pageSize = options.pageSize ?? 2000;
    this.#clock = options.clock ?? wallClock;
    this.#listen = options.listen ?? true;
    this.#headWatch = new HeadWatch(
      this.#pollIntervalMs,
      () => {
        this.stats.headPolls++;
        return this.head();
      },
      this.#wakeup,
    );
    this.#shared = new SharedReads(2 * this.#pageSize, async (after, limit) => {
      this.stats.logReads++;
      return (await this.#page(after, limit)).map(toRecorded);
    });
  }

  append(
    stream: string,
    events: readonly NewEvent[],
    options: { expected: ExpectedRevision },
  ): Promise<AppendResult> {
    return enqueueAppend(this.#closed, stream, events, options.expected, (append) => {
      this.#queue.push(append);
      this.#scheduleFlush();
    });
  }

  /**
   * Group commit: appends that arrive while a batch is being written go out together in the next one, so the
   * global lock, the round trip and the commit are paid once per batch rather than once per append.
   */
  #scheduleFlush(): void {
    if (this.#flushing !== undefined || this.#flushScheduled) return;
    this.#flushScheduled = true;
    setImmediate(() => {
      this.#flushScheduled = false;
      void this.#startDrain();
    });
  }

  #startDrain(): Promise<void> {
    if (this.#flushing === undefined) {
      this.#flushing = this.#drain().finally(() => {
        this.#flushing = undefined;
        if (this.#queue.length > 0) this.#scheduleFlush();
      });
    }
    return this.#flushing;
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      let events = 0;
      let take = 0;
      while (take < this.#queue.length && take < MAX_BATCH_APPENDS && events < MAX_BATCH_EVENTS) {
        events += (this.#queue[take] as PendingAppend).events.length;
        take++;
      }
      await this.#writeBatch(this.#queue.splice(0, take));
    }
  }

  async #writeBatch(batch: PendingAppend[]): Promise<void> {
    const all = batch.flatMap((pending) => pending.events);
    let rows: BatchRow[];
    try {
      // Not through #query: appends accepted before close() are still written while it waits for them.
      ({ rows } = await this.#pool.query<BatchRow>({
        name: 'es_append_batch',
        text: 'SELECT * FROM es_append_batch($1, $2, $3, $4, $5, $6, $7, $8)',
        values: [
          batch.map((pending) => pending.stream),
          batch.map(({ expected }) => (typeof expected === 'bigint' ? expected.toString() : expected)),
          batch.map((pending) => pending.events.length),
          all.map((event) => event.id),
          all.map((event) => event.type),
          all.map((event) => event.data),
          all.map((event) => event.metadata),
          this.#clock.now(),
        ],
      }));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    this.stats.transactions++;
    this.stats.appends += batch.length;
    this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
    batch.forEach((pending, index) => {
      const row = rows[index];
      if (row === undefined) pending.reject(new Error('es_append_batch returned too few rows'));
      else if (row.error_code === 'EV409') {
        const actual =
          row.error_detail === null || row.error_detail === 'no_stream'
            ? 'no_stream'
            : BigInt(row.error_detail);
        pending.reject(new WrongExpectedRevisionError(pending.stream, pending.expected, actual));
      } else if (row.error_code === 'EV410') {
        pending.reject(
          new DuplicateEventIdError(row.error_detail ?? '', pending.stream, row.error_hint ?? undefined),
        );
      } else if (row.error_code !== null || row.next_revision === null || row.last_position === null) {
        pending.reject(new Error(`es_append_batch: unexpected result ${JSON.stringify(row)}`));
      } else {
        const position = BigInt(row.last_position);
        if (position > this.#knownHead) this.#knownHead = position;
        pending.resolve({ nextRevision: BigInt(row.next_revision), position });
      }
    });
  }

  readStream(stream: string, options: ReadStreamOptions = {}): AsyncIterable<RecordedEvent> {
    return this.#streamPages(stream, options);
  }

  async *#streamPages(
    stream: string,
    options: ReadStreamOptions,
  ): AsyncGenerator<RecordedEvent, void, undefined> {
    const backwards = options.backwards ?? false;
    let remaining = normaliseLimit(options.limit);
    let cursor: bigint | undefined = options.from;
    while (remaining > 0) {
      const size = Math.min(remaining, this.#pageSize);
      const { rows } = await this.#query<EventRow>({
        name: backwards ? 'es_stream_backwards' : 'es_stream_forwards',
        text: backwards
          ? `SELECT ${COLUMNS} FROM es_events WHERE stream = $1 AND ($2::bigint IS NULL OR revision <= $2) ORDER BY revision DESC LIMIT $3`
          : `SELECT ${COLUMNS} FROM es_events WHERE stream = $1 AND revision >= coalesce($2::bigint, 0) ORDER BY revision LIMIT $3`,
        values: [stream, cursor?.toString() ?? null, size],
      });
      for (const row of rows) yield toRecorded(row);
      remaining -= rows.length;
      const lastRow = rows.at(-1);
      if (rows.length < size || lastRow === undefined) return;
      cursor = BigInt(lastRow.revision) + (backwards ? -1n : 1n);
      if (cursor < 0n) return;
    }
  }

  readAll(options: ReadAllOptions = {}): AsyncIterable<RecordedEvent> {
    return this.#allPages(options);
  }

  async *#allPages(options: ReadAllOptions): AsyncGenerator<RecordedEvent, void, undefined> {
    let remaining = normaliseLimit(options.limit);
    let after = options.after ?? 0n;
    while (remaining > 0) {
      const size = Math.min(remaining, this.#pageSize);
      const rows = await this.#page(after, size);
      for (const row of rows) yield toRecorded(row);
      remaining -= rows.length;
      const lastRow = rows.at(-1);
      if (rows.length < size || lastRow === undefined) return;
      after = BigInt(lastRow.position);
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
    this.#ensureListener();
    let checkpoint = options.after ?? 0n;
    let retryDelayMs = 100;
    const unwatch = this.#headWatch.enter();
    try {
      while (!stop.aborted) {
        const seen = this.#wakeup.version;
        let events: readonly RecordedEvent[];
        try {
          events = await this.#shared.after(checkpoint, this.#pageSize);
          retryDelayMs = 100;
        } catch (error) {
          if (stop.aborted) return;
          // A live subscription outlives a restarted server or a killed connection: it resumes from its checkpoint.
          if (!isConnectionError(error)) throw error;
          await sleep(retryDelayMs, stop);
          retryDelayMs = Math.min(retryDelayMs * 2, 5000);
          continue;
        }
        const last = events.at(-1);
        for (const event of events) {
          if (stop.aborted) return;
          checkpoint = event.position;
          if (types !== undefined && !types.has(event.type)) continue;
          // Passed over, except the read's last event: the subscriber's position still moves to it.
          if (relevant !== undefined && !relevant.has(event.type) && event !== last) continue;
          yield event;
        }
        if (
          events.length < this.#pageSize &&
          !readAgainAtOnce({ events: events.length, checkpoint, seen }, this.#wakeup, this.#furthestKnown())
        )
          // Woken by an append, a notification or the head watch; the timeout is only a safety net.
          await this.#wakeup.wait(this.#pollIntervalMs * idleRereadPolls, stop);
      }
    } finally {
      unwatch();
    }
  }

  /** The furthest position this process knows the log holds: appends, notifications and the head watch. */
  #furthestKnown(): bigint {
    return this.#headWatch.head > this.#knownHead ? this.#headWatch.head : this.#knownHead;
  }

  /**
   * Every query goes through here so close() can let in-flight ones finish first: pg's Pool.end() does not answer
   * queries still waiting for a connection, which would leave their callers hanging.
   */
  #query<Row extends pg.QueryResultRow>(config: pg.QueryConfig | string): Promise<pg.QueryResult<Row>> {
    if (this.#closed) return Promise.reject(new Error('event store is closed'));
    const running = this.#pool.query<Row>(config);
    const settled = running.then(
      () => undefined,
      () => undefined,
    );
    this.#inFlight.add(settled);
    void settled.then(() => this.#inFlight.delete(settled));
    return running;
  }

  async #page(after: bigint, limit: number): Promise<EventRow[]> {
    const { rows } = await this.#query<EventRow>({
      name: 'es_after',
      text: `SELECT ${COLUMNS} FROM es_events WHERE position > $1 ORDER BY position LIMIT $2`,
      values: [after.toString(), limit],
    });
    return rows;
  }

  async head(): Promise<bigint> {
    const { rows } = await this.#query<{ head: string }>(
      'SELECT coalesce(max(position), 0)::text AS head FROM es_events',
    );
    return BigInt(rows[0]?.head ?? '0');
  }

  /** LISTEN only shortens the wait; subscribers poll as well, so a dead listener delays events but never loses them. */
  #ensureListener(): void {
    if (!this.#listen || this.#listenerWanted || this.#closed) return;
    this.#listenerWanted = true;
    this.#startConnect();
  }

  #startConnect(): void {
    this.#reconnectTimer = undefined;
    const connecting = this.#connectListener().finally(() => {
      if (this.#connecting === connecting) this.#connecting = undefined;
    });
    this.#connecting = connecting;
  }

  async #connectListener(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({ connectionString: this.#url });
    let dropped = false;
    const drop = (): void => {
      if (dropped) return;
      dropped = true;
      if (this.#listener === client) this.#listener = undefined;
      client.end().catch(() => undefined);
      this.#scheduleReconnect();
    };
    client.on('error', drop);
    client.on('end', drop);
    client.on('notification', (message) => {
      this.stats.notifications++;
      const head = /^\d+$/.test(message.payload ?? '') ? BigInt(message.payload as string) : 0n;
      if (head > this.#knownHead) this.#knownHead = head;
      this.#wakeup.notify();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch {
      drop();
      return;
    }
    if (this.#closed || dropped) {
      dropped = true;
      await client.end().catch(() => undefined);
      return;
    }
    this.#listener = client;
    this.#reconnectDelayMs = 100;
    this.stats.listenConnects++;
    // Commits made while no one was listening sent notifications nobody heard.
    this.#wakeup.notify();
  }

  #scheduleReconnect(): void {
    if (this.#closed || this.#reconnectTimer !== undefined) return;
    const delay = this.#reconnectDelayMs;
    this.#reconnectDelayMs = Math.min(this.#reconnectDelayMs * 2, 5000);
    this.#reconnectTimer = setTimeout(() => this.#startConnect(), delay);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#closing.abort();
    clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = undefined;
    const listener = this.#listener;
    this.#listener = undefined;
    // Appends accepted before close() are written, not dropped.
    while (this.#queue.length > 0 || this.#flushing !== undefined) await this.#startDrain();
    await Promise.all([listener?.end().catch(() => undefined), this.#connecting, ...this.#inFlight]);
    await this.#pool.end();
  }
}

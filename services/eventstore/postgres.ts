import pg from 'pg';
import {
  abortableIterable,
  enqueueAppend,
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
}

export interface PostgresEventStore extends EventStore {
  readonly kind: 'postgres';
  readonly stats: Readonly<PostgresEventStoreStats>;
}

/** The transaction-scoped lock every append takes: positions are handed out under it, so they follow commit order. */
const APPEND_LOCK = 0x65_76_73_74; // "evst"
/** Serialises schema creation when several processes open the same database at once. */
const SCHEMA_LOCK = 0x65_76_73_73;
const CHANNEL = 'es_events';
/** Bounds one batch, so a burst becomes several round trips rather than one huge statement. */
const MAX_BATCH_APPENDS = 500;
const MAX_BATCH_EVENTS = 5000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS es_events (
  position    bigint      PRIMARY KEY,
  id          text        NOT NULL UNIQUE,
  stream      text        NOT NULL,
  revision    bigint      NOT NULL,
  type        text        NOT NULL,
  data        json        NOT NULL,
  metadata    json        NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream, revision)
);

-- The general path, append by append, for batches that touch ids already stored (retries, overlaps) or repeat an
-- id: later appends see the rows of earlier ones, so a retry in the same batch as its original is answered too.
CREATE OR REPLACE FUNCTION es_append_batch_each(
  p_streams text[], p_expected text[], p_counts int[],
  p_ids text[], p_types text[], p_data text[], p_metadata text[], p_recorded_at timestamptz
) RETURNS TABLE (next_revision bigint, last_position bigint, error_code text, error_detail text, error_hint text)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_head        bigint;
  v_offset      int := 0;
  v_from        int;
  v_to          int;
  v_count       int;
  v_stream      text;
  v_found       int;
  v_in_stream   int;
  v_offsets     int;
  v_last_rev    bigint;
  v_last_pos    bigint;
  v_other_id    text;
  v_other       text;
  v_current     bigint;
  v_current_pos bigint;
  v_notify      bigint := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(${APPEND_LOCK});
  SELECT coalesce(max(position), 0) INTO v_head FROM es_events;

  FOR i IN 1 .. coalesce(cardinality(p_streams), 0) LOOP
    v_stream := p_streams[i];
    v_count := p_counts[i];
    v_from := v_offset + 1;
    v_to := v_offset + v_count;
    v_offset := v_to;
    next_revision := NULL;
    last_position := NULL;
    error_code := NULL;
    error_detail := NULL;
    error_hint := NULL;
    v_found := 0;

    IF v_count > 0 THEN
      SELECT count(*), count(*) FILTER (WHERE e.stream = v_stream), count(DISTINCT e.revision - u.ord),
             max(e.revision), max(e.position),
             min(u.id) FILTER (WHERE e.stream <> v_stream), min(e.stream) FILTER (WHERE e.stream <> v_stream)
        INTO v_found, v_in_stream, v_offsets, v_last_rev, v_last_pos, v_other_id, v_other
        FROM unnest(p_ids[v_from:v_to]) WITH ORDINALITY AS u(id, ord)
        JOIN es_events e ON e.id = u.id;
      IF v_found = v_count AND v_in_stream = v_count AND v_offsets = 1 THEN
        -- An exact retry: answer as the first time, whatever the stream looks like now.
        next_revision := v_last_rev;
        last_position := v_last_pos;
        RETURN NEXT;
        CONTINUE;
      END IF;
      IF v_found > v_in_stream THEN
        error_code := 'EV410';
        error_detail := v_other_id;
        error_hint := v_other;
        RETURN NEXT;
        CONTINUE;
      END IF;
    END IF;

    SELECT revision, position INTO v_current, v_current_pos
      FROM es_events WHERE stream = v_stream ORDER BY revision DESC LIMIT 1;
    IF v_found > 0 OR NOT (CASE p_expected[i]
        WHEN 'any' THEN true
        WHEN 'no_stream' THEN v_current IS NULL
        WHEN 'exists' THEN v_current IS NOT NULL
        ELSE v_current IS NOT DISTINCT FROM p_expected[i]::bigint
      END) THEN
      error_code := 'EV409';
      error_detail := coalesce(v_current::text, 'no_stream');
      RETURN NEXT;
      CONTINUE;
    END IF;

    IF v_count = 0 THEN
      next_revision := coalesce(v_current, -1);
      last_position := coalesce(v_current_pos, 0);
      RETURN NEXT;
      CONTINUE;
    END IF;

    INSERT INTO es_events (position, id, stream, revision, type, data, metadata, recorded_at)
      SELECT v_head + u.ord, u.id, v_stream, coalesce(v_current, -1) + u.ord, u.type, u.data::json, u.metadata::json,
             p_recorded_at
        FROM unnest(p_ids[v_from:v_to], p_types[v_from:v_to], p_data[v_from:v_to], p_metadata[v_from:v_to])
             WITH ORDINALITY AS u(id, type, data, metadata, ord);
    v_head := v_head + v_count;
    v_notify := v_head;
    next_revision := coalesce(v_current, -1) + v_count;
    last_position := v_head;
    RETURN NEXT;
  END LOOP;

  IF v_notify > 0 THEN
    PERFORM pg_notify('${CHANNEL}', v_notify::text);
  END IF;
END
$fn$;

-- One call writes a batch of appends in one transaction, each checked on its own: a refused append yields an
-- error row and does not stop the others. Positions are handed out under the global lock, so they follow commit
-- order. The common case (all ids new and distinct) is done set-wise: one lookup of the streams' tails, one INSERT.
CREATE OR REPLACE FUNCTION es_append_batch(
  p_streams text[], p_expected text[], p_counts int[],
  p_ids text[], p_types text[], p_data text[], p_metadata text[], p_recorded_at timestamptz
) RETURNS TABLE (next_revision bigint, last_position bigint, error_code text, error_detail text, error_hint text)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_names   text[];
  v_revs    bigint[];
  v_poss    bigint[];
  v_head    bigint;
  v_offset  int := 0;
  v_count   int;
  v_slot    int;
  v_current bigint;
  v_first   bigint;
  ins_event int[] := '{}';
  ins_pos   bigint[] := '{}';
  ins_rev   bigint[] := '{}';
  ins_strm  text[] := '{}';
BEGIN
  PERFORM pg_advisory_xact_lock(${APPEND_LOCK});

  IF EXISTS (SELECT 1 FROM es_events WHERE id = ANY (p_ids))
     OR (SELECT count(DISTINCT x) FROM unnest(p_ids) AS x) <> coalesce(cardinality(p_ids), 0) THEN
    RETURN QUERY SELECT * FROM es_append_batch_each(p_streams, p_expected, p_counts, p_ids, p_types, p_data, p_metadata,
      p_recorded_at);
    RETURN;
  END IF;

  SELECT array_agg(d.stream), array_agg(t.revision), array_agg(t.position)
    INTO v_names, v_revs, v_poss
    FROM (SELECT DISTINCT unnest(p_streams) AS stream) AS d
    LEFT JOIN LATERAL (
      SELECT e.revision, e.position FROM es_events e WHERE e.stream = d.stream ORDER BY e.revision DESC LIMIT 1
    ) AS t ON true;
  SELECT coalesce(max(position), 0) INTO v_head FROM es_events;

  FOR i IN 1 .. coalesce(cardinality(p_streams), 0) LOOP
    v_count := p_counts[i];
    v_slot := array_position(v_names, p_streams[i]);
    v_current := v_revs[v_slot];
    next_revision := NULL;
    last_position := NULL;
    error_code := NULL;
    error_detail := NULL;
    error_hint := NULL;
    IF NOT (CASE p_expected[i]
        WHEN 'any' THEN true
        WHEN 'no_stream' THEN v_current IS NULL
        WHEN 'exists' THEN v_current IS NOT NULL
        ELSE v_current IS NOT DISTINCT FROM p_expected[i]::bigint
      END) THEN
      error_code := 'EV409';
      error_detail := coalesce(v_current::text, 'no_stream');
    ELSIF v_count = 0 THEN
      next_revision := coalesce(v_current, -1);
      last_position := coalesce(v_poss[v_slot], 0);
    ELSE
      v_first := coalesce(v_current, -1) + 1;
      FOR j IN 1 .. v_count LOOP
        ins_event := ins_event || (v_offset + j);
        ins_pos := ins_pos || (v_head + j);
        ins_rev := ins_rev || (v_first + j - 1);
        ins_strm := ins_strm || p_streams[i];
      END LOOP;
      v_head := v_head + v_count;
      v_revs[v_slot] := v_first + v_count - 1;
      v_poss[v_slot] := v_head;
      next_revision := v_revs[v_slot];
      last_position := v_head;
    END IF;
    v_offset := v_offset + v_count;
    RETURN NEXT;
  END LOOP;

  IF cardinality(ins_event) > 0 THEN
    INSERT INTO es_events (position, id, stream, revision, type, data, metadata, recorded_at)
      SELECT r.pos, p_ids[r.event], r.stream, r.rev, p_types[r.event], p_data[r.event]::json, p_metadata[r.event]::json,
             p_recorded_at
        FROM unnest(ins_event, ins_pos, ins_rev, ins_strm) AS r(event, pos, rev, stream);
    PERFORM pg_notify('${CHANNEL}', v_head::text);
  END IF;
END
$fn$;
`;

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
    this.#shared = new SharedReads(2 * this.#pageSize, async (after, limit) =>
      (await this.#page(after, limit)).map(toRecorded),
    );
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
    const stop = AbortSignal.any([signal, this.#closing.signal]);
    this.#ensureListener();
    let checkpoint = options.after ?? 0n;
    let retryDelayMs = 100;
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
      for (const event of events) {
        if (stop.aborted) return;
        checkpoint = event.position;
        if (types !== undefined && !types.has(event.type)) continue;
        yield event;
      }
      if (
        events.length < this.#pageSize &&
        !readAgainAtOnce({ events: events.length, checkpoint, seen }, this.#wakeup, this.#knownHead)
      )
        await this.#wakeup.wait(this.#pollIntervalMs, stop);
    }
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

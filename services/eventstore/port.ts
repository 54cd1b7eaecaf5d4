/**
 * The EventStore port (design.md section 4). Every adapter (sqlite, postgres, esdb) implements it
 * and passes the shared contract suite in `contract.ts`.
 */

/** Who caused an event: a user id, or one of the non-human actors. */
export type Actor = string;

export interface EventMetadata {
  correlationId: string;
  causationId: string;
  actor: Actor;
  ip?: string;
  [key: string]: unknown;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** Deterministic where a retry must be idempotent; a random UUID otherwise. */
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  stream: string;
  /** 0-based within its stream. */
  revision: bigint;
  /** Global, strictly increasing in commit order; the first event of a store has a position > 0. */
  position: bigint;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  /**
   * When the store recorded the event, read from the clock the store was opened with (the same injected clock the
   * deciders and reactors use), so deadlines derived from it and comparisons with "now" agree. See docs/time.md.
   */
  recordedAt: Date;
}

/** The source of `recordedAt`: the application's injected clock (structurally the kit's `Clock`). */
export interface RecordingClock {
  now(): Date;
}

export const wallClock: RecordingClock = { now: () => new Date() };

export interface EventStoreOptions {
  /** Stamps `recordedAt`; the wall clock when omitted. */
  clock?: RecordingClock;
}

/**
 * `no_stream`: the stream must not exist. `exists`: it must have at least one event.
 * `any`: no check. A bigint: the revision of the stream's last event must be exactly this.
 */
export type ExpectedRevision = 'no_stream' | 'exists' | 'any' | bigint;

export interface AppendResult {
  /** Revision of the last event now in the stream: pass it as `expected` for the next append. */
  nextRevision: bigint;
  /** Global position of the last appended event. */
  position: bigint;
}

export interface ReadStreamOptions {
  /** Inclusive start revision (forwards: lowest; backwards: highest). */
  from?: bigint;
  backwards?: boolean;
  limit?: number;
}

export interface ReadAllOptions {
  /** Exclusive: yields events whose position is greater than this. */
  after?: bigint;
  limit?: number;
}

export interface SubscribeOptions {
  /** Exclusive start position; omitted means from the beginning. */
  after?: bigint;
  /** Only these event types are yielded (the position still advances past the others). */
  types?: readonly string[];
  /**
   * The types the subscriber acts on; a hint. The store may pass over events of other types, but never the last
   * event of what it read at once, whatever its type: a subscriber that records its position (a projection's
   * checkpoint) still reaches the head while nothing it acts on happens. A store may also ignore the hint.
   */
  relevant?: readonly string[];
  /** Ends the subscription; the iterator then returns. */
  signal?: AbortSignal;
}

export interface EventStore {
  readonly kind: 'sqlite' | 'postgres' | 'esdb';
  /**
   * Appends atomically. Retrying the same ids in the same order on the same stream returns the original result
   * and writes nothing. An empty `events` still checks `expected`, writes nothing and resolves with the stream's
   * current tail: `nextRevision` -1n and `position` 0n when the stream does not exist.
   */
  append(
    stream: string,
    events: readonly NewEvent[],
    options: { expected: ExpectedRevision },
  ): Promise<AppendResult>;
  readStream(stream: string, options?: ReadStreamOptions): AsyncIterable<RecordedEvent>;
  readAll(options?: ReadAllOptions): AsyncIterable<RecordedEvent>;
  /** Catch-up, then live. Every event after `after` exactly once, in position order. */
  subscribe(options?: SubscribeOptions): AsyncIterable<RecordedEvent>;
  /** Position of the newest event; 0n when the store is empty. */
  head(): Promise<bigint>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    /** Revision of the stream's last event, or `no_stream`. */
    readonly actual: bigint | 'no_stream',
  ) {
    super(`stream ${stream}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}

/** An event id is already recorded on another stream (ids are unique per store in the sqlite and postgres adapters). */
export class DuplicateEventIdError extends Error {
  override readonly name = 'DuplicateEventIdError';
  constructor(
    readonly id: string,
    /** The stream the append targeted. */
    readonly stream: string,
    /** The stream that already holds the id, when known. */
    readonly existingStream?: string,
  ) {
    super(
      `event id ${id} is already recorded${existingStream ? ` on stream ${existingStream}` : ''}; refused on ${stream}`,
    );
  }
}

export class InvalidEventError extends Error {
  override readonly name = 'InvalidEventError';
  constructor(
    readonly reason:
      | 'missing_type'
      | 'missing_id'
      | 'data_not_serialisable'
      | 'metadata_not_serialisable'
      | 'empty_stream_name',
    message: string,
  ) {
    super(message);
  }
}

/** The stored JSON form of an event's data and metadata, validated before anything is written. */
export interface SerialisedEvent {
  id: string;
  type: string;
  data: string;
  metadata: string;
}

/**
 * Refuses malformed events before an adapter writes anything: a missing type or id, or data that does not
 * survive JSON (functions, symbols, BigInt, cycles, non-finite numbers).
 */
export function serialiseEvents(stream: string, events: readonly NewEvent[]): SerialisedEvent[] {
  if (!stream) throw new InvalidEventError('empty_stream_name', 'stream name must not be empty');
  return events.map((event, index) => {
    if (typeof event.type !== 'string' || event.type.length === 0) {
      throw new InvalidEventError('missing_type', `event ${index} of ${stream} has no type`);
    }
    if (typeof event.id !== 'string' || event.id.length === 0) {
      throw new InvalidEventError('missing_id', `event ${index} of ${stream} has no id`);
    }
    return {
      id: event.id,
      type: event.type,
      data: strictJson(event.data, 'data_not_serialisable', `data of event ${index} (${event.type})`),
      metadata: strictJson(
        event.metadata,
        'metadata_not_serialisable',
        `metadata of event ${index} (${event.type})`,
      ),
    };
  });
}

function strictJson(
  value: unknown,
  reason: 'data_not_serialisable' | 'metadata_not_serialisable',
  what: string,
): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value, (_key, inner: unknown) => {
      if (typeof inner === 'function' || typeof inner === 'symbol') throw new Error(`${typeof inner} value`);
      if (typeof inner === 'number' && !Number.isFinite(inner)) throw new Error('non-finite number');
      return inner;
    });
  } catch (error) {
    throw new InvalidEventError(reason, `${what} is not JSON-serialisable: ${(error as Error).message}`);
  }
  if (json === undefined) throw new InvalidEventError(reason, `${what} is not JSON-serialisable`);
  return json;
}

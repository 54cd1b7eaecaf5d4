import { createHash } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  eventTypeFilter,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import type {
  AllStreamResolvedEvent,
  AppendExpectedRevision,
  JSONType,
  Position,
  ReadPosition,
} from '@eventstore/db-client';
import {
  abortableIterable,
  assertDistinctIds,
  checkExpected,
  normaliseLimit,
  validateExpected,
} from './internal';
import { platformEventVersions } from './eventVersions';
import { serialiseEvents, wallClock, WrongExpectedRevisionError } from './port';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  EventStoreOptions,
  RecordingClock,
  SerialisedEvent,
  SubscribeOptions,
} from './port';

/**
 * EventStoreDB keeps ids as UUIDs. Any other id is mapped to a name-based (v5) UUID, so a retry with the same id
 * still hits ESDB's own idempotency check, and the original id travels in the metadata under this key.
 */
const ORIGINAL_ID_KEY = '__eventId';
/**
 * ESDB stamps `created` from the server's wall clock; our `recordedAt` comes from the injected clock (one source of
 * time, docs/time.md), so it travels in the metadata under this key. Events without it fall back to `created`.
 */
const RECORDED_AT_KEY = '__recordedAt';
const ID_NAMESPACE = Buffer.from('6f1c2a4e8b3d4f5a9c7e0d1b2a3c4d5e', 'hex');
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Servers that do not know a record's position report the all-ones sentinel. */
const UNKNOWN_POSITION = (1n << 63n) - 1n;
/** Events per read call. */
const READ_PAGE = 256;

export interface EsdbEventStore extends EventStore {
  readonly kind: 'esdb';
  readonly client: EventStoreDBClient;
}

/** The shape shared by the client's JSON and binary recorded events. */
interface EsdbRecord {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  created: Date;
  position?: Position;
}

export function openEsdbEventStore(url: string, options: EventStoreOptions = {}): Promise<EsdbEventStore> {
  return Promise.resolve(new EsdbStore(EventStoreDBClient.connectionString(url), options.clock ?? wallClock));
}

export function esdbEventId(id: string): string {
  if (CANONICAL_UUID.test(id)) return id;
  const hash = createHash('sha1').update(ID_NAMESPACE).update(id, 'utf8').digest();
  hash.writeUInt8((hash.readUInt8(6) & 0x0f) | 0x50, 6);
  hash.writeUInt8((hash.readUInt8(8) & 0x3f) | 0x80, 8);
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function toEventData(event: SerialisedEvent, recordedAt: Date) {
  const metadata = JSON.parse(event.metadata) as Record<string, unknown>;
  const id = esdbEventId(event.id);
  if (id !== event.id) metadata[ORIGINAL_ID_KEY] = event.id;
  metadata[RECORDED_AT_KEY] = recordedAt.getTime();
  // Parsing the validated JSON again gives ESDB exactly what the other adapters store (toJSON applied, undefined dropped).
  return jsonEvent({ id, type: event.type, data: JSON.parse(event.data) as JSONType, metadata });
}

function toExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      return expected;
  }
}

function knownPosition(value: bigint | undefined): bigint | undefined {
  return value === undefined || value < 0n || value >= UNKNOWN_POSITION ? undefined : value;
}

function isSystemEvent(event: EsdbRecord): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function toRecorded(event: EsdbRecord, position: bigint): RecordedEvent {
  const stored = (event.metadata ?? {}) as Record<string, unknown>;
  const { [ORIGINAL_ID_KEY]: originalId, [RECORDED_AT_KEY]: recordedAt, ...metadata } = stored;
  return platformEventVersions.upcast({
    id: typeof originalId === 'string' ? originalId : event.id,
    stream: event.streamId,
    revision: event.revision,
    position,
    type: event.type,
    data: event.data,
    metadata: metadata as EventMetadata,
    recordedAt: typeof recordedAt === 'number' ? new Date(recordedAt) : event.created,
  });
}

function fromPosition(after: bigint | undefined): ReadPosition {
  // Our positions are ESDB commit positions of user events, for which commit and prepare positions coincide.
  return after === undefined || after === 0n ? START : { commit: after, prepare: after };
}

/**
 * Reads are made in bounded pages that are always read to their end: a read the caller leaves early keeps the
 * client's gRPC call, already answered in full, unread, and `client.dispose()` then waits for it forever.
 */
async function readWhole<T>(reading: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  try {
    for await (const item of reading) items.push(item);
  } catch (error) {
    if (error instanceof StreamNotFoundError) return [];
    throw error;
  }
  return items;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

class EsdbStore implements EsdbEventStore {
  readonly kind = 'esdb' as const;
  readonly client: EventStoreDBClient;
  readonly #closing = new AbortController();
  #closed = false;

  readonly #clock: RecordingClock;

  constructor(client: EventStoreDBClient, clock: RecordingClock) {
    this.client = client;
    this.#clock = clock;
  }

  async append(
    stream: string,
    events: readonly NewEvent[],
    options: { expected: ExpectedRevision },
  ): Promise<AppendResult> {
    if (this.#closed) throw new Error('event store is closed');
    validateExpected(options.expected);
    const serialised = serialiseEvents(stream, events);
    assertDistinctIds(stream, serialised);
    const expected = options.expected;
    if (serialised.length === 0) {
      const tail = await this.#eventAt(stream, END);
      checkExpected(stream, expected, tail?.event.revision);
      return tail === undefined
        ? { nextRevision: -1n, position: 0n }
        : { nextRevision: tail.event.revision, position: tail.position ?? -1n };
    }
    let result;
    try {
      const recordedAt = this.#clock.now();
      result = await this.client.appendToStream(
        stream,
        serialised.map((event) => toEventData(event, recordedAt)),
        {
          expectedRevision: toExpectedRevision(expected),
        },
      );
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new WrongExpectedRevisionError(stream, expected, error.actualVersion);
      }
      throw error;
    }
    if (!result.success) {
      const actual = result.nextExpectedRevision < 0n ? 'no_stream' : result.nextExpectedRevision;
      throw new WrongExpectedRevisionError(stream, expected, actual);
    }
    const reported = knownPosition(result.position?.commit);
    if (reported !== undefined && serialised.length === 1) {
      return { nextRevision: result.nextExpectedRevision, position: reported };
    }
    // Idempotent retries come back without a position, and for several events the reported commit position is
    // not documented to be the last event's: read the last event back.
    const last = await this.#eventAt(stream, result.nextExpectedRevision);
    const position = last?.position ?? reported;
    if (position === undefined)
      throw new Error(`could not determine the position of ${stream}@${result.nextExpectedRevision}`);
    return { nextRevision: result.nextExpectedRevision, position };
  }

  async #eventAt(
    stream: string,
    revision: bigint | typeof END,
  ): Promise<{ event: EsdbRecord; position: bigint | undefined } | undefined> {
    const page = await readWhole(
      this.client.readStream(stream, {
        fromRevision: revision,
        direction: revision === END ? BACKWARDS : FORWARDS,
        maxCount: 1,
      }),
    );
    const first = page[0];
    if (first?.event === undefined) return undefined;
    return {
      event: first.event,
      position: knownPosition(first.event.position?.commit) ?? knownPosition(first.commitPosition),
    };
  }

  readStream(stream: string, options: ReadStreamOptions = {}): AsyncIterable<RecordedEvent> {
    const client = this.client;
    const limit = normaliseLimit(options.limit);
    const backwards = options.backwards ?? false;
    return (async function* () {
      let remaining = limit;
      let from: bigint | typeof START | typeof END = options.from ?? (backwards ? END : START);
      while (remaining > 0) {
        const wanted = Math.min(remaining, READ_PAGE);
        const page = await readWhole(
          client.readStream(stream, {
            direction: backwards ? BACKWARDS : FORWARDS,
            fromRevision: from,
            maxCount: wanted,
          }),
        );
        let last: bigint | undefined;
        for (const resolved of page) {
          const event = resolved.event;
          if (event === undefined) continue;
          last = event.revision;
          // Servers before stream reads carried positions report none here; -1n marks "unknown".
          const position =
            knownPosition(event.position?.commit) ?? knownPosition(resolved.commitPosition) ?? -1n;
          yield toRecorded(event, position);
          remaining--;
        }
        if (page.length < wanted || last === undefined || (backwards && last === 0n)) return;
        from = backwards ? last - 1n : last + 1n;
      }
    })();
  }

  readAll(options: ReadAllOptions = {}): AsyncIterable<RecordedEvent> {
    const client = this.client;
    const limit = normaliseLimit(options.limit);
    return (async function* () {
      let remaining = limit;
      let after = options.after ?? 0n;
      let from = fromPosition(options.after);
      // readAll has no server-side filter in this client: system events are skipped here, so the limit counts ours.
      while (remaining > 0) {
        const page = await readWhole(
          client.readAll({ fromPosition: from, direction: FORWARDS, maxCount: READ_PAGE }),
        );
        let last: bigint | undefined;
        for (const resolved of page) {
          const event = resolved.event;
          if (event === undefined) continue;
          last = event.position.commit;
          if (isSystemEvent(event) || event.position.commit <= after) continue;
          yield toRecorded(event, event.position.commit);
          if (--remaining === 0) return;
        }
        if (page.length < READ_PAGE || last === undefined) return;
        // A read from a position includes the event there: the next page skips it.
        from = { commit: last, prepare: last };
        after = last;
      }
    })();
  }

  subscribe(options: SubscribeOptions = {}): AsyncIterable<RecordedEvent> {
    const client = this.client;
    const closing = this.#closing.signal;
    const after = options.after ?? 0n;
    const types = options.types ? new Set(options.types) : undefined;
    return abortableIterable(options.signal, async function* (signal) {
      const stop = AbortSignal.any([signal, closing]);
      if (stop.aborted) return;
      const filter =
        options.types === undefined
          ? excludeSystemEvents()
          : eventTypeFilter({ regex: `^(?:${options.types.map(escapeRegex).join('|')})$` });
      const subscription = client.subscribeToAll({ fromPosition: fromPosition(options.after), filter });
      const end = (): void => void subscription.unsubscribe().catch(() => undefined);
      stop.addEventListener('abort', end, { once: true });
      try {
        for await (const resolved of subscription) {
          const event = resolved.event;
          if (event === undefined || isSystemEvent(event)) continue;
          const position = event.position.commit;
          if (position <= after || (types !== undefined && !types.has(event.type))) continue;
          yield toRecorded(event, position);
          if (stop.aborted) return;
        }
      } catch (error) {
        if (stop.aborted) return;
        throw error;
      } finally {
        stop.removeEventListener('abort', end);
        await subscription.unsubscribe().catch(() => undefined);
      }
    });
  }

  async head(): Promise<bigint> {
    let from: ReadPosition = END;
    for (;;) {
      const page: AllStreamResolvedEvent[] = await readWhole(
        this.client.readAll({ fromPosition: from, direction: BACKWARDS, maxCount: READ_PAGE }),
      );
      const ours = page.find((resolved) => resolved.event !== undefined && !isSystemEvent(resolved.event));
      if (ours?.event !== undefined) return ours.event.position.commit;
      const oldest: Position | undefined = page.at(-1)?.event?.position;
      if (page.length < READ_PAGE || oldest === undefined) return 0n;
      from = oldest;
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#closing.abort();
    await this.client.dispose();
  }
}

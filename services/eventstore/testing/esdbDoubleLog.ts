/**
 * TEST DOUBLE — NOT EVENTSTOREDB. The in-memory log behind the wire-level EventStoreDB double (`esdbDouble.ts`).
 *
 * It mirrors the rules of EventStoreDB (v22.10 and later) that the `esdb` adapter depends on, as read from the
 * server's behaviour, and nothing else:
 * - stream revisions count from 0; the expected-revision check and the idempotency rules of an append (`any`,
 *   `no_stream`, `stream_exists`, an exact revision; a retry of the same ids answers the original result, a retry
 *   that only partly matches is a wrong expected version);
 * - `$all` positions are byte offsets into one log: strictly increasing, with gaps, never consecutive integers.
 *   Every event written by an append is its own record, so its commit and prepare positions are equal; an append
 *   of several events reports the position of its last one;
 * - reading `$all` from a position that is not where a record starts is refused, as a real server refuses it;
 * - system events (`$`-prefixed types in `$`-prefixed streams) sit in `$all` between the application's events.
 * Deleted streams, links, stream metadata, ACLs, scavenging and clusters are not modelled.
 */

export type ExpectedState =
  | { kind: 'any' }
  | { kind: 'no_stream' }
  | { kind: 'stream_exists' }
  | { kind: 'revision'; revision: bigint };

export interface ProposedEvent {
  /** Canonical lower-case UUID, as the server normalises ids. */
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  metadata: Uint8Array;
}

export interface LoggedEvent extends ProposedEvent {
  stream: string;
  revision: bigint;
  /** Commit and prepare position alike: the byte offset of the event's record in the log. */
  position: bigint;
  /** .NET ticks (100 ns) since the Unix epoch, as the server reports `created`. */
  created: bigint;
}

export type AppendOutcome =
  | {
      kind: 'success';
      /** Revision of the stream's last event after the append (of the retried events on an idempotent retry). */
      currentRevision: bigint | undefined;
      /** Position of the last event written (or retried); undefined when nothing was written. */
      position: bigint | undefined;
      written: number;
    }
  | { kind: 'wrong_expected_version'; currentRevision: bigint | undefined };

export type ReadFrom = 'start' | 'end' | bigint;

/** Where a fresh node's log already holds records that are not events (an epoch record): `$all` starts past them. */
const PREAMBLE_BYTES = 128n;
/** Roughly a prepare record's header; only the effect matters: positions have gaps. */
const RECORD_OVERHEAD_BYTES = 88n;
const TICKS_PER_MILLISECOND = 10_000n;

export class InvalidPositionError extends Error {
  override readonly name = 'InvalidPositionError';
  constructor(readonly position: bigint) {
    super(`Trying to read from an invalid position (${position}).`);
  }
}

export class EsdbDoubleLog {
  readonly #events: LoggedEvent[] = [];
  readonly #byPosition = new Map<bigint, LoggedEvent>();
  readonly #streams = new Map<string, LoggedEvent[]>();
  /** What the server's committed-events cache answers: the stream and revision an id was last written at. */
  readonly #ids = new Map<string, { stream: string; revision: bigint }>();
  readonly #listeners = new Set<() => void>();
  #end = PREAMBLE_BYTES;
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** The writer checkpoint: where the next record will start. */
  get end(): bigint {
    return this.#end;
  }

  get lastPosition(): bigint | undefined {
    return this.#events.at(-1)?.position;
  }

  get size(): number {
    return this.#events.length;
  }

  /** Called after every append that wrote events. */
  onAppend(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  append(stream: string, expected: ExpectedState, events: readonly ProposedEvent[]): AppendOutcome {
    const existing = this.#streams.get(stream);
    const current = existing === undefined ? undefined : BigInt(existing.length - 1);
    const decision = this.#check(stream, current, expected, events);
    if (decision.kind !== 'write') return decision;
    if (events.length === 0)
      return { kind: 'success', currentRevision: current, position: undefined, written: 0 };

    const written = existing ?? [];
    if (existing === undefined) this.#streams.set(stream, written);
    const created = BigInt(this.#now()) * TICKS_PER_MILLISECOND;
    let last: LoggedEvent | undefined;
    for (const event of events) {
      last = {
        ...event,
        stream,
        revision: BigInt(written.length),
        position: this.#end,
        created,
      };
      this.#end += recordSize(last);
      written.push(last);
      this.#events.push(last);
      this.#byPosition.set(last.position, last);
      this.#ids.set(event.id, { stream, revision: last.revision });
    }
    for (const listener of [...this.#listeners]) listener();
    return {
      kind: 'success',
      currentRevision: last?.revision,
      position: last?.position,
      written: events.length,
    };
  }

  /** The server's commit check: write, answer the original result of a retry, or refuse. */
  #check(
    stream: string,
    current: bigint | undefined,
    expected: ExpectedState,
    events: readonly ProposedEvent[],
  ): AppendOutcome | { kind: 'write' } {
    const wrong = { kind: 'wrong_expected_version', currentRevision: current } as const;
    if (current === undefined) {
      return expected.kind === 'any' || expected.kind === 'no_stream' ? { kind: 'write' } : wrong;
    }
    if (expected.kind === 'any' || expected.kind === 'stream_exists') {
      let first: LoggedEvent | undefined;
      let last: LoggedEvent | undefined;
      for (const event of events) {
        const known = this.#ids.get(event.id);
        if (known === undefined || known.stream !== stream)
          return first === undefined ? { kind: 'write' } : wrong;
        last = this.#streams.get(stream)?.[Number(known.revision)];
        first ??= last;
      }
      if (last === undefined) return { kind: 'write' };
      return { kind: 'success', currentRevision: last.revision, position: last.position, written: 0 };
    }
    const expectedRevision = expected.kind === 'no_stream' ? -1n : expected.revision;
    if (expectedRevision > current) return wrong;
    if (expectedRevision === current) return { kind: 'write' };
    // An expected revision behind the stream: a retry of events already written after it, or a conflict.
    const stored = this.#streams.get(stream) ?? [];
    let revision = expectedRevision;
    for (const event of events) {
      revision += 1n;
      if (stored[Number(revision)]?.id !== event.id) return wrong;
    }
    if (revision === expectedRevision) return wrong;
    const last = stored[Number(revision)];
    return { kind: 'success', currentRevision: revision, position: last?.position, written: 0 };
  }

  /** A stream's events, or undefined when the stream has none. Backwards from past the end starts at the end. */
  readStream(
    stream: string,
    from: ReadFrom,
    backwards: boolean,
    maxCount: bigint,
  ): LoggedEvent[] | undefined {
    const events = this.#streams.get(stream);
    if (events === undefined) return undefined;
    const count = maxCount > BigInt(events.length) ? events.length : Number(maxCount);
    if (backwards) {
      const last = BigInt(events.length - 1);
      const start =
        from === 'end' || from === 'start' ? (from === 'end' ? last : 0n) : from > last ? last : from;
      return events
        .slice(0, Number(start) + 1)
        .reverse()
        .slice(0, count);
    }
    const start =
      from === 'start'
        ? 0
        : from === 'end'
          ? events.length
          : from > BigInt(events.length)
            ? events.length
            : Number(from);
    return events.slice(start, start + count);
  }

  /**
   * `$all` forwards from a position, inclusive. A position past the last record reads nothing; one inside a record
   * (or inside the preamble) is refused, as the server refuses to read from the middle of a record.
   */
  readAllForwards(from: ReadFrom): LoggedEvent[] {
    if (from === 'start') return [...this.#events];
    if (from === 'end') return [];
    const last = this.lastPosition;
    if (last === undefined || from > last) return [];
    if (from !== 0n && !this.#byPosition.has(from)) throw new InvalidPositionError(from);
    return this.#events.slice(this.#indexAtOrAfter(from));
  }

  /** `$all` backwards from a position, exclusive: the records that end at or before it, newest first. */
  readAllBackwards(from: ReadFrom): LoggedEvent[] {
    if (from === 'start') return [];
    if (from === 'end' || from === this.#end) return [...this.#events].reverse();
    if (from !== 0n && !this.#byPosition.has(from)) throw new InvalidPositionError(from);
    return this.#events.slice(0, this.#indexAtOrAfter(from)).reverse();
  }

  /**
   * Where a subscription starts: the position after which it delivers (undefined: from the first record). From a
   * position at or past the last record the server goes live without reading, so nothing is checked there.
   */
  subscriptionStart(from: ReadFrom): bigint | undefined {
    if (from === 'start') return undefined;
    const last = this.lastPosition;
    if (from === 'end') return last;
    if (last === undefined || from >= last) return from;
    if (from !== 0n && !this.#byPosition.has(from)) throw new InvalidPositionError(from);
    return from;
  }

  /** Events after a position (exclusive), oldest first, at most `limit`. */
  after(position: bigint | undefined, limit: number): LoggedEvent[] {
    const index = position === undefined ? 0 : this.#indexAfter(position);
    return this.#events.slice(index, index + limit);
  }

  #indexAtOrAfter(position: bigint): number {
    let low = 0;
    let high = this.#events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.#events[middle]?.position ?? 0n) < position) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  #indexAfter(position: bigint): number {
    const index = this.#indexAtOrAfter(position);
    return this.#events[index]?.position === position ? index + 1 : index;
  }
}

function recordSize(event: LoggedEvent): bigint {
  const bytes =
    Buffer.byteLength(event.stream, 'utf8') +
    Buffer.byteLength(event.type, 'utf8') +
    event.data.byteLength +
    event.metadata.byteLength +
    16;
  return RECORD_OVERHEAD_BYTES + BigInt(bytes);
}

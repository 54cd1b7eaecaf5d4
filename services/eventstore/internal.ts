import { DuplicateEventIdError, serialiseEvents, WrongExpectedRevisionError } from './port';
import type { AppendResult, ExpectedRevision, NewEvent, RecordedEvent, SerialisedEvent } from './port';

/** Throws unless `current` (the revision of the stream's last event, undefined when it has none) satisfies `expected`. */
export function checkExpected(stream: string, expected: ExpectedRevision, current: bigint | undefined): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === undefined) ||
    (expected === 'exists' && current !== undefined) ||
    (typeof expected === 'bigint' && current === expected);
  if (!ok) throw new WrongExpectedRevisionError(stream, expected, current ?? 'no_stream');
}

export function validateExpected(expected: ExpectedRevision): void {
  if (typeof expected === 'bigint') {
    if (expected < 0n) throw new RangeError(`expected revision must be >= 0, got ${expected}`);
    return;
  }
  if (expected !== 'any' && expected !== 'no_stream' && expected !== 'exists') {
    throw new TypeError(`unknown expected revision ${String(expected)}`);
  }
}

/** A clamp for caller-supplied limits: undefined means unbounded. */
export function normaliseLimit(limit: number | undefined): number {
  if (limit === undefined) return Number.POSITIVE_INFINITY;
  if (Number.isNaN(limit)) throw new RangeError('limit must be a number');
  return Math.max(0, Math.floor(limit));
}

/**
 * Wakes waiting subscribers. `version` lets a reader that ran an asynchronous query notice a notification that
 * arrived while the query was in flight, so it re-reads instead of sleeping through it.
 *
 * Some thirty subscribers wait on one store and are woken by every append, and each wait took a timer and an abort
 * listener of its own. So the safety-net timeout is one timer for all who wait (armed by the first, it may wake a
 * later one sooner: that one reads again and waits anew), and a subscription's signal is listened to once, not at
 * every wait.
 */
export class Wakeup {
  #waiters = new Set<() => void>();
  #timer: ReturnType<typeof setTimeout> | null = null;
  readonly #watched = new WeakSet<AbortSignal>();
  version = 0;

  notify(): void {
    this.version++;
    this.#wakeAll();
  }

  /** Resolves on the next notify(), when `signal` aborts, or at the latest after `timeoutMs`. */
  wait(timeoutMs: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.resolve();
    if (!this.#watched.has(signal)) {
      this.#watched.add(signal);
      signal.addEventListener('abort', () => this.#wakeAll(), { once: true });
    }
    return new Promise<void>((resolve) => {
      this.#waiters.add(resolve);
      if (this.#timer === null)
        this.#timer = setTimeout(() => {
          this.#timer = null;
          this.#wakeAll();
        }, timeoutMs);
    });
  }

  #wakeAll(): void {
    // Nobody waits any more: a pending timer would only keep the process alive.
    if (this.#timer !== null) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    if (this.#waiters.size === 0) return;
    const waiters = this.#waiters;
    this.#waiters = new Set();
    for (const wake of waiters) wake();
  }
}

/**
 * Appends by other processes are seen by polling: once per interval for all of a store's waiting subscribers, the
 * head of the log is read, and they are woken when it moved. (Each subscriber polling on its own read the log
 * some thirty times per interval, a hundred and twenty times a second per idle process on SQLite.) It runs while
 * at least one subscriber follows the log. `head` is also fed the store's own appends, so a subscriber that is
 * behind it reads again at once (`readAgainAtOnce`).
 */
export class HeadWatch {
  /** The furthest position seen (-1 before the first check). */
  head = -1n;
  #subscribers = 0;
  #timer: NodeJS.Timeout | null = null;
  #checking = false;

  constructor(
    private readonly intervalMs: number,
    /** Reads the log's head; counted in the store's stats by the caller. */
    private readonly readHead: () => Promise<bigint>,
    private readonly wakeup: Wakeup,
  ) {}

  /** Counts a subscriber in (checking the head at once when it is the first); returns the counting out. */
  enter(): () => void {
    if (this.#subscribers++ === 0) {
      void this.check();
      this.#timer = setInterval(() => void this.check(), this.intervalMs);
      this.#timer.unref();
    }
    let counted = true;
    return () => {
      if (!counted) return;
      counted = false;
      if (--this.#subscribers === 0 && this.#timer) {
        clearInterval(this.#timer);
        this.#timer = null;
      }
    };
  }

  /** A position this process knows is in the log (its own append, a notification). */
  saw(position: bigint): void {
    if (position > this.head) this.head = position;
  }

  async check(): Promise<void> {
    if (this.#checking) return;
    this.#checking = true;
    try {
      const head = await this.readHead();
      if (head > this.head) {
        this.head = head;
        this.wakeup.notify();
      }
    } catch {
      // A busy file, a dropped connection, a store closing: the next interval asks again.
    } finally {
      this.#checking = false;
    }
  }
}

/** A waiting subscriber re-reads on its own after this many poll intervals, should a wakeup ever be missed. */
export const idleRereadPolls = 40;

/**
 * Turns a generator that watches an AbortSignal into an AsyncIterable whose `return()` takes effect at once, even
 * while a `next()` is still waiting for new events: a plain async generator would only see `return()` after its
 * next yield, which for an idle live subscription may be never.
 */
export function abortableIterable<T>(
  outer: AbortSignal | undefined,
  body: (signal: AbortSignal) => AsyncGenerator<T, void, undefined>,
): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<T> {
      const controller = new AbortController();
      const abort = (): void => controller.abort();
      if (outer?.aborted) controller.abort();
      else outer?.addEventListener('abort', abort, { once: true });
      const generator = body(controller.signal);
      const detach = (): void => outer?.removeEventListener('abort', abort);
      return {
        async next(): Promise<IteratorResult<T>> {
          try {
            const result = await generator.next();
            if (result.done) detach();
            return result;
          } catch (error) {
            detach();
            throw error;
          }
        },
        async return(): Promise<IteratorResult<T>> {
          controller.abort();
          detach();
          await generator.return(undefined);
          return { done: true, value: undefined };
        },
      };
    },
  };
}

/** Two events with one id in a single append can never both be stored; refuse before touching the database. */
export function assertDistinctIds(stream: string, events: readonly { id: string }[]): void {
  if (events.length < 2) return;
  const seen = new Set<string>();
  for (const { id } of events) {
    if (seen.has(id)) throw new DuplicateEventIdError(id, stream, stream);
    seen.add(id);
  }
}

/** An append the group-commit queue holds until its batch is written. */
export interface QueuedAppend {
  stream: string;
  events: SerialisedEvent[];
  expected: ExpectedRevision;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/**
 * The checks every adapter makes before anything is written (store open, expected revision well-formed, events
 * serialisable with distinct ids), then the queued append whose promise the batch settles. A refusal becomes
 * a rejected promise, never a synchronous throw.
 */
export function enqueueAppend(
  closed: boolean,
  stream: string,
  events: readonly NewEvent[],
  expected: ExpectedRevision,
  enqueue: (append: QueuedAppend) => void,
): Promise<AppendResult> {
  try {
    if (closed) throw new Error('event store is closed');
    validateExpected(expected);
    const serialised = serialiseEvents(stream, events);
    assertDistinctIds(stream, serialised);
    return new Promise<AppendResult>((resolve, reject) => {
      enqueue({ stream, events: serialised, expected, resolve, reject });
    });
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * After a subscriber's short read: read again at once if an append was announced since the read began (`seen`
 * is the wakeup's version then), or if the read ended before a commit this process knows of (`knownHead`:
 * remembered events may stop short of it). An empty read with no announcement since waits, even behind that
 * commit, so a log that does not hold it yet cannot spin the subscriber.
 */
export function readAgainAtOnce(
  read: { events: number; checkpoint: bigint; seen: number },
  wakeup: Wakeup,
  knownHead: bigint,
): boolean {
  if (wakeup.version !== read.seen) return true;
  return read.events > 0 && read.checkpoint < knownHead;
}

/**
 * What subscribers read of the log, decoded once and shared between them. Every projection follows the log on
 * a subscription of its own, so without this each new event was read and parsed once per projection (28 of
 * them with the worker). A read after position `p` is remembered event by event, each under the position
 * before it, so a gap in positions (PostgreSQL) costs nothing. Serving what was remembered is always safe:
 * positions follow commit order, so any read is a prefix of what the log holds after `p`, and the
 * subscriber asks again after the last event it got. Reads in flight are shared too (PostgreSQL's
 * subscribers all wake on one notification). The events are frozen: one object goes to every projection.
 */
export class SharedReads {
  readonly #following = new Map<bigint, RecordedEvent>();
  readonly #reading = new Map<bigint, Promise<readonly RecordedEvent[]>>();

  constructor(
    private readonly capacity: number,
    private readonly read: (after: bigint, limit: number) => Promise<readonly RecordedEvent[]>,
  ) {}

  after(position: bigint, limit: number): Promise<readonly RecordedEvent[]> {
    const remembered: RecordedEvent[] = [];
    let cursor = position;
    for (let event = this.#following.get(cursor); event; event = this.#following.get(cursor)) {
      remembered.push(event);
      cursor = event.position;
      if (remembered.length >= limit) break;
    }
    if (remembered.length > 0) return Promise.resolve(remembered);
    const inFlight = this.#reading.get(position);
    if (inFlight) return inFlight;
    const reading = this.read(position, limit).then(
      (events) => {
        this.#reading.delete(position);
        this.#remember(position, events);
        return events;
      },
      (error: unknown) => {
        this.#reading.delete(position);
        throw error;
      },
    );
    this.#reading.set(position, reading);
    return reading;
  }

  #remember(after: bigint, events: readonly RecordedEvent[]): void {
    let previous = after;
    for (const event of events) {
      deepFreeze(event);
      this.#following.set(previous, event);
      previous = event.position;
    }
    for (const oldest of this.#following.keys()) {
      if (this.#following.size <= this.capacity) break;
      this.#following.delete(oldest);
    }
  }
}

export function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}

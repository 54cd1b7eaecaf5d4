/**
 * What the parts of the event store contract (`contract.ts`) share: the events they append, the reading helpers,
 * and the test each part runs in, set afresh before every test.
 */
import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError } from './port';
import type {
  EventMetadata,
  EventStore,
  EventStoreOptions,
  NewEvent,
  RecordedEvent,
  SubscribeOptions,
} from './port';

export interface ContractSubject {
  store: EventStore;
  /** Closes the store (it may already be closed) and removes whatever `open` created. */
  cleanup(): Promise<void>;
}

/** The test a part of the contract runs in: the getters answer for the test running now. */
export interface ContractSuite {
  readonly store: EventStore;
  /** Starts this test's stream names: a shared store holds other tests' streams too. */
  readonly prefix: string;
  /** head() when the test began: a shared store already holds other events. */
  readonly start: bigint;
  /** Opens another store on the same storage, for a test that needs its own options. */
  readonly open: (storeOptions?: EventStoreOptions) => Promise<ContractSubject>;
  /** False when `open()` cannot hand out an empty store (a shared EventStoreDB server). */
  readonly freshStore: boolean;
  /** True when ids are unique across the whole store rather than per stream (sqlite, postgres). */
  readonly storeWideIds: boolean;
  /** This test's stream of that name. */
  readonly streamName: (suffix: string) => string;
  /** This test's events among those of a shared store. */
  readonly ours: (events: RecordedEvent[]) => RecordedEvent[];
}

export function metadataFor(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return { correlationId: randomUUID(), causationId: randomUUID(), actor: 'system', ...overrides };
}

export function newEvent(
  type = 'Happened',
  data: unknown = { n: 1 },
  overrides: Partial<NewEvent> = {},
): NewEvent {
  return { id: randomUUID(), type, data, metadata: metadataFor(), ...overrides };
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

export async function eventually(predicate: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

/**
 * Subscribes from `after` (with the `types` or `relevant` it is given) and records the events of streams starting
 * with `prefix` ('' for every stream) until told where to stop.
 */
export function startCollector(
  store: EventStore,
  after: bigint,
  prefix: string,
  options: Pick<SubscribeOptions, 'types' | 'relevant'> = {},
) {
  const controller = new AbortController();
  const seen: RecordedEvent[] = [];
  const done = (async () => {
    for await (const event of store.subscribe({ ...options, after, signal: controller.signal })) {
      if (event.stream.startsWith(prefix)) seen.push(event);
    }
  })();
  return {
    after,
    seen,
    /** Waits until `last` has been seen (or a generous deadline passes), then stops the subscription. */
    async stopAfter(last: bigint): Promise<void> {
      await eventually(() => (seen.at(-1)?.position ?? -1n) >= last, 30_000);
      controller.abort();
      await done;
    },
  };
}

export function isWrongRevision(actual: bigint | 'no_stream') {
  return (error: unknown): boolean => error instanceof WrongExpectedRevisionError && error.actual === actual;
}

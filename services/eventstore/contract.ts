/**
 * The contract every event store adapter passes (`port.ts`): one suite an adapter's spec runs with
 * `eventStoreContract`, against a store `open` hands out afresh for every test. Its parts, by concern: the appends
 * and their concurrency (`contractAppends.ts`), the reads (`contractReads.ts`), the subscriptions and closing
 * (`contractSubscriptions.ts`); what they share is in `contractFixtures.ts`.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe } from 'vitest';
import { appendContract } from './contractAppends';
import type { ContractSubject, ContractSuite } from './contractFixtures';
import { readContract } from './contractReads';
import { subscriptionContract } from './contractSubscriptions';
import type { EventStore, EventStoreOptions, RecordedEvent } from './port';

export { collect, metadataFor, newEvent } from './contractFixtures';
export type { ContractSubject } from './contractFixtures';

export interface ContractOptions {
  /** False when `open()` cannot hand out an empty store (a shared EventStoreDB server). Default true. */
  freshStore?: boolean;
  /** True when ids are unique across the whole store rather than per stream (sqlite, postgres). Default true. */
  storeWideIds?: boolean;
}

export function eventStoreContract(
  name: string,
  open: (storeOptions?: EventStoreOptions) => Promise<ContractSubject>,
  options: ContractOptions = {},
): void {
  const freshStore = options.freshStore ?? true;
  const storeWideIds = options.storeWideIds ?? true;

  describe(`EventStore contract: ${name}`, () => {
    let subject: ContractSubject;
    let store: EventStore;
    let prefix: string;
    /** head() when the test began: a shared store already holds other events. */
    let start: bigint;
    const streamName = (suffix: string): string => `${prefix}-${suffix}`;
    const ours = (events: RecordedEvent[]): RecordedEvent[] =>
      events.filter((e) => e.stream.startsWith(prefix));

    const suite: ContractSuite = {
      get store() {
        return store;
      },
      get prefix() {
        return prefix;
      },
      get start() {
        return start;
      },
      open,
      freshStore,
      storeWideIds,
      streamName,
      ours,
    };

    beforeEach(async () => {
      subject = await open();
      store = subject.store;
      prefix = `c${randomUUID().slice(0, 8)}`;
      start = await store.head();
    });

    afterEach(async () => {
      await subject.cleanup();
    });

    appendContract(suite);
    readContract(suite);
    subscriptionContract(suite);
  });
}

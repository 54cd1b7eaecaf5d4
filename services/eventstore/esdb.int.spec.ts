import { describe, expect, it } from 'vitest';
import { eventStoreContract } from './contract';
import { esdbEventId, openEsdbEventStore } from './esdb';
import { startEsdbDouble } from './testing/esdbDouble';

const url = process.env.EVENTSTORE_URL || undefined;

describe('esdb event ids', () => {
  it('keeps canonical UUIDs and maps other ids to stable name-based UUIDs', () => {
    const uuid = '0b8e7c1e-4f7a-4d5b-9a52-3c1f2e6d7a80';
    expect(esdbEventId(uuid)).toBe(uuid);
    const mapped = esdbEventId('order-1:placed');
    expect(mapped).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(esdbEventId('order-1:placed')).toBe(mapped);
    expect(esdbEventId('order-1:paid')).not.toBe(mapped);
    expect(esdbEventId(uuid.toUpperCase())).not.toBe(uuid);
  });
});

// Every run: the adapter through the real client against the wire-level test double (testing/esdbDouble.ts), a
// fresh double per store.
eventStoreContract(
  'esdb on the EventStoreDB test double',
  async (options) => {
    const double = await startEsdbDouble();
    const store = await openEsdbEventStore(double.url, options);
    return {
      store,
      async cleanup() {
        await store.close();
        await double.close();
      },
    };
  },
  { storeWideIds: false },
);

if (url) {
  eventStoreContract(
    'esdb on a real EventStoreDB server',
    async (options) => {
      const store = await openEsdbEventStore(url, options);
      return { store, cleanup: () => store.close() };
    },
    { freshStore: false, storeWideIds: false },
  );
} else {
  console.warn(
    '\n*** SKIPPED (no EVENTSTORE_URL, EventStoreDB tier): EventStore contract: esdb on a real server ***\n',
  );
  describe.skip('EventStore contract: esdb on a real EventStoreDB server (set EVENTSTORE_URL, e.g. esdb://127.0.0.1:2113?tls=false)', () => {
    it('runs the shared contract against EventStoreDB', () => undefined);
  });
}

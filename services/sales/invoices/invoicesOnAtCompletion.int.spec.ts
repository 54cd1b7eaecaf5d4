import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEventStore, type EventStore } from '../../eventstore';
import { createTestDatabase, describeWithPostgres, type TestDatabase } from '../../kit/testing/postgres';
import { eventStream, type EventEvent } from '../../catalog/events/eventEvents';
import { defaultEventSettings } from '../../catalog/events/eventSettings';
import { eventDetails } from '../../catalog/events/testing';
import { invoicesOnAtCompletion } from './invoicesOnAtCompletion';

const at = '2027-01-10T12:00:00.000Z';
const metadata = { correlationId: 'test', causationId: 'test', actor: 'test' };

function created(eventId: string): EventEvent {
  return {
    type: 'EventCreated',
    data: {
      eventId,
      accountId: 'ac_1',
      organizerId: null,
      slug: 'winter-jazz-night',
      ...eventDetails(),
      settings: defaultEventSettings,
      createdAt: at,
    },
  };
}

const invoices = (eventId: string, on: boolean): EventEvent => ({
  type: 'EventSettingsUpdated',
  data: { eventId, changes: { invoicesEnabled: on }, updatedAt: at },
});
const published = (eventId: string): EventEvent => ({
  type: 'EventPublished',
  data: { eventId, publishedAt: at },
});

/** Another stream's event: a completion happens between two of the event's own. */
async function completion(store: EventStore): Promise<bigint> {
  const result = await store.append(
    `order-${randomUUID()}`,
    [{ id: randomUUID(), type: 'Marker', data: {}, metadata }],
    { expected: 'no_stream' },
  );
  return result.position;
}

async function record(store: EventStore, eventId: string, event: EventEvent): Promise<void> {
  await store.append(eventStream(eventId), [{ id: randomUUID(), ...event, metadata }], { expected: 'any' });
}

function suite(open: () => Promise<{ store: EventStore; cleanup: () => Promise<void> }>) {
  let store: EventStore;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ store, cleanup } = await open());
  });
  afterEach(async () => {
    await cleanup();
  });

  it('answers as the stream stood at each completion, however far it has grown since the last question', async () => {
    const eventId = `ev_${randomUUID()}`;
    await record(store, eventId, created(eventId));
    const beforeAnySwitch = await completion(store);
    expect(await invoicesOnAtCompletion(store, eventId, beforeAnySwitch)).toBe(false);

    await record(store, eventId, invoices(eventId, true));
    const whileOn = await completion(store);
    await record(store, eventId, published(eventId));
    const stillOn = await completion(store);
    await record(store, eventId, invoices(eventId, false));
    const afterOff = await completion(store);
    await record(store, eventId, invoices(eventId, true));

    // Asked out of order, after the stream moved on: each as of its own position.
    expect(await invoicesOnAtCompletion(store, eventId, stillOn)).toBe(true);
    expect(await invoicesOnAtCompletion(store, eventId, afterOff)).toBe(false);
    expect(await invoicesOnAtCompletion(store, eventId, whileOn)).toBe(true);
    expect(await invoicesOnAtCompletion(store, eventId, beforeAnySwitch)).toBe(false);
    expect(await invoicesOnAtCompletion(store, eventId, await completion(store))).toBe(true);
  });

  it('answers alike for completions asked at once, and for an event the store does not hold', async () => {
    const eventId = `ev_${randomUUID()}`;
    await record(store, eventId, created(eventId));
    await record(store, eventId, invoices(eventId, true));
    const first = await completion(store);
    await record(store, eventId, invoices(eventId, false));
    const second = await completion(store);
    const answers = await Promise.all(
      [first, second, first, second].map((position) => invoicesOnAtCompletion(store, eventId, position)),
    );
    expect(answers).toEqual([true, false, true, false]);
    expect(await invoicesOnAtCompletion(store, `ev_${randomUUID()}`, second)).toBe(false);
  });
}

describe('invoicesOnAtCompletion on SQLite', () => {
  suite(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'invoices-on-'));
    const store = await openEventStore({ kind: 'sqlite', file: join(dir, 'events.db') });
    return {
      store,
      cleanup: async () => {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
});

describeWithPostgres('invoicesOnAtCompletion on PostgreSQL', () => {
  suite(async () => {
    const database: TestDatabase = await createTestDatabase('inv_on');
    const store = await openEventStore({ kind: 'postgres', url: database.url });
    return {
      store,
      cleanup: async () => {
        await store.close();
        await database.drop();
      },
    };
  });
});

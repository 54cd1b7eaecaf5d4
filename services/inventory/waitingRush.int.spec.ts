import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPostgresEventStore } from '../eventstore/postgres';
import { openSqliteEventStore } from '../eventstore/sqlite';
import type { EventStore } from '../eventstore/port';
import { CommandHandler, type CommandContext } from '../kit/commandHandler';
import { Refusal } from '../kit/refusal';
import { createTestDatabase, describeWithPostgres, type TestDatabase } from '../kit/testing/postgres';
import { inventoryDecider, type InventoryCommand } from './inventoryDecider';
import { inventoryStream } from './inventoryEvents';

const context: CommandContext = { correlationId: 'waiting-rush', actor: 'public' };
const now = new Date('2026-12-01T10:00:00.000Z');
const expiresAt = new Date(now.getTime() + 15 * 60_000);
const WAITING = 50;
const PUBLIC = 200;
const SOLD = 100;
const RELEASED = 60;

const line = { ticketId: 'tk_a', tierId: null, quantity: 1 };
const hold = (eventId: string, holdId: string, waitingEntryId: string | null): InventoryCommand => ({
  type: 'PlaceHold',
  eventId,
  holdId,
  orderId: `order-${holdId}`,
  lines: [line],
  now,
  expiresAt,
  perOrderLimits: {},
  waitingEntryId,
});

/** 100 sold, 50 entries waiting for one unit each, then the capacity is raised by 60 and everyone races. */
async function race(store: EventStore, racers: CommandHandler[], eventId: string) {
  const setup = new CommandHandler(store);
  const stream = inventoryStream(eventId);
  await setup.handle(
    inventoryDecider,
    stream,
    { type: 'DefineTicketStock', eventId, ticketId: 'tk_a', quantity: SOLD, now },
    context,
  );
  await setup.handle(
    inventoryDecider,
    stream,
    { ...hold(eventId, 'sold', null), lines: [{ ...line, quantity: SOLD }] } as InventoryCommand,
    context,
  );
  await setup.handle(
    inventoryDecider,
    stream,
    { type: 'ConvertHold', eventId, holdId: 'sold', orderId: 'order-sold', now },
    context,
  );
  for (let i = 0; i < WAITING; i++)
    await setup.handle(
      inventoryDecider,
      stream,
      { type: 'AddWaitingDemand', eventId, entryId: `we-${i}`, line, now },
      context,
    );
  await setup.handle(
    inventoryDecider,
    stream,
    { type: 'DefineTicketStock', eventId, ticketId: 'tk_a', quantity: SOLD + RELEASED, now },
    context,
  );
  const commands = [
    ...Array.from({ length: WAITING }, (_, i) => hold(eventId, `offer-${i}`, `we-${i}`)),
    ...Array.from({ length: PUBLIC }, (_, i) => hold(eventId, `public-${i}`, null)),
  ].sort((a, b) => (a.type === 'PlaceHold' && b.type === 'PlaceHold' ? hash(a.holdId) - hash(b.holdId) : 0));
  const results = await Promise.allSettled(
    commands.map((command, i) =>
      racers[i % racers.length]!.handle(inventoryDecider, stream, command, context),
    ),
  );
  const failed = results.filter((r) => r.status === 'rejected' && !(r.reason instanceof Refusal));
  const held: string[] = [];
  for await (const event of store.readStream(stream))
    if (event.type === 'HoldPlaced') held.push((event.data as { holdId: string }).holdId);
  return {
    failed: failed.length,
    offers: held.filter((id) => id.startsWith('offer-')).length,
    publicHolds: held.filter((id) => id.startsWith('public-')).length,
    total: held.filter((id) => id !== 'sold').length,
  };
}

/** A fixed interleaving of offers and public buyers. */
function hash(text: string): number {
  let h = 7;
  for (const char of text) h = (h * 31 + char.charCodeAt(0)) % 100_003;
  return h;
}

function raceTests(open: () => Promise<{ store: EventStore; close(): Promise<void> }>) {
  let store: EventStore;
  let opened: Awaited<ReturnType<typeof open>>;
  beforeEach(async () => {
    opened = await open();
    store = opened.store;
  });
  afterEach(async () => {
    await opened.close();
  });

  it('released units with 50 waiting and 200 public buyers racing: the entries are served first, nothing oversold', async () => {
    const racers = [
      new CommandHandler(store, { maxRetries: 300 }),
      new CommandHandler(store, { maxRetries: 300 }),
    ];
    const outcome = await race(store, racers, 'ev-wait');
    expect(outcome.failed).toBe(0);
    expect(outcome.offers).toBe(WAITING);
    expect(outcome.publicHolds).toBe(RELEASED - WAITING);
    expect(outcome.total).toBe(RELEASED);
  });
}

describe('the waiting list under a race on SQLite', () => {
  raceTests(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'waiting-'));
    const store = await openSqliteEventStore(join(dir, 'events.sqlite'));
    return {
      store,
      async close() {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
});

describeWithPostgres('the waiting list under a race on PostgreSQL', () => {
  raceTests(async () => {
    const database: TestDatabase = await createTestDatabase('waiting');
    const store = await openPostgresEventStore(database.url);
    return {
      store,
      async close() {
        await store.close();
        await database.drop();
      },
    };
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPostgresEventStore } from '../eventstore/postgres';
import { openSqliteEventStore } from '../eventstore/sqlite';
import type { EventStore, ExpectedRevision, NewEvent } from '../eventstore/port';
import { CommandHandler, type CommandContext } from '../kit/commandHandler';
import { Refusal } from '../kit/refusal';
import { createTestDatabase, describeWithPostgres, type TestDatabase } from '../kit/testing/postgres';
import { inventoryDecider, remainingAt, type HoldClient, type InventoryCommand } from './inventoryDecider';
import { inventoryStream, type HoldLine, type InventoryEvent } from './inventoryEvents';

const context: CommandContext = { correlationId: 'rush', actor: 'public' };
const now = new Date('2026-12-01T10:00:00.000Z');
const expiresAt = new Date(now.getTime() + 15 * 60_000);

/** The guard off: every append ignores the expected revision. Only to prove the rush tests can fail. */
function withoutRevisionGuard(store: EventStore): EventStore {
  return {
    kind: store.kind,
    append: (stream: string, events: readonly NewEvent[], _options: { expected: ExpectedRevision }) =>
      store.append(stream, events, { expected: 'any' }),
    readStream: (stream, options) => store.readStream(stream, options),
    readAll: (options) => store.readAll(options),
    subscribe: (options) => store.subscribe(options),
    head: () => store.head(),
    close: () => store.close(),
  };
}

interface Scenario {
  name: string;
  definitions: InventoryCommand[];
  /** The lines of the i-th buyer's hold. */
  lines(i: number): HoldLine[];
  promoCodeId: string | null;
  /** The one anonymous client every buyer stands for, if any. */
  client?: HoldClient;
  /** How many holds fit exactly. */
  fits: number;
  refusal: string;
}

const define = (eventId: string): Record<'tickets' | 'capacity' | 'promo' | 'client', Scenario> => ({
  tickets: {
    name: '200 buyers rush 50 tickets',
    definitions: [{ type: 'DefineTicketStock', eventId, ticketId: 'tk_a', quantity: 50, now }],
    lines: () => [{ ticketId: 'tk_a', tierId: null, quantity: 1 }],
    promoCodeId: null,
    fits: 50,
    refusal: 'sold_out',
  },
  capacity: {
    name: '200 buyers rush a capacity of 50 shared by three tickets',
    definitions: [
      ...['tk_a', 'tk_b', 'tk_c'].map((ticketId): InventoryCommand => ({
        type: 'DefineTicketStock',
        eventId,
        ticketId,
        quantity: null,
        now,
      })),
      {
        type: 'DefineCapacity',
        eventId,
        capacityAssignmentId: 'cap',
        capacity: 50,
        ticketIds: ['tk_a', 'tk_b', 'tk_c'],
        enabled: true,
        now,
      },
    ],
    lines: (i) => [{ ticketId: ['tk_a', 'tk_b', 'tk_c'][i % 3]!, tierId: null, quantity: 1 }],
    promoCodeId: null,
    fits: 50,
    refusal: 'capacity_exceeded',
  },
  promo: {
    name: '200 buyers rush a promo code limited to 10 uses',
    definitions: [
      { type: 'DefineTicketStock', eventId, ticketId: 'tk_a', quantity: null, now },
      { type: 'DefinePromoCap', eventId, promoCodeId: 'pc', maxUses: 10, now },
    ],
    lines: () => [{ ticketId: 'tk_a', tierId: null, quantity: 1 }],
    promoCodeId: 'pc',
    fits: 10,
    refusal: 'promo_code_exhausted',
  },
  client: {
    name: 'one client sends 200 reservations at once, with 3 open holds allowed',
    definitions: [{ type: 'DefineTicketStock', eventId, ticketId: 'tk_a', quantity: null, now }],
    lines: () => [{ ticketId: 'tk_a', tierId: null, quantity: 1 }],
    promoCodeId: null,
    client: { key: 'c1', maxOpenHolds: 3 },
    fits: 3,
    refusal: 'too_many_reservations',
  },
});

async function recorded(store: EventStore, stream: string): Promise<InventoryEvent[]> {
  const events: InventoryEvent[] = [];
  for await (const event of store.readStream(stream))
    events.push({ type: event.type, data: event.data } as InventoryEvent);
  return events;
}

async function rush(handlers: CommandHandler[], eventId: string, scenario: Scenario, buyers = 200) {
  for (const command of scenario.definitions)
    await handlers[0]!.handle(inventoryDecider, inventoryStream(eventId), command, context);
  const results = await Promise.allSettled(
    Array.from({ length: buyers }, (_, i) =>
      handlers[i % handlers.length]!.handle(
        inventoryDecider,
        inventoryStream(eventId),
        {
          type: 'PlaceHold',
          eventId,
          holdId: `hold-${i}`,
          orderId: `order-${i}`,
          lines: scenario.lines(i),
          promoCodeId: scenario.promoCodeId,
          now,
          expiresAt,
          perOrderLimits: {},
          client: scenario.client ?? null,
        },
        context,
      ),
    ),
  );
  return {
    accepted: results.filter((r) => r.status === 'fulfilled').length,
    refusedWith: new Set(
      results.flatMap((r) =>
        r.status === 'rejected' && r.reason instanceof Refusal ? [r.reason.reason] : [],
      ),
    ),
    failed: results.filter((r) => r.status === 'rejected' && !(r.reason instanceof Refusal)).length,
  };
}

async function holdsInStore(store: EventStore, eventId: string): Promise<number> {
  return (await recorded(store, inventoryStream(eventId))).filter((event) => event.type === 'HoldPlaced')
    .length;
}

function rushTests(open: () => Promise<{ store: EventStore; close(): Promise<void> }>) {
  let store: EventStore;
  let opened: Awaited<ReturnType<typeof open>>;
  beforeEach(async () => {
    opened = await open();
    store = opened.store;
  });
  afterEach(async () => {
    await opened.close();
  });

  for (const kind of ['tickets', 'capacity', 'promo', 'client'] as const) {
    it(`${define('x')[kind].name}: exactly the limit is held, also across two processes`, async () => {
      const scenario = define(`ev-${kind}`)[kind];
      const handlers = [
        new CommandHandler(store, { maxRetries: 50 }),
        new CommandHandler(store, { maxRetries: 50 }),
      ];
      const outcome = await rush(handlers, `ev-${kind}`, scenario);
      expect(outcome.failed).toBe(0);
      expect(outcome.accepted).toBe(scenario.fits);
      expect([...outcome.refusedWith]).toEqual([scenario.refusal]);
      expect(await holdsInStore(store, `ev-${kind}`)).toBe(scenario.fits);
      const state = (await new CommandHandler(store).load(inventoryDecider, inventoryStream(`ev-${kind}`)))
        .state;
      if (kind === 'tickets' || kind === 'capacity')
        expect(Object.values(remainingAt(state, now).tickets)).toContain(0);
    });

    it(`${define('x')[kind].name}: with the revision guard off the same rush oversells`, async () => {
      // Without the guard an oversell needs two handlers to decide from the same state at the edge of the limit,
      // which a quiet machine does not always interleave in one rush: up to five rushes, one must oversell.
      const unguarded = withoutRevisionGuard(store);
      let mostHeld = 0;
      let fits = 0;
      for (let attempt = 1; attempt <= 5 && mostHeld <= fits; attempt++) {
        const eventId = `ev-off-${kind}-${attempt}`;
        const scenario = define(eventId)[kind];
        fits = scenario.fits;
        const handlers = [0, 1, 2, 3].map(() => new CommandHandler(unguarded, { maxBatch: 1 }));
        await rush(handlers, eventId, scenario);
        mostHeld = Math.max(mostHeld, await holdsInStore(store, eventId));
      }
      expect(mostHeld).toBeGreaterThan(fits);
    });
  }
}

describe('the inventory under a rush on SQLite', () => {
  rushTests(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inventory-'));
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

describeWithPostgres('the inventory under a rush on PostgreSQL', () => {
  rushTests(async () => {
    const database: TestDatabase = await createTestDatabase('inventory');
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { ManualClock, randomIds } from '../../kit/clock';
import { CommandHandler, type CommandContext } from '../../kit/commandHandler';
import { Refusal } from '../../kit/refusal';
import type { EventStore, ExpectedRevision, NewEvent } from '../../eventstore/port';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../../api/testing';
import { inventoryStream } from '../../inventory/inventoryEvents';
import { createPromoCode } from '../../catalog/promoCodes/promoCodeCommands';
import { placeOrder } from './checkout';
import { orderStream } from './orderEvents';

const context: CommandContext = { correlationId: 'rush', actor: 'public' };

/** The guard off: every append ignores the expected revision. Only to prove the rush test can fail. */
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

async function count(store: EventStore, stream: string, type: string): Promise<number> {
  let n = 0;
  for await (const event of store.readStream(stream)) if (event.type === type) n++;
  return n;
}

/**
 * 200 buyers rush 50 tickets (or a capacity of 50 shared by three tickets, or a promo code for 10 uses) through the whole checkout workflow (catalogue checks, pricing, the hold in the
 * inventory, then the order), split over two command handlers standing for two API processes sharing the store.
 */
function rushSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let token: string;
  let organizerId: string;

  type Kind = 'tickets' | 'capacity' | 'promo';
  const fits: Record<Kind, number> = { tickets: 50, capacity: 50, promo: 10 };
  const refusal: Record<Kind, string> = {
    tickets: 'sold_out',
    capacity: 'capacity_exceeded',
    promo: 'promo_code_exhausted',
  };

  /** tickets: one ticket of 50; capacity: three unlimited tickets sharing 50 places; promo: a code for 10 uses. */
  async function shop(kind: Kind): Promise<{ eventId: string; ticketIds: string[]; promoCode?: string }> {
    const api = t.client(token);
    const created = await api<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizerId,
        title: 'Rush',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    const eventId = created.body.data.id;
    // Paid tickets need a way to be paid; offline payment is the one without a card provider.
    const settings = await api('PUT', `/api/events/${eventId}/settings`, {
      json: { offline_payments_enabled: true },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const ticketIds: string[] = [];
    for (const title of kind === 'capacity' ? ['Seat A', 'Seat B', 'Seat C'] : ['Seat']) {
      const ticket = await api<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
        json: {
          type: 'PAID',
          title,
          price: 1500,
          quantity: kind === 'tickets' ? 50 : null,
          tax_and_fee_ids: [],
        },
      });
      expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
      ticketIds.push(ticket.body.data.id);
    }
    if (kind === 'capacity') {
      const capacity = await api('POST', `/api/events/${eventId}/capacity-assignments`, {
        json: { name: 'Hall', capacity: 50, ticket_ids: ticketIds },
      });
      expect(capacity.status, JSON.stringify(capacity.body)).toBe(201);
    }
    let promoCode: string | undefined;
    if (kind === 'promo') {
      promoCode = 'RUSH10';
      await createPromoCode(
        t.platform.services,
        {
          eventId,
          definition: {
            code: promoCode,
            discountType: 'PERCENT',
            discount: 10,
            expiresAt: null,
            maxUsages: 10,
            applicableTicketIds: [],
          },
        },
        context,
      );
    }
    expect((await api('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } })).status).toBe(
      200,
    );
    return { eventId, ticketIds, ...(promoCode ? { promoCode } : {}) };
  }

  async function rush(kind: Kind, store: EventStore, handlers: number, options: { maxBatch?: number }) {
    const { eventId, ticketIds, promoCode } = await shop(kind);
    const processes = Array.from(
      { length: handlers },
      () => new CommandHandler(store, { maxRetries: 50, ...options }),
    );
    const orderIds = Array.from({ length: 200 }, () => randomIds.uuid());
    const results = await Promise.allSettled(
      orderIds.map((orderId, i) =>
        placeOrder(
          {
            commands: processes[i % processes.length]!,
            db: t.platform.services.db,
            clock,
            ids: randomIds,
            config: t.platform.services.config,
          },
          context,
          {
            eventId,
            lines: [{ ticketId: ticketIds[i % ticketIds.length]!, quantity: 1 }],
            locale: 'en',
            orderId,
            ...(promoCode ? { promoCode } : {}),
          },
        ),
      ),
    );
    let placedOrders = 0;
    for (const orderId of orderIds) placedOrders += await count(store, orderStream(orderId), 'OrderPlaced');
    return {
      eventId,
      accepted: results.filter((r) => r.status === 'fulfilled').length,
      refusedWith: new Set(
        results.flatMap((r) =>
          r.status === 'rejected' && r.reason instanceof Refusal ? [r.reason.reason] : [],
        ),
      ),
      failed: results.filter((r) => r.status === 'rejected' && !(r.reason instanceof Refusal)),
      placedOrders,
      holds: await count(store, inventoryStream(eventId), 'HoldPlaced'),
    };
  }

  beforeAll(async () => {
    t = await startTestPlatform(kind, { clock });
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await t.client(token)<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Rush Collective' },
    });
    organizerId = organizer.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  for (const kind of ['tickets', 'capacity', 'promo'] as const) {
    it(`${kind}: 200 concurrent orders place exactly ${fits[kind]}, across two processes`, async () => {
      const outcome = await rush(kind, t.platform.services.store, 2, {});
      expect(outcome.failed).toEqual([]);
      expect(outcome.accepted).toBe(fits[kind]);
      expect([...outcome.refusedWith]).toEqual([refusal[kind]]);
      expect(outcome.holds).toBe(fits[kind]);
      expect(outcome.placedOrders).toBe(fits[kind]);
    }, 60_000);

    it(`${kind}: with the revision guard off the same rush oversells (the test can fail)`, async () => {
      const unguarded = withoutRevisionGuard(t.platform.services.store);
      let most = 0;
      for (let attempt = 1; attempt <= 5 && most <= fits[kind]; attempt++) {
        const outcome = await rush(kind, unguarded, 4, { maxBatch: 1 });
        most = Math.max(most, outcome.placedOrders);
      }
      expect(most).toBeGreaterThan(fits[kind]);
    }, 120_000);
  }
}

describe('the checkout under a rush on SQLite', () => rushSuite('sqlite'));
describeWithPostgres('the checkout under a rush on PostgreSQL', () => rushSuite('postgres'));

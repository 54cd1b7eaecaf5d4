import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { ManualClock, randomIds } from '../../kit/clock';
import { CommandHandler, type CommandContext } from '../../kit/commandHandler';
import { Refusal } from '../../kit/refusal';
import type { EventStore, ExpectedRevision, NewEvent } from '../../eventstore/port';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../../api/testing';
import { inventoryStream } from '../inventory/inventoryEvents';
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
 * 200 buyers rush 50 tickets through the whole checkout workflow (catalogue checks, pricing, the hold in the
 * inventory, then the order), split over two command handlers standing for two API processes sharing the store.
 */
function rushSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let token: string;
  let organizerId: string;

  async function eventWithFiftyTickets(): Promise<{ eventId: string; ticketId: string }> {
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
    const ticket = await api<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'PAID', title: 'Seat', price: 1500, quantity: 50, tax_and_fee_ids: [] },
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    expect((await api('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } })).status).toBe(
      200,
    );
    return { eventId, ticketId: ticket.body.data.id };
  }

  async function rush(store: EventStore, handlers: number, options: { maxBatch?: number }) {
    const { eventId, ticketId } = await eventWithFiftyTickets();
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
          },
          context,
          { eventId, lines: [{ ticketId, quantity: 1 }], locale: 'en', orderId },
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

  it('200 concurrent orders for 50 tickets place exactly 50 orders, across two processes', async () => {
    const outcome = await rush(t.platform.services.store, 2, {});
    expect(outcome.failed).toEqual([]);
    expect(outcome.accepted).toBe(50);
    expect([...outcome.refusedWith]).toEqual(['sold_out']);
    expect(outcome.holds).toBe(50);
    expect(outcome.placedOrders).toBe(50);
  }, 60_000);

  it('with the revision guard off the same rush oversells (the test can fail)', async () => {
    const unguarded = withoutRevisionGuard(t.platform.services.store);
    let most = 0;
    for (let attempt = 1; attempt <= 5 && most <= 50; attempt++) {
      const outcome = await rush(unguarded, 4, { maxBatch: 1 });
      most = Math.max(most, outcome.placedOrders);
    }
    expect(most).toBeGreaterThan(50);
  }, 120_000);
}

describe('the checkout under a rush on SQLite', () => rushSuite('sqlite'));
describeWithPostgres('the checkout under a rush on PostgreSQL', () => rushSuite('postgres'));

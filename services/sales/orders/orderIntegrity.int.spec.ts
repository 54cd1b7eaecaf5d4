import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { ManualClock } from '../../kit/clock';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../../api/testing';
import { createPromoCode } from '../../catalog/promoCodes/promoCodeCommands';
import { findHold, inventoryDecider, remainingAt } from '../../inventory/inventoryDecider';
import { inventoryStream } from '../../inventory/inventoryEvents';
import { orderStream } from './orderEvents';

type Problem = { status: number; reason: string; errors?: Record<string, string[]> };
type Order = {
  id: string;
  short_id: string;
  status: string;
  total: number;
  lines: { ticket_id: string; quantity: number }[];
};

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

/** Order commands that must say what they did: a checkout order id replays only its own request; mark-paid. */
function orderIntegritySuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let token: string;
  let organizerId: string;
  const api = () => t.client(token);
  const buyer = () => t.client();

  beforeAll(async () => {
    // One client sends every request here: the per-client reservation limits are another file's subject.
    t = await startTestPlatform(kind, {
      clock,
      config: { reservations: { holdsPerClient: 0, perClientPerMinute: 0, lifetimeFactor: 2 } },
    });
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await api()<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Quay Collective' },
    });
    organizerId = organizer.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function liveEvent(tickets: Record<string, unknown>[]) {
    const created = await api()<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizerId,
        title: 'Quay Nights',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const eventId = created.body.data.id;
    const saved = await api()('PUT', `/api/events/${eventId}/settings`, {
      json: { offline_payments_enabled: true },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const ids: string[] = [];
    for (const ticket of tickets) {
      const response = await api()<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
        json: { tax_and_fee_ids: [], quantity: 20, ...ticket },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      ids.push(response.body.data.id);
    }
    const live = await api()('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    return { eventId, ticketIds: ids };
  }
  const order = (eventId: string, json: Record<string, unknown>) =>
    buyer()<{ data: Order }>('POST', `/api/public/events/${eventId}/orders`, { json });
  const detailsAndComplete = async (eventId: string, shortId: string, method: string) => {
    const details = await buyer()('PUT', `/api/public/events/${eventId}/orders/${shortId}/details`, {
      json: {
        first_name: 'Ann',
        last_name: 'Lee',
        email: 'ann@example.com',
        attendees: [{ first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com' }],
        terms_agreed: true,
      },
    });
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    const completed = await buyer()<{ data: Order }>(
      'POST',
      `/api/public/events/${eventId}/orders/${shortId}/complete`,
      { json: { payment_method: method } },
    );
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    return completed.body.data;
  };
  const inventory = async (eventId: string) =>
    (await t.platform.services.commands.load(inventoryDecider, inventoryStream(eventId))).state;
  const remaining = async (eventId: string, ticketId: string) =>
    remainingAt(await inventory(eventId), clock.now()).tickets[ticketId];
  const streamTypes = async (orderId: string) => {
    const types: string[] = [];
    for await (const event of t.platform.services.store.readStream(orderStream(orderId)))
      types.push(event.type);
    return types;
  };
  const markPaid = (eventId: string, orderId: string) =>
    api()<{ data: { status: string } }>('POST', `/api/events/${eventId}/orders/${orderId}/mark-paid`, {
      json: {},
    });

  describe('a checkout order id', () => {
    it('replays only the identical request; any other order under the same id is order_id_reused', async () => {
      const {
        eventId,
        ticketIds: [entry = '', crew = '', gift = ''],
      } = await liveEvent([
        { type: 'PAID', title: 'Entry', price: 1500 },
        { type: 'PAID', title: 'Crew', price: 1000 },
        { type: 'DONATION', title: 'Gift', minimum_price: 100 },
      ]);
      await createPromoCode(
        t.platform.services,
        {
          eventId,
          definition: {
            code: 'QUAY10',
            discountType: 'PERCENT',
            discount: 10,
            expiresAt: null,
            maxUsages: null,
            applicableTicketIds: [],
          },
        },
        { correlationId: 'test', actor: 'system' },
      );
      const orderId = randomUUID();
      const body = {
        order_id: orderId,
        lines: [
          { ticket_id: entry, quantity: 2 },
          { ticket_id: gift, quantity: 1, amount: 700 },
        ],
        promo_code: 'quay10',
        affiliate_code: 'harbour',
        locale: 'de',
      };
      const first = await order(eventId, body);
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      // The same request again (a retry; the promo code in another case is the same code): the same order.
      const again = await order(eventId, { ...body, promo_code: ' QUAY10 ' });
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(again.body.data).toMatchObject({ id: orderId, short_id: first.body.data.short_id });
      expect(await remaining(eventId, entry)).toBe(18);

      const others: Record<string, unknown>[] = [
        { lines: [{ ticket_id: entry, quantity: 3 }, body.lines[1]] },
        { lines: [{ ticket_id: crew, quantity: 2 }, body.lines[1]] },
        { lines: [body.lines[0]] },
        { lines: [body.lines[1], body.lines[0]] },
        { lines: [body.lines[0], { ticket_id: gift, quantity: 1, amount: 900 }] },
        { lines: [body.lines[0], { ticket_id: gift, quantity: 1 }] },
        { promo_code: undefined },
        { affiliate_code: 'elsewhere' },
        { affiliate_code: undefined },
        { locale: 'fr' },
      ];
      for (const change of others) {
        const reused = expectProblem(await order(eventId, { ...body, ...change }), 400, 'order_id_reused');
        expect(Object.keys(reused.errors ?? {})).toEqual(['order_id']);
      }
      // Nothing was held or recorded for them.
      expect(await remaining(eventId, entry)).toBe(18);
      expect(await remaining(eventId, crew)).toBe(20);
      expect(await streamTypes(orderId)).toEqual(['OrderPlaced']);
    });

    it('two different orders racing under one id: one is recorded with its own hold, the other is refused', async () => {
      const {
        eventId,
        ticketIds: [entry = ''],
      } = await liveEvent([{ type: 'PAID', title: 'Entry', price: 1500 }]);
      const orderId = randomUUID();
      const asking = (quantity: number) => ({ order_id: orderId, lines: [{ ticket_id: entry, quantity }] });
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, index) => order(eventId, asking(index % 2 === 0 ? 1 : 4))),
      );
      const won = answers.find((answer) => answer.status === 201);
      expect(won, JSON.stringify(answers.map((answer) => answer.body))).toBeDefined();
      const quantity = won?.body.data.lines[0]?.quantity;
      for (const [index, answer] of answers.entries()) {
        const asked = index % 2 === 0 ? 1 : 4;
        if (asked === quantity) {
          expect(answer.status, JSON.stringify(answer.body)).toBe(201);
          expect(answer.body.data.id).toBe(orderId);
        } else expectProblem(answer, 400, 'order_id_reused');
      }
      // What the inventory holds is what the order says it holds.
      const hold = findHold(await inventory(eventId), `ho_${orderId.replaceAll('-', '')}`);
      expect(hold?.lines).toEqual([{ ticketId: entry, tierId: null, quantity }]);
      expect(await remaining(eventId, entry)).toBe(20 - (quantity ?? 0));
    });
  });

  describe('mark-paid', () => {
    it('refuses an order that was free (or paid) at checkout: it has already been paid', async () => {
      const {
        eventId,
        ticketIds: [free = ''],
      } = await liveEvent([{ type: 'FREE', title: 'Standing' }]);
      const placed = await order(eventId, { lines: [{ ticket_id: free, quantity: 1 }] });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const done = await detailsAndComplete(eventId, placed.body.data.short_id, 'FREE');
      expect(done.status).toBe('COMPLETED');
      const before = await streamTypes(done.id);
      expectProblem(await markPaid(eventId, done.id), 409, 'order_already_paid');
      expect(await streamTypes(done.id)).toEqual(before);
    });

    it('marks an order awaiting its offline payment paid once; marking it again is a quiet repeat', async () => {
      const {
        eventId,
        ticketIds: [paid = ''],
      } = await liveEvent([{ type: 'PAID', title: 'Seat', price: 2500 }]);
      const placed = await order(eventId, { lines: [{ ticket_id: paid, quantity: 1 }] });
      const awaiting = await detailsAndComplete(eventId, placed.body.data.short_id, 'OFFLINE');
      expect(awaiting.status).toBe('AWAITING_PAYMENT');
      const first = await markPaid(eventId, awaiting.id);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data.status).toBe('COMPLETED');
      const again = await markPaid(eventId, awaiting.id);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect((await streamTypes(awaiting.id)).filter((type) => type === 'OrderMarkedPaid')).toHaveLength(1);
      const other = await t.otherAccount();
      expectProblem(
        await t.client(other.token)('POST', `/api/events/${eventId}/orders/${awaiting.id}/mark-paid`, {
          json: {},
        }),
        404,
        'event_not_found',
      );
    });
  });
}

describe('order command integrity (SQLite)', () => orderIntegritySuite('sqlite'));
describeWithPostgres('order command integrity (PostgreSQL)', () => orderIntegritySuite('postgres'));

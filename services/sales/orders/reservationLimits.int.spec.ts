import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { ManualClock } from '../../kit/clock';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../../api/testing';
import { createPromoCode } from '../../catalog/promoCodes/promoCodeCommands';
import { eventually } from '../../messaging/testing';

type Problem = { status: number; reason: string };
type Order = {
  id: string;
  short_id: string;
  status: string;
  total: number;
  discount_total: number;
  promo_code: string | null;
  expires_at: string;
  reservation_ends_at: string | null;
};
type PublicTicket = { id: string; max_per_order: number | null; prices: { promo_applied: boolean }[] };

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

const context = { correlationId: 'test', actor: 'system' };
const minute = 60_000;

/**
 * What one anonymous client may reserve (issue 26, item 2), through the API with the platform's default limits:
 * three open holds per client and event, ten reservations a minute, a reservation living at most twice its first
 * length, ten of a ticket whose maximum per order is empty. And promo codes that tell the truth (item 5).
 */
function reservationLimitsSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let token: string;
  let organizerId: string;
  const api = () => t.client(token);
  const trustProxy = process.env.TRUST_PROXY;

  beforeAll(async () => {
    // Buyers name their address in X-Forwarded-For, to stand for people in different places.
    process.env.TRUST_PROXY = 'true';
    t = await startTestPlatform(kind, { clock });
    token = await t.login(t.admin.email, t.admin.password);
    organizerId = (
      await api()<{ data: { id: string } }>('POST', '/api/organizers', { json: { name: 'Quay Hall' } })
    ).body.data.id;
  });
  afterAll(async () => {
    await t?.close();
    if (trustProxy === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = trustProxy;
  });

  async function liveEvent(settings: Record<string, unknown>, tickets: Record<string, unknown>[]) {
    const created = await api()<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizerId,
        title: 'Quay Nights',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    const eventId = created.body.data.id;
    if (Object.keys(settings).length > 0)
      expect((await api()('PUT', `/api/events/${eventId}/settings`, { json: settings })).status).toBe(200);
    const ticketIds: string[] = [];
    for (const ticket of tickets) {
      const response = await api()<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
        json: { tax_and_fee_ids: [], ...ticket },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      ticketIds.push(response.body.data.id);
    }
    expect((await api()('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } })).status).toBe(
      200,
    );
    return { eventId, ticketIds };
  }

  const headers = (ip: string, previousOrder?: { eventId: string; orderId: string }) => ({
    'X-Forwarded-For': ip,
    ...(previousOrder ? { cookie: `order_${previousOrder.eventId}=${previousOrder.orderId}` } : {}),
  });
  const reserve = (eventId: string, ip: string, json: Record<string, unknown>) =>
    t.client()<{ data: Order }>('POST', `/api/public/events/${eventId}/orders`, {
      json,
      headers: headers(ip),
    });
  const one = (ticketId: string, quantity = 1) => ({ lines: [{ ticket_id: ticketId, quantity }] });
  const checkout = (eventId: string, ip: string, shortId: string, step: string, json?: unknown) =>
    t.client()<{ data: Order }>(
      step === 'details' ? 'PUT' : 'POST',
      `/api/public/events/${eventId}/orders/${shortId}/${step}`,
      { headers: headers(ip), ...(json === undefined ? {} : { json }) },
    );
  const buy = async (eventId: string, ip: string, order: Order, units: number, method: string) => {
    const person = { first_name: 'Ida', last_name: 'Quay', email: 'ida@example.com' };
    expect(
      (
        await checkout(eventId, ip, order.short_id, 'details', {
          ...person,
          attendees: Array.from({ length: units }, () => person),
          terms_agreed: true,
        })
      ).status,
    ).toBe(200);
    const completed = await checkout(eventId, ip, order.short_id, 'complete', { payment_method: method });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
  };

  it('one address holds at most three open reservations of an event; others still reserve; 429 says when to come back', async () => {
    const { eventId, ticketIds } = await liveEvent({}, [
      { type: 'FREE', title: 'Deck', quantity: 40, max_per_order: 5 },
    ]);
    const deck = ticketIds[0]!;
    const hoarder = '203.0.113.5';
    const held: Order[] = [];
    for (let i = 0; i < 3; i++) {
      const placed = await reserve(eventId, hoarder, one(deck, 5));
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      held.push(placed.body.data);
    }
    const fourth = await reserve(eventId, hoarder, one(deck, 5));
    expectProblem(fourth, 429, 'too_many_reservations');
    expect(fourth.headers.get('retry-after')).toBe(String(15 * 60));
    // Someone else is not held up by it.
    expect((await reserve(eventId, '198.51.100.2', one(deck, 5))).status).toBe(201);

    // A completed order is no longer open: its place is free again; so is an expired hold's.
    await buy(eventId, hoarder, held[0]!, 5, 'FREE');
    expect((await reserve(eventId, hoarder, one(deck))).status).toBe(201);
    expectProblem(await reserve(eventId, hoarder, one(deck)), 429, 'too_many_reservations');
    clock.advance(15 * minute);
    expect((await reserve(eventId, hoarder, one(deck))).status).toBe(201);
  });

  it('counts addresses of one IPv6 /64 as one client', async () => {
    const { eventId, ticketIds } = await liveEvent({}, [{ type: 'FREE', title: 'Deck', quantity: 40 }]);
    for (const ip of ['2001:db8:7:1::a', '2001:db8:7:1:ffff::1', '2001:db8:7:1:0:0:0:9'])
      expect((await reserve(eventId, ip, one(ticketIds[0]!))).status).toBe(201);
    expectProblem(
      await reserve(eventId, '2001:db8:7:1::42', one(ticketIds[0]!)),
      429,
      'too_many_reservations',
    );
    expect((await reserve(eventId, '2001:db8:7:2::a', one(ticketIds[0]!))).status).toBe(201);
  });

  it('lets no more than three of ten concurrent reservations from one address through', async () => {
    const { eventId, ticketIds } = await liveEvent({}, [{ type: 'FREE', title: 'Deck', quantity: 100 }]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => reserve(eventId, '192.0.2.77', one(ticketIds[0]!, 2))),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    for (const answer of answers.filter((candidate) => candidate.status !== 201))
      expectProblem(answer, 429, 'too_many_reservations');
    const orders = await api()<{ data: unknown[] }>('GET', `/api/events/${eventId}/orders`);
    expect(orders.body.data).toHaveLength(3);
  });

  it('slows down a client that reserves more than ten times a minute in one event', async () => {
    const { eventId, ticketIds } = await liveEvent({}, [{ type: 'FREE', title: 'Deck', quantity: 100 }]);
    const other = await liveEvent({}, [{ type: 'FREE', title: 'Deck', quantity: 100 }]);
    let previous: string | undefined;
    for (let i = 0; i < 10; i++) {
      // Each new order replaces the one before, as a browser's does: never more than one open hold.
      const placed = await reserve(eventId, '192.0.2.8', {
        ...one(ticketIds[0]!),
        ...(previous ? { replaces_order_id: previous } : {}),
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      previous = placed.body.data.id;
      clock.advance(1_000);
    }
    const slowed = await reserve(eventId, '192.0.2.8', {
      ...one(ticketIds[0]!),
      replaces_order_id: previous,
    });
    expectProblem(slowed, 429, 'too_many_requests');
    const wait = Number(slowed.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await reserve(other.eventId, '192.0.2.8', one(other.ticketIds[0]!))).status).toBe(201);
    expect((await reserve(eventId, '192.0.2.9', one(ticketIds[0]!))).status).toBe(201);
    clock.advance(wait * 1_000);
    expect(
      (await reserve(eventId, '192.0.2.8', { ...one(ticketIds[0]!), replaces_order_id: previous })).status,
    ).toBe(201);
  });

  it('holds at most ten of a ticket whose maximum per order is empty', async () => {
    const { eventId, ticketIds } = await liveEvent({}, [
      { type: 'FREE', title: 'Open', quantity: null, max_per_order: null },
      { type: 'FREE', title: 'Group', quantity: null, min_per_order: 12, max_per_order: null },
    ]);
    const [open, group] = ticketIds as [string, string];
    expectProblem(await reserve(eventId, '192.0.2.20', one(open, 11)), 422, 'max_per_order_exceeded');
    expectProblem(await reserve(eventId, '192.0.2.20', one(open, 1000)), 422, 'max_per_order_exceeded');
    expect((await reserve(eventId, '192.0.2.20', one(open, 10))).status).toBe(201);
    // A minimum above the default raises the maximum with it.
    expect((await reserve(eventId, '192.0.2.21', one(group, 12))).status).toBe(201);
    const page = await t.client()<{ data: { tickets: PublicTicket[] } }>(
      'GET',
      `/api/public/events/${eventId}`,
    );
    expect(page.body.data.tickets.map((ticket) => ticket.max_per_order)).toEqual([10, 12]);
  });

  it('extends a reservation as often as asked, but never past twice its first length', async () => {
    const { eventId, ticketIds } = await liveEvent({ order_timeout_minutes: 10 }, [
      { type: 'FREE', title: 'Deck', quantity: 5 },
    ]);
    const ip = '192.0.2.30';
    const placedAt = clock.now().getTime();
    const placed = await reserve(eventId, ip, one(ticketIds[0]!));
    const order = placed.body.data;
    expect(Date.parse(order.expires_at)).toBe(placedAt + 10 * minute);
    expect(Date.parse(order.reservation_ends_at ?? '')).toBe(placedAt + 20 * minute);

    clock.advance(8 * minute);
    const first = await checkout(eventId, ip, order.short_id, 'extend');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(Date.parse(first.body.data.expires_at)).toBe(placedAt + 18 * minute);
    clock.advance(9 * minute);
    const second = await checkout(eventId, ip, order.short_id, 'extend');
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.expires_at).toBe(second.body.data.reservation_ends_at);
    expect(Date.parse(second.body.data.expires_at)).toBe(placedAt + 20 * minute);
    expectProblem(await checkout(eventId, ip, order.short_id, 'extend'), 409, 'extension_limit_reached');

    clock.advance(3 * minute);
    const expired = await t.client()<{ data: Order }>(
      'GET',
      `/api/public/events/${eventId}/orders/${order.short_id}`,
    );
    expect(expired.body.data).toMatchObject({ status: 'EXPIRED', reservation_ends_at: null });
    expectProblem(await checkout(eventId, ip, order.short_id, 'extend'), 409, 'order_expired');
  });

  it('a used-up promo code is invalid for the check, the page and the order; the buyer’s own open order keeps it', async () => {
    const { eventId, ticketIds } = await liveEvent({ offline_payments_enabled: true }, [
      { type: 'PAID', title: 'Seat', price: 2000, quantity: 50 },
    ]);
    await createPromoCode(
      t.platform.services,
      {
        eventId,
        definition: {
          code: 'ONCE',
          discountType: 'PERCENT',
          discount: 50,
          expiresAt: null,
          maxUsages: 1,
          applicableTicketIds: [],
        },
      },
      context,
    );
    const check = async (previousOrder?: string) =>
      (
        await t.client()<{ valid: boolean }>('GET', `/api/public/events/${eventId}/promo-codes/once`, {
          headers: headers('192.0.2.40', previousOrder ? { eventId, orderId: previousOrder } : undefined),
        })
      ).body.valid;
    const discounted = async (previousOrder?: string) => {
      const page = await t.client()<{ data: { tickets: PublicTicket[] } }>(
        'GET',
        `/api/public/events/${eventId}?promo_code=ONCE`,
        { headers: headers('192.0.2.40', previousOrder ? { eventId, orderId: previousOrder } : undefined) },
      );
      return page.body.data.tickets[0]?.prices[0]?.promo_applied;
    };
    expect(await check()).toBe(true);
    expect(await discounted()).toBe(true);

    const ip = '192.0.2.41';
    const held = await reserve(eventId, ip, { ...one(ticketIds[0]!), promo_code: 'once' });
    expect(held.body.data).toMatchObject({ promo_code: 'ONCE', total: 1000 });
    // Another buyer: the only use is held.
    expect(await check()).toBe(false);
    expect(await discounted()).toBe(false);
    // The buyer whose open order holds it: a new order from this browser would release it first.
    expect(await check(held.body.data.id)).toBe(true);
    expect(await discounted(held.body.data.id)).toBe(true);

    await buy(eventId, ip, held.body.data, 1, 'OFFLINE');
    expect(await check()).toBe(false);
    expect(await check(held.body.data.id)).toBe(false);
    expect(await discounted(held.body.data.id)).toBe(false);
    expectProblem(
      await reserve(eventId, '192.0.2.42', { ...one(ticketIds[0]!), promo_code: 'ONCE' }),
      409,
      'promo_code_exhausted',
    );
  });

  it('a free order that gains nothing from a promo code does not use it up', async () => {
    const { eventId, ticketIds } = await liveEvent({ offline_payments_enabled: true }, [
      { type: 'FREE', title: 'Standing', quantity: 50 },
      { type: 'PAID', title: 'Seat', price: 2000, quantity: 50 },
    ]);
    const [standing, seat] = ticketIds as [string, string];
    const { promoCodeId } = await createPromoCode(
      t.platform.services,
      {
        eventId,
        definition: {
          code: 'HALF',
          discountType: 'PERCENT',
          discount: 50,
          expiresAt: null,
          maxUsages: 1,
          applicableTicketIds: [],
        },
      },
      context,
    );
    const timesUsed = async () =>
      (
        await api()<{ data: { id: string; times_used: number }[] }>(
          'GET',
          `/api/events/${eventId}/promo-codes`,
        )
      ).body.data.find((code) => code.id === promoCodeId)?.times_used;

    const free = await reserve(eventId, '192.0.2.50', { ...one(standing, 2), promo_code: 'HALF' });
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    expect(free.body.data).toMatchObject({ total: 0, discount_total: 0, promo_code: null });
    await buy(eventId, '192.0.2.50', free.body.data, 2, 'FREE');
    expect(
      (await t.client()<{ valid: boolean }>('GET', `/api/public/events/${eventId}/promo-codes/HALF`)).body
        .valid,
    ).toBe(true);

    const paid = await reserve(eventId, '192.0.2.51', { ...one(seat), promo_code: 'HALF' });
    expect(paid.body.data).toMatchObject({ total: 1000, discount_total: 1000, promo_code: 'HALF' });
    await buy(eventId, '192.0.2.51', paid.body.data, 1, 'OFFLINE');
    await eventually(async () => ((await timesUsed()) === 1 ? true : undefined));
  });
}

describe('reservation limits and promo codes on SQLite', () => reservationLimitsSuite('sqlite'));
describeWithPostgres('reservation limits and promo codes on PostgreSQL', () =>
  reservationLimitsSuite('postgres'),
);

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { ManualClock } from '../../kit/clock';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../../api/testing';
import { importTicketKeys, verifyTicketCode, type PublishedTicketKey } from '../../admission/ticketCodes';
import { createPromoCode } from '../../catalog/promoCodes/promoCodeCommands';
import { eventually } from '../../messaging/testing';
import { findHold, inventoryDecider, remainingAt } from '../../inventory/inventoryDecider';
import { inventoryStream } from '../../inventory/inventoryEvents';
import { orderHoldId } from './orderWorkflows';

type Problem = { status: number; reason: string; errors?: Record<string, string[]> };
type Attendee = {
  id: string;
  short_id: string;
  ticket_id: string;
  status: string;
  payment: string;
  ticket_code: string | null;
  first_name: string | null;
};
type Order = {
  id: string;
  short_id: string;
  reference: string;
  status: string;
  total: number;
  subtotal: number;
  discount_total: number;
  expires_at: string;
  payment_methods: string[];
  offline_payment_instructions: string | null;
  lines: { ticket_id: string; quantity: number; unit_price: number; total: number; ticket_title: string }[];
  attendees: Attendee[];
  questions: { id: string }[];
  history?: { type: string }[];
};

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

const context = { correlationId: 'test', actor: 'system' };

function ordersSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let token: string;
  let organizerId: string;
  const api = () => t.client(token);
  const buyer = () => t.client();

  async function liveEvent(settings: Record<string, unknown> = {}) {
    const created = await api()<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizerId,
        title: 'Harbour Lights',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const eventId = created.body.data.id;
    if (Object.keys(settings).length > 0) {
      const saved = await api()('PUT', `/api/events/${eventId}/settings`, { json: settings });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    return eventId;
  }
  async function publish(eventId: string) {
    const live = await api()('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
  }
  async function createTicket(eventId: string, json: Record<string, unknown>) {
    const response = await api()<{ data: { id: string; tiers: { tier_id: string }[] } }>(
      'POST',
      `/api/events/${eventId}/tickets`,
      { json: { tax_and_fee_ids: [], ...json } },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  }
  const order = (eventId: string, json: Record<string, unknown>, headers?: Record<string, string>) =>
    buyer()<{ data: Order }>('POST', `/api/public/events/${eventId}/orders`, {
      json,
      ...(headers ? { headers } : {}),
    });
  const details = (
    eventId: string,
    shortId: string,
    attendees: number,
    extra: Record<string, unknown> = {},
  ) =>
    buyer()<{ data: Order }>('PUT', `/api/public/events/${eventId}/orders/${shortId}/details`, {
      json: {
        first_name: 'Ann',
        last_name: 'Lee',
        email: 'ann@example.com',
        attendees: Array.from({ length: attendees }, (_, i) => ({
          first_name: `Guest${i}`,
          last_name: 'Lee',
          email: `guest${i}@example.com`,
        })),
        terms_agreed: true,
        ...extra,
      },
    });
  const complete = (eventId: string, shortId: string, method: string) =>
    buyer()<{ data: Order }>('POST', `/api/public/events/${eventId}/orders/${shortId}/complete`, {
      json: { payment_method: method },
    });
  const remaining = async (eventId: string, ticketId: string) => {
    const { state } = await t.platform.services.commands.load(inventoryDecider, inventoryStream(eventId));
    return remainingAt(state, clock.now()).tickets[ticketId];
  };

  beforeAll(async () => {
    // Every order here comes from one address, many a minute: the limits on one client's reservations have their
    // own suite (reservationLimits.int.spec.ts).
    t = await startTestPlatform(kind, {
      clock,
      config: { reservations: { holdsPerClient: 0, perClientPerMinute: 0, lifetimeFactor: 2 } },
    });
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await api()<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Harbour Collective' },
    });
    organizerId = organizer.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a free order: reserve, details, complete at once; the ticket page shows a code scanners verify', async () => {
    const eventId = await liveEvent();
    const ticket = await createTicket(eventId, { type: 'FREE', title: 'Entry', quantity: 10 });
    await publish(eventId);

    const placed = await order(eventId, { lines: [{ ticket_id: ticket.id, quantity: 2 }], locale: 'de' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const o = placed.body.data;
    expect(o).toMatchObject({ status: 'AWAITING_DETAILS', total: 0, payment_methods: ['FREE'] });
    expect(o.short_id).toMatch(/^[0-9a-hjkmnp-tv-z]{20}$/);
    expect(o.attendees).toHaveLength(2);
    expect(o.attendees.every((attendee) => attendee.ticket_code === null)).toBe(true);
    expect(Date.parse(o.expires_at) - clock.now().getTime()).toBe(15 * 60_000);
    expect(await remaining(eventId, ticket.id)).toBe(8);

    expectProblem(await details(eventId, o.short_id, 2, { terms_agreed: false }), 422, 'terms_not_agreed');
    expectProblem(await complete(eventId, o.short_id, 'FREE'), 409, 'order_details_missing');
    const detailed = await details(eventId, o.short_id, 2);
    expect(detailed.status, JSON.stringify(detailed.body)).toBe(200);
    expect(detailed.body.data.status).toBe('RESERVED');

    // Concurrent completions (a double click): all answered, the order completed and its hold converted once.
    const clicks = await Promise.all(Array.from({ length: 5 }, () => complete(eventId, o.short_id, 'FREE')));
    expect(clicks.map((click) => click.status)).toEqual([200, 200, 200, 200, 200]);
    expect(clicks.map((click) => click.body.data.status)).toEqual(
      Array.from({ length: 5 }, () => 'COMPLETED'),
    );
    let completions = 0;
    for await (const event of t.platform.services.store.readStream(`order-${o.id}`))
      if (event.type === 'OrderCompleted') completions++;
    expect(completions).toBe(1);
    const done = await complete(eventId, o.short_id, 'FREE');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.status).toBe('COMPLETED');
    expect(done.body.data.attendees.map((attendee) => attendee.payment)).toEqual(['PAID', 'PAID']);
    // A repeat is quiet.
    expect((await complete(eventId, o.short_id, 'FREE')).status).toBe(200);
    expect(await remaining(eventId, ticket.id)).toBe(8);

    const attendee = done.body.data.attendees[0];
    const page = await buyer()<{ data: { state: string; attendee: Attendee } }>(
      'GET',
      `/api/public/events/${eventId}/attendees/${attendee?.short_id}`,
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data.state).toBe('VALID');
    expect(page.body.data.attendee.first_name).toBe('Guest0');
    const keys = await buyer()<{ keys: PublishedTicketKey[] }>('GET', '/api/public/ticket-keys');
    const check = await verifyTicketCode(
      page.body.data.attendee.ticket_code ?? '',
      await importTicketKeys(keys.body.keys),
    );
    expect(check).toMatchObject({ ok: true, fields: { eventId, attendeeShortId: attendee?.short_id } });
  });

  it('an offline payment leaves the order awaiting payment with unpaid tickets until a member marks it paid; cancel returns the stock', async () => {
    const eventId = await liveEvent({
      offline_payments_enabled: true,
      offline_payment_instructions: '<p>Pay to IBAN DE00</p>',
    });
    const ticket = await createTicket(eventId, { type: 'PAID', title: 'Seat', price: 2500, quantity: 5 });
    await publish(eventId);
    const placed = await order(eventId, { lines: [{ ticket_id: ticket.id, quantity: 2 }] });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const o = placed.body.data;
    // The buyer reads the instructions before choosing the offline method.
    expect(o).toMatchObject({
      total: 5000,
      payment_methods: ['OFFLINE'],
      offline_payment_instructions: '<p>Pay to IBAN DE00</p>',
    });
    expect((await details(eventId, o.short_id, 2)).status).toBe(200);
    expectProblem(await complete(eventId, o.short_id, 'FREE'), 422, 'payment_method_unavailable');
    expectProblem(await complete(eventId, o.short_id, 'CARD'), 422, 'payment_method_unavailable');
    const awaiting = await complete(eventId, o.short_id, 'OFFLINE');
    expect(awaiting.status, JSON.stringify(awaiting.body)).toBe(200);
    expect(awaiting.body.data).toMatchObject({
      status: 'AWAITING_PAYMENT',
      offline_payment_instructions: '<p>Pay to IBAN DE00</p>',
    });
    expect(awaiting.body.data.attendees.map((a) => [a.payment, a.ticket_code])).toEqual([
      ['UNPAID', null],
      ['UNPAID', null],
    ]);
    const page = await buyer()<{ data: { state: string } }>(
      'GET',
      `/api/public/events/${eventId}/attendees/${awaiting.body.data.attendees[0]?.short_id}`,
    );
    expect(page.body.data.state).toBe('UNPAID');

    const other = await t.otherAccount();
    for (const [method, path] of [
      ['GET', `/api/events/${eventId}/orders`],
      ['GET', `/api/events/${eventId}/orders/${o.id}`],
      ['POST', `/api/events/${eventId}/orders/${o.id}/cancel`],
      ['GET', `/api/events/${eventId}/attendees`],
    ] as const)
      expectProblem(await t.client(other.token)(method, path), 404, 'event_not_found');
    // The order of one event is not found under another of the same account.
    const sibling = await liveEvent();
    expectProblem(await api()('GET', `/api/events/${sibling}/orders/${o.id}`), 404, 'order_not_found');
    expectProblem(await api()('GET', `/api/events/${eventId}/orders/not-a-uuid`), 404, 'order_not_found');
    expectProblem(
      await t.client(other.token)('POST', `/api/events/${eventId}/orders/${o.id}/mark-paid`),
      404,
      'event_not_found',
    );
    const list = await api()<{ data: Order[]; meta: { total: number } }>(
      'GET',
      `/api/events/${eventId}/orders?filter_fields[status][eq]=AWAITING_PAYMENT`,
    );
    expect(list.body.data.map((row) => row.id)).toEqual([o.id]);
    const paid = await api()<{ data: Order }>('POST', `/api/events/${eventId}/orders/${o.id}/mark-paid`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.status).toBe('COMPLETED');
    expect(paid.body.data.attendees.every((a) => a.payment === 'PAID' && a.ticket_code !== null)).toBe(true);
    expect(paid.body.data.history?.map((event) => event.type)).toEqual([
      'OrderPlaced',
      'OrderDetailsSubmitted',
      'OrderAwaitingOfflinePayment',
      'OrderMarkedPaid',
    ]);
    const attendees = await api()<{ data: Attendee[] }>('GET', `/api/events/${eventId}/attendees`);
    expect(attendees.body.data).toHaveLength(2);

    expect(await remaining(eventId, ticket.id)).toBe(3);
    const cancelled = await api()<{ data: Order }>('POST', `/api/events/${eventId}/orders/${o.id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.status).toBe('CANCELLED');
    expect(
      cancelled.body.data.attendees.every((a) => a.status === 'CANCELLED' && a.ticket_code === null),
    ).toBe(true);
    expect(await remaining(eventId, ticket.id)).toBe(5);
    // Cancelling again is refused and returns nothing twice.
    expectProblem(
      await api()('POST', `/api/events/${eventId}/orders/${o.id}/cancel`),
      409,
      'order_cancelled',
    );
    expect(await remaining(eventId, ticket.id)).toBe(5);
  });

  it('paid tickets the seller cannot be paid for are "payment setup incomplete" and refused; offline payment opens them', async () => {
    const eventId = await liveEvent();
    const paid = await createTicket(eventId, { type: 'PAID', title: 'Seat', price: 2500, quantity: 5 });
    const free = await createTicket(eventId, { type: 'FREE', title: 'Standing', quantity: 5 });
    await publish(eventId);
    type Page = { data: { payment_setup_incomplete: boolean; tickets: { id: string; state: string }[] } };
    const page = async () => (await buyer()<Page>('GET', `/api/public/events/${eventId}`)).body.data;
    const stateOf = (shown: Page['data'], id: string) =>
      shown.tickets.find((ticket) => ticket.id === id)?.state;

    const before = await page();
    expect(before.payment_setup_incomplete).toBe(true);
    expect(stateOf(before, paid.id)).toBe('PAYMENT_SETUP_INCOMPLETE');
    expect(stateOf(before, free.id)).toBe('ON_SALE');
    expectProblem(
      await order(eventId, { lines: [{ ticket_id: paid.id, quantity: 1 }] }),
      409,
      'payment_setup_incomplete',
    );
    expect(await remaining(eventId, paid.id)).toBe(5);
    const freeOrder = await order(eventId, { lines: [{ ticket_id: free.id, quantity: 1 }] });
    expect(freeOrder.status, JSON.stringify(freeOrder.body)).toBe(201);

    const saved = await api()('PUT', `/api/events/${eventId}/settings`, {
      json: { offline_payments_enabled: true },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await page();
    expect(after.payment_setup_incomplete).toBe(false);
    expect(stateOf(after, paid.id)).toBe('ON_SALE');
    const paidOrder = await order(eventId, { lines: [{ ticket_id: paid.id, quantity: 1 }] });
    expect(paidOrder.status, JSON.stringify(paidOrder.body)).toBe(201);
    expect(paidOrder.body.data.payment_methods).toEqual(['OFFLINE']);
    expect(await remaining(eventId, paid.id)).toBe(4);
  });

  it('refuses tampered and bad input with reasons, and the inventory stays exact', async () => {
    const eventId = await liveEvent({ offline_payments_enabled: true });
    const paid = await createTicket(eventId, {
      type: 'PAID',
      title: 'Seat',
      price: 2500,
      quantity: 10,
      max_per_order: 4,
    });
    const donation = await createTicket(eventId, { type: 'DONATION', title: 'Support', minimum_price: 500 });
    const hidden = await createTicket(eventId, {
      type: 'FREE',
      title: 'Crew',
      hidden_unless_promo_code: true,
    });
    await publish(eventId);
    const elsewhere = await liveEvent();
    const foreign = await createTicket(elsewhere, { type: 'FREE', title: 'Other' });
    await publish(elsewhere);

    const line = (json: Record<string, unknown>) =>
      order(eventId, { lines: [{ ticket_id: paid.id, quantity: 1, ...json }] });
    expectProblem(await line({ price: 1 }), 400, 'validation_failed');
    expectProblem(
      await order(eventId, { lines: [{ ticket_id: paid.id, quantity: 1 }], total: 0 }),
      400,
      'validation_failed',
    );
    expectProblem(await line({ quantity: -1 }), 400, 'validation_failed');
    expectProblem(await line({ quantity: 0 }), 400, 'validation_failed');
    expectProblem(await line({ quantity: 1e9 }), 400, 'validation_failed');
    expectProblem(await line({ quantity: 1.5 }), 400, 'validation_failed');
    expectProblem(await line({ quantity: 5 }), 422, 'max_per_order_exceeded');
    expectProblem(await line({ amount: 1 }), 400, 'validation_failed');
    expectProblem(
      await order(eventId, { lines: [{ ticket_id: foreign.id, quantity: 1 }] }),
      404,
      'ticket_not_found',
    );
    expectProblem(
      await order(eventId, { lines: [{ ticket_id: donation.id, quantity: 1, amount: 499 }] }),
      422,
      'donation_below_minimum',
    );
    expectProblem(
      await order(eventId, { lines: [{ ticket_id: hidden.id, quantity: 1 }] }),
      409,
      'ticket_not_on_sale',
    );
    expect((await line({})).status).toBe(201);
    const unknownCode = expectProblem(
      await order(eventId, { lines: [{ ticket_id: paid.id, quantity: 1 }], promo_code: 'NOPE' }),
      422,
      'promo_code_invalid',
    );
    expect(unknownCode.errors?.promo_code).toEqual(['That promo code is invalid']);
    expect((unknownCode as unknown as { title: string }).title).toBe('That promo code is invalid');
    expectProblem(
      await order('ev_unknown1', { lines: [{ ticket_id: paid.id, quantity: 1 }] }),
      404,
      'event_not_found',
    );

    // The donation's amount is the buyer's; every other price is the catalogue's.
    const given = await order(eventId, { lines: [{ ticket_id: donation.id, quantity: 2, amount: 700 }] });
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    expect(given.body.data.total).toBe(1400);

    // The one line({}) above placed an order: 9 left of 10.
    expect(await remaining(eventId, paid.id)).toBe(9);

    // A replay of the same order id, or of the same Idempotency-Key, places nothing twice.
    const orderId = randomUUID();
    const first = await order(eventId, { lines: [{ ticket_id: paid.id, quantity: 3 }], order_id: orderId });
    const again = await order(eventId, { lines: [{ ticket_id: paid.id, quantity: 3 }], order_id: orderId });
    expect(first.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.body.data.short_id).toBe(first.body.data.short_id);
    expect(await remaining(eventId, paid.id)).toBe(6);
    const key = { 'Idempotency-Key': randomUUID() };
    const keyed = await order(eventId, { lines: [{ ticket_id: paid.id, quantity: 1 }] }, key);
    const replayed = await order(eventId, { lines: [{ ticket_id: paid.id, quantity: 1 }] }, key);
    expect(replayed.body.data.id).toBe(keyed.body.data.id);
    expect(await remaining(eventId, paid.id)).toBe(5);
    // Concurrent submissions of one order (a double click, a retry racing the first try): one order, one hold.
    const raced = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        order(eventId, { lines: [{ ticket_id: paid.id, quantity: 2 }], order_id: raced }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 201));
    expect(new Set(answers.map((answer) => answer.body.data.short_id)).size).toBe(1);
    expect(await remaining(eventId, paid.id)).toBe(3);
    const shortId = answers[0]?.body.data.short_id ?? '';
    expect((await details(eventId, shortId, 2)).status).toBe(200);
    expectProblem(await complete(eventId, shortId, 'FREE'), 422, 'payment_method_unavailable');
    // An order id is the buyer's own: another event cannot reach it.
    expectProblem(
      await order(elsewhere, { lines: [{ ticket_id: foreign.id, quantity: 1 }], order_id: orderId }),
      404,
      'order_not_found',
    );
  });

  it('a promo code prices the order and unlocks its ticket; times_used counts completed orders', async () => {
    const eventId = await liveEvent({ offline_payments_enabled: true });
    const crew = await createTicket(eventId, {
      type: 'PAID',
      title: 'Crew',
      price: 1000,
      hidden_unless_promo_code: true,
    });
    await publish(eventId);
    const { promoCodeId } = await createPromoCode(
      t.platform.services,
      {
        eventId,
        definition: {
          code: 'CREW50',
          discountType: 'PERCENT',
          discount: 50,
          expiresAt: null,
          maxUsages: 5,
          applicableTicketIds: [],
        },
      },
      context,
    );
    const placed = await order(eventId, {
      lines: [{ ticket_id: crew.id, quantity: 2 }],
      promo_code: 'crew50',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data).toMatchObject({ total: 1000, discount_total: 1000 });
    await details(eventId, placed.body.data.short_id, 2);
    expectProblem(
      await complete(eventId, placed.body.data.short_id, 'FREE'),
      422,
      'payment_method_unavailable',
    );
    const timesUsed = async (id: string) => {
      const codes = await api()<{ data: { id: string; times_used: number }[] }>(
        'GET',
        `/api/events/${eventId}/promo-codes`,
      );
      return codes.body.data.find((code) => code.id === id)?.times_used;
    };
    expect(await timesUsed(promoCodeId)).toBe(0);

    const { promoCodeId: freeCodeId } = await createPromoCode(
      t.platform.services,
      {
        eventId,
        definition: {
          code: 'FREEPASS',
          discountType: 'FIXED',
          discount: 1000,
          expiresAt: null,
          maxUsages: 5,
          applicableTicketIds: [],
        },
      },
      context,
    );
    const free = await order(eventId, {
      lines: [{ ticket_id: crew.id, quantity: 1 }],
      promo_code: 'FreePass',
    });
    expect(free.body.data.total).toBe(0);
    await details(eventId, free.body.data.short_id, 1);
    expect((await complete(eventId, free.body.data.short_id, 'FREE')).status).toBe(200);
    await eventually(async () => ((await timesUsed(freeCodeId)) === 1 ? true : undefined));
    expect(await timesUsed(promoCodeId)).toBe(0);
  });

  it('expires lazily, extends while open, and a new order for the same event releases the previous hold', async () => {
    const eventId = await liveEvent({ order_timeout_minutes: 10 });
    const ticket = await createTicket(eventId, { type: 'FREE', title: 'Entry', quantity: 4 });
    await publish(eventId);
    const first = (await order(eventId, { lines: [{ ticket_id: ticket.id, quantity: 4 }] })).body.data;
    expectProblem(await order(eventId, { lines: [{ ticket_id: ticket.id, quantity: 1 }] }), 409, 'sold_out');

    clock.advance(9 * 60_000);
    const extended = await buyer()<{ data: Order }>(
      'POST',
      `/api/public/events/${eventId}/orders/${first.short_id}/extend`,
    );
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    expect(Date.parse(extended.body.data.expires_at)).toBe(clock.now().getTime() + 10 * 60_000);

    const second = await order(eventId, {
      lines: [{ ticket_id: ticket.id, quantity: 3 }],
      replaces_order_id: first.id,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const abandoned = await buyer()<{ data: Order }>(
      'GET',
      `/api/public/events/${eventId}/orders/${first.short_id}`,
    );
    expect(abandoned.body.data.status).toBe('ABANDONED');
    expectProblem(await details(eventId, first.short_id, 4), 409, 'order_expired');
    expect(await remaining(eventId, ticket.id)).toBe(1);

    // The browser's cookie names its previous order when the page does not.
    const cookie =
      second.headers
        .getSetCookie()
        .map((header) => header.split(';')[0] ?? '')
        .find((pair) => pair.startsWith(`order_${eventId}=`)) ?? '';
    expect(cookie).toContain(second.body.data.id);
    const third = await buyer()<{ data: Order }>('POST', `/api/public/events/${eventId}/orders`, {
      json: { lines: [{ ticket_id: ticket.id, quantity: 4 }] },
      headers: { cookie },
    });
    expect(third.status, JSON.stringify(third.body)).toBe(201);
    const replaced = await buyer()<{ data: Order }>(
      'GET',
      `/api/public/events/${eventId}/orders/${second.body.data.short_id}`,
    );
    expect(replaced.body.data.status).toBe('ABANDONED');
    expect(await remaining(eventId, ticket.id)).toBe(0);

    clock.advance(10 * 60_000);
    const expired = await buyer()<{ data: Order }>(
      'GET',
      `/api/public/events/${eventId}/orders/${third.body.data.short_id}`,
    );
    expect(expired.body.data.status).toBe('EXPIRED');
    expectProblem(await details(eventId, third.body.data.short_id, 4), 409, 'order_expired');
    expectProblem(
      await buyer()('POST', `/api/public/events/${eventId}/orders/${third.body.data.short_id}/extend`),
      409,
      'order_expired',
    );
    expect(await remaining(eventId, ticket.id)).toBe(4);
    expectProblem(
      await buyer()('GET', `/api/public/events/${eventId}/orders/00000000000000000000`),
      404,
      'order_not_found',
    );
    expectProblem(await buyer()('GET', `/api/public/events/${eventId}/orders/short`), 404, 'order_not_found');
  });

  it('a keyed new order that replaces the last one holds its own tickets (one hold, not none)', async () => {
    const eventId = await liveEvent();
    const ticket = await createTicket(eventId, { type: 'FREE', title: 'Entry', quantity: 10 });
    await publish(eventId);
    // As the web sends it: every attempt with an Idempotency-Key of its own.
    const keyed = (json: Record<string, unknown>) =>
      order(eventId, json, { 'Idempotency-Key': randomUUID() });
    const first = await keyed({ lines: [{ ticket_id: ticket.id, quantity: 3 }] });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // The release of the first order's hold and the new hold are both written, each under ids of its own.
    const second = await keyed({
      lines: [{ ticket_id: ticket.id, quantity: 4 }],
      replaces_order_id: first.body.data.id,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(await remaining(eventId, ticket.id)).toBe(6);
    const { state } = await t.platform.services.commands.load(inventoryDecider, inventoryStream(eventId));
    expect(findHold(state, `ho_${second.body.data.id.replaceAll('-', '')}`)?.status).toBe('HELD');
    expect(findHold(state, `ho_${first.body.data.id.replaceAll('-', '')}`)?.status).toBe('RELEASED');
    const orders = await api()<{ data: Order[] }>('GET', `/api/events/${eventId}/orders`);
    expect(orders.body.data.map((row) => row.id).sort()).toEqual(
      [first.body.data.id, second.body.data.id].sort(),
    );
  });

  it('the checkout keeper expires an overdue order and releases a hold left without its order', async () => {
    const eventId = await liveEvent();
    const ticket = await createTicket(eventId, { type: 'FREE', title: 'Entry', quantity: 10 });
    await publish(eventId);
    const placed = (await order(eventId, { lines: [{ ticket_id: ticket.id, quantity: 3 }] })).body.data;
    // A checkout that died between its two appends: the hold without its order.
    await t.platform.services.commands.handle(
      inventoryDecider,
      inventoryStream(eventId),
      {
        type: 'PlaceHold',
        eventId,
        holdId: 'ho_orphan',
        orderId: randomUUID(),
        lines: [{ ticketId: ticket.id, tierId: null, quantity: 2 }],
        now: clock.now(),
        expiresAt: new Date(clock.now().getTime() + 3_600_000),
        perOrderLimits: {},
      },
      context,
    );
    expect(await remaining(eventId, ticket.id)).toBe(5);
    const { worker, services } = t.platform;
    expect(await worker.runner.waitFor(await services.store.head(), 30_000)).toBe(true);
    const early = await worker.checkout.sweep();
    expect(early.expiredOrders).not.toContain(placed.id);
    expect(early.releasedHolds).not.toContain('ho_orphan');

    // Past the order's expiry (15 minutes) and the hold's grace period (600 s by default).
    clock.advance(15 * 60_000);
    // The worker also sweeps on its own timer: under load that sweep may get there first, so the order and the
    // orphaned hold are each settled by one of the two, never by neither.
    const late = await worker.checkout.sweep();
    const settled = await eventually(async () =>
      (await remaining(eventId, ticket.id)) === 10 ? true : undefined,
    );
    expect(settled).toBe(true);
    expect(late.expiredOrders.filter((id) => id === placed.id).length).toBeLessThanOrEqual(1);
    clock.advance(-15 * 60_000);
    expect(await remaining(eventId, ticket.id)).toBe(10);
    await eventually(async () => {
      const row = await buyer()<{ data: Order }>(
        'GET',
        `/api/public/events/${eventId}/orders/${placed.short_id}`,
      );
      return row.body.data.status === 'EXPIRED' ? true : undefined;
    });
    expect((await worker.checkout.sweep()).expiredOrders).not.toContain(placed.id);
  });

  it('a completion cut short between the sale of its hold and the order event gives the stock back at expiry', async () => {
    const eventId = await liveEvent();
    const ticket = await createTicket(eventId, { type: 'FREE', title: 'Entry', quantity: 10 });
    await publish(eventId);
    const placed = (await order(eventId, { lines: [{ ticket_id: ticket.id, quantity: 3 }] })).body.data;
    expect((await details(eventId, placed.short_id, 3)).status).toBe(200);
    // The completion's first append (the hold sold); the process died before the order's event.
    const holdId = orderHoldId(placed.id);
    const { services, worker } = t.platform;
    await services.commands.handle(
      inventoryDecider,
      inventoryStream(eventId),
      { type: 'ConvertHold', eventId, holdId, orderId: placed.id, now: clock.now() },
      context,
    );
    expect(await remaining(eventId, ticket.id)).toBe(7);
    expect(await worker.runner.waitFor(await services.store.head(), 30_000)).toBe(true);
    // While the order is open, the buyer's repeat may still finish the chain: the keeper waits.
    expect((await worker.checkout.sweep()).reclaimedSales).not.toContain(holdId);
    expect(await remaining(eventId, ticket.id)).toBe(7);

    // Past the order's expiry (15 minutes) and the grace period (600 s by default).
    clock.advance(26 * 60_000);
    try {
      // The worker also sweeps on its own timer: one of the two reclaims the sale, never both.
      await worker.checkout.sweep();
      const back = await eventually(async () =>
        (await remaining(eventId, ticket.id)) === 10 ? true : undefined,
      );
      expect(back).toBe(true);
      const { state } = await services.commands.load(inventoryDecider, inventoryStream(eventId));
      expect(findHold(state, holdId)?.returnIds).toEqual(['reclaimed']);
      // A late repeat of the completion sells nothing twice.
      expectProblem(await complete(eventId, placed.short_id, 'FREE'), 409, 'order_expired');
      expect((await worker.checkout.sweep()).reclaimedSales).toEqual([]);
      expect(await remaining(eventId, ticket.id)).toBe(10);
    } finally {
      clock.advance(-26 * 60_000);
    }
  });

  it('a ticket changed by the organizer is priced and limited as changed from the next reservation on', async () => {
    const eventId = await liveEvent();
    const ticket = await createTicket(eventId, {
      type: 'FREE',
      title: 'Early entry',
      quantity: 20,
      max_per_order: 4,
    });
    await publish(eventId);
    // The reservations read the event's tickets through a cache: these fill it.
    for (const quantity of [3, 1]) {
      const placed = await order(eventId, { lines: [{ ticket_id: ticket.id, quantity }] });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      expect(placed.body.data.lines[0]?.ticket_title).toBe('Early entry');
    }
    const changed = await api()('PUT', `/api/events/${eventId}/tickets/${ticket.id}`, {
      json: { title: 'Doors at seven', max_per_order: 2 },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expectProblem(
      await order(eventId, { lines: [{ ticket_id: ticket.id, quantity: 3 }] }),
      422,
      'max_per_order_exceeded',
    );
    const renamed = await order(eventId, { lines: [{ ticket_id: ticket.id, quantity: 2 }] });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(201);
    expect(renamed.body.data.lines[0]?.ticket_title).toBe('Doors at seven');
  });

  it('refuses orders for an event that is not live', async () => {
    const eventId = await liveEvent();
    const ticket = await createTicket(eventId, { type: 'FREE', title: 'Entry' });
    expectProblem(
      await order(eventId, { lines: [{ ticket_id: ticket.id, quantity: 1 }] }),
      409,
      'event_not_available',
    );
  });
}

describe('orders on SQLite', () => ordersSuite('sqlite'));
describeWithPostgres('orders on PostgreSQL', () => ordersSuite('postgres'));

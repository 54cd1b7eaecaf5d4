import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { ManualClock } from '../../kit/clock';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../../api/testing';
import { inventoryDecider } from '../../inventory/inventoryDecider';
import { inventoryStream } from '../../inventory/inventoryEvents';
import { eventually } from '../../messaging/testing';
import { createPromoCode } from '../promoCodes/promoCodeCommands';
import { ticketDecider } from './ticketDecider';
import { ticketStream } from './ticketEvents';
import { taxDecider } from '../taxes/taxDecider';
import { taxStream, type TaxDetails } from '../taxes/taxEvents';

type Problem = { status: number; reason: string; errors?: Record<string, string[]> };
type Ticket = {
  id: string;
  type: string;
  title: string;
  price: number | null;
  quantity: number | null;
  state: string;
  remaining: number | null;
  tiers: { tier_id: string; label: string; price: number; quantity: number | null }[];
  tax_and_fee_ids: string[];
};
type PublicPrice = { tier_id: string | null; amount: number; total: number; remaining: number | null };
type PublicTicket = {
  id: string;
  title: string;
  state: string;
  prices: PublicPrice[];
  remaining: number | null;
};

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

const context = { correlationId: 'test', actor: 'system' };

function ticketsSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let token: string;
  let organizerId: string;
  const api = () => t.client(token);

  async function createEvent(title = 'Harbour Lights') {
    const response = await api()<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizerId,
        title,
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data.id;
  }
  async function createTicket(eventId: string, json: Record<string, unknown>) {
    const response = await api()<{ data: Ticket }>('POST', `/api/events/${eventId}/tickets`, { json });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  }
  async function createTax(details: TaxDetails) {
    const taxId = t.platform.services.ids.entity('tx');
    await t.platform.services.commands.handle(
      taxDecider,
      taxStream(taxId),
      { type: 'CreateTax', accountId: t.admin.accountId, taxId, details, now: clock.now() },
      context,
    );
    return taxId;
  }
  const inventory = async (eventId: string) =>
    (await t.platform.services.commands.load(inventoryDecider, inventoryStream(eventId))).state;
  async function sell(eventId: string, ticketId: string, tierId: string | null, quantity: number) {
    const holdId = t.platform.services.ids.entity('ho');
    const orderId = t.platform.services.ids.entity('od');
    const { commands } = t.platform.services;
    const base = { eventId, holdId, now: clock.now() };
    await commands.handle(
      inventoryDecider,
      inventoryStream(eventId),
      {
        ...base,
        type: 'PlaceHold',
        orderId,
        lines: [{ ticketId, tierId, quantity }],
        expiresAt: new Date(clock.now().getTime() + 600_000),
        perOrderLimits: {},
      },
      context,
    );
    await commands.handle(
      inventoryDecider,
      inventoryStream(eventId),
      { ...base, type: 'ConvertHold', orderId },
      context,
    );
  }
  const publicEvent = async (eventId: string, query = '') => {
    const response = await t.client()<{ data: { tickets: PublicTicket[] } }>(
      'GET',
      `/api/public/events/${eventId}${query}`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data.tickets;
  };

  beforeAll(async () => {
    t = await startTestPlatform(kind, { clock });
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await api()<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Harbour Collective' },
    });
    organizerId = organizer.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates each ticket type and mirrors its quantities into the inventory stream', async () => {
    const eventId = await createEvent();
    const paid = await createTicket(eventId, { type: 'PAID', title: 'Standing', price: 2500, quantity: 300 });
    const free = await createTicket(eventId, { type: 'FREE', title: 'Children' });
    const donation = await createTicket(eventId, {
      type: 'DONATION',
      title: 'Supporter',
      minimum_price: 500,
    });
    const tiered = await createTicket(eventId, {
      type: 'TIERED',
      title: 'Weekend',
      quantity: 100,
      tiers: [
        { label: 'Early bird', price: 3000, quantity: 40 },
        { label: 'Regular', price: 4000 },
      ],
    });
    expect(paid).toMatchObject({
      type: 'PAID',
      price: 2500,
      quantity: 300,
      state: 'ON_SALE',
      remaining: 300,
    });
    expect(free).toMatchObject({ type: 'FREE', price: 0, quantity: null, remaining: null });
    expect(donation).toMatchObject({ type: 'DONATION', price: null });
    expect(tiered.tiers.map((tier) => [tier.label, tier.price, tier.quantity])).toEqual([
      ['Early bird', 3000, 40],
      ['Regular', 4000, null],
    ]);

    const list = await api()<{ data: Ticket[] }>('GET', `/api/events/${eventId}/tickets`);
    expect(list.body.data.map((ticket) => ticket.title)).toEqual([
      'Standing',
      'Children',
      'Supporter',
      'Weekend',
    ]);

    const stock = await inventory(eventId);
    expect(stock.tickets[paid.id]?.quantity).toBe(300);
    expect(stock.tickets[free.id]?.quantity).toBeNull();
    expect(stock.tickets[tiered.id]?.quantity).toBe(100);
    expect(stock.tickets[tiered.id]?.tiers[tiered.tiers[0]!.tier_id]?.quantity).toBe(40);

    // A changed quantity and a removed tier follow into the inventory.
    const updated = await api()<{ data: Ticket }>('PUT', `/api/events/${eventId}/tickets/${tiered.id}`, {
      json: { quantity: 80, tiers: [{ tier_id: tiered.tiers[1]!.tier_id, label: 'Regular', price: 4200 }] },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const after = await inventory(eventId);
    expect(after.tickets[tiered.id]?.quantity).toBe(80);
    expect(after.tickets[tiered.id]?.tiers[tiered.tiers[0]!.tier_id]?.quantity).toBe(0);
  });

  it('finishes a ticket change whose inventory mirror a crash cut short, writing nothing twice', async () => {
    const eventId = await createEvent();
    const viaRoute = await createTicket(eventId, {
      type: 'PAID',
      title: 'Standing',
      price: 2500,
      quantity: 70,
    });
    // A process that died after the ticket's own append: only the ticket stream has it.
    const ticketId = t.platform.services.ids.entity('tk');
    const created = await createTicket(eventId, { type: 'FREE', title: 'Template' });
    const { state } = await t.platform.services.commands.load(ticketDecider, ticketStream(created.id));
    if (!state.exists) throw new Error('the template ticket should exist');
    await t.platform.services.commands.handle(
      ticketDecider,
      ticketStream(ticketId),
      {
        type: 'CreateTicket',
        eventId,
        ticketId,
        details: { ...state.details, title: 'Half done', quantity: 25 },
        now: clock.now(),
      },
      context,
    );
    await eventually(async () =>
      (await inventory(eventId)).tickets[ticketId]?.quantity === 25 ? true : undefined,
    );
    const definitions: string[] = [];
    for await (const event of t.platform.services.store.readStream(inventoryStream(eventId)))
      if (event.type === 'TicketStockDefined')
        definitions.push((event.data as { ticketId: string }).ticketId);
    expect(definitions.filter((id) => id === viaRoute.id)).toHaveLength(1);
    expect(definitions.filter((id) => id === ticketId)).toHaveLength(1);
  });

  it("gives a new ticket the account's default taxes and fees unless it names its own", async () => {
    const eventId = await createEvent('Defaults Night');
    const vat = await api()<{ data: { id: string } }>('POST', '/api/account/taxes-and-fees', {
      json: { name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 19, is_default: true },
    });
    expect(vat.status, JSON.stringify(vat.body)).toBe(201);
    const fee = await api()<{ data: { id: string } }>('POST', '/api/account/taxes-and-fees', {
      json: { name: 'Booking fee', type: 'FEE', calculation_type: 'FIXED', amount: 150, is_default: false },
    });
    expect(fee.status, JSON.stringify(fee.body)).toBe(201);

    const plain = await createTicket(eventId, { type: 'PAID', title: 'Standard', price: 2000 });
    expect(plain.tax_and_fee_ids).toEqual([vat.body.data.id]);
    const none = await createTicket(eventId, {
      type: 'PAID',
      title: 'Tax free',
      price: 2000,
      tax_and_fee_ids: [],
    });
    expect(none.tax_and_fee_ids).toEqual([]);
    const own = await createTicket(eventId, {
      type: 'PAID',
      title: 'Fee only',
      price: 2000,
      tax_and_fee_ids: [fee.body.data.id],
    });
    expect(own.tax_and_fee_ids).toEqual([fee.body.data.id]);
  });

  it('refuses bad input with field errors', async () => {
    const eventId = await createEvent();
    const taxes = async (json: Record<string, unknown>) =>
      expectProblem(await api()('POST', `/api/events/${eventId}/tickets`, { json }), 400, 'validation_failed')
        .errors ?? {};
    expect(Object.keys(await taxes({ type: 'PAID', title: 'Negative', price: -100 }))).toEqual(['price']);
    expect(
      Object.keys(
        await taxes({ type: 'PAID', title: 'Min max', price: 100, min_per_order: 5, max_per_order: 2 }),
      ),
    ).toEqual(['max_per_order']);
    expect(
      Object.keys(
        await taxes({
          type: 'FREE',
          title: 'Backwards',
          sale_start: '2027-02-01T10:00:00Z',
          sale_end: '2027-01-01T10:00:00Z',
        }),
      ),
    ).toEqual(['sale_end']);
    expect(Object.keys(await taxes({ type: 'TIERED', title: 'No tiers' }))).toEqual(['tiers']);
    expect(
      Object.keys(
        await taxes({ type: 'PAID', title: 'Taxed', price: 100, tax_and_fee_ids: ['tx_unknown1'] }),
      ),
    ).toEqual(['tax_and_fee_ids']);
    expect(Object.keys(await taxes({ type: 'PAID', title: 'Cents', price: 12.5 }))).toEqual(['price']);
    expect((await api()<{ data: Ticket[] }>('GET', `/api/events/${eventId}/tickets`)).body.data).toEqual([]);
  });

  it("answers another account's event and another event's ticket with 404", async () => {
    const eventId = await createEvent();
    const ticket = await createTicket(eventId, { type: 'FREE', title: 'Mine' });
    const other = await t.otherAccount();
    const theirs = t.client(other.token);
    expectProblem(await theirs('GET', `/api/events/${eventId}/tickets`), 404, 'event_not_found');
    expectProblem(
      await theirs('POST', `/api/events/${eventId}/tickets`, { json: { type: 'FREE', title: 'Theirs' } }),
      404,
      'event_not_found',
    );
    expectProblem(await theirs('GET', `/api/events/${eventId}/tickets/${ticket.id}`), 404, 'event_not_found');
    expectProblem(
      await theirs('PUT', `/api/events/${eventId}/tickets/${ticket.id}`, { json: { title: 'x' } }),
      404,
      'event_not_found',
    );
    expectProblem(
      await theirs('DELETE', `/api/events/${eventId}/tickets/${ticket.id}`),
      404,
      'event_not_found',
    );
    const secondEvent = await createEvent('Second');
    expectProblem(
      await api()('GET', `/api/events/${secondEvent}/tickets/${ticket.id}`),
      404,
      'ticket_not_found',
    );
  });

  it("switches a ticket's waiting list on with an offer duration, refuses a bad one, and hides it from others", async () => {
    const eventId = await createEvent();
    const ticket = await createTicket(eventId, { type: 'FREE', title: 'Wait for me' });
    const path = `/api/events/${eventId}/tickets/${ticket.id}/waiting-list`;
    type WaitingList = { data: { ticket_id: string; enabled: boolean; offer_hours: number } };
    const on = await api()<WaitingList>('PUT', path, { json: { enabled: true, offer_hours: 12 } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data).toEqual({ ticket_id: ticket.id, enabled: true, offer_hours: 12 });
    const defaulted = await api()<WaitingList>('PUT', path, { json: { enabled: true } });
    expect(defaulted.body.data.offer_hours).toBe(24);
    expect(
      expectProblem(
        await api()('PUT', path, { json: { enabled: true, offer_hours: 500 } }),
        400,
        'validation_failed',
      ).errors,
    ).toHaveProperty('offer_hours');
    const { state } = await t.platform.services.commands.load(ticketDecider, ticketStream(ticket.id));
    expect(state.exists && state.waitingList).toEqual({ enabled: true, offerHours: 24 });

    const other = await t.otherAccount();
    expectProblem(
      await t.client(other.token)('PUT', path, { json: { enabled: false } }),
      404,
      'event_not_found',
    );
    const secondEvent = await createEvent('Second');
    expectProblem(
      await api()('PUT', `/api/events/${secondEvent}/tickets/${ticket.id}/waiting-list`, {
        json: { enabled: true },
      }),
      404,
      'ticket_not_found',
    );
  });

  it('locks the type, the sold tier, the ticket and its sold quantity once there are sales', async () => {
    const eventId = await createEvent();
    const tiered = await createTicket(eventId, {
      type: 'TIERED',
      title: 'Weekend',
      tiers: [
        { label: 'Early bird', price: 3000, quantity: 10 },
        { label: 'Regular', price: 4000 },
      ],
    });
    const [early, regular] = tiered.tiers;
    await sell(eventId, tiered.id, early!.tier_id, 3);
    const path = `/api/events/${eventId}/tickets/${tiered.id}`;
    expectProblem(
      await api()('PUT', path, { json: { type: 'PAID', price: 100, tiers: [] } }),
      409,
      'ticket_type_locked',
    );
    expectProblem(
      await api()('PUT', path, {
        json: { tiers: [{ tier_id: regular!.tier_id, label: 'Regular', price: 4000 }] },
      }),
      409,
      'tier_has_sales',
    );
    const belowSold = expectProblem(
      await api()('PUT', path, {
        json: {
          tiers: [
            { tier_id: early!.tier_id, label: 'Early bird', price: 3000, quantity: 2 },
            { tier_id: regular!.tier_id, label: 'Regular', price: 4000 },
          ],
        },
      }),
      409,
      'quantity_below_sold',
    );
    expect(belowSold.errors).toBeDefined();
    // Nothing changed: the ticket still says 10, as the inventory does.
    const unchanged = await api()<{ data: Ticket }>('GET', path);
    expect(unchanged.body.data.tiers[0]?.quantity).toBe(10);
    expect((await inventory(eventId)).tickets[tiered.id]?.tiers[early!.tier_id]?.quantity).toBe(10);
    expectProblem(await api()('DELETE', path), 409, 'ticket_has_orders');

    // Without sales, the type may change and the ticket may go.
    const spare = await createTicket(eventId, { type: 'FREE', title: 'Spare' });
    const retyped = await api()<{ data: Ticket }>('PUT', `/api/events/${eventId}/tickets/${spare.id}`, {
      json: { type: 'PAID', price: 900 },
    });
    expect(retyped.status, JSON.stringify(retyped.body)).toBe(200);
    expect(retyped.body.data).toMatchObject({ type: 'PAID', price: 900 });
    const donation = await api()<{ data: Ticket }>('PUT', `/api/events/${eventId}/tickets/${spare.id}`, {
      json: { type: 'DONATION', minimum_price: 300 },
    });
    expect(donation.status, JSON.stringify(donation.body)).toBe(200);
    expect(donation.body.data).toMatchObject({ type: 'DONATION', price: null });
    expect((await api()('DELETE', `/api/events/${eventId}/tickets/${spare.id}`)).status).toBe(204);
    expect((await inventory(eventId)).tickets[spare.id]?.quantity).toBe(0);
  });

  it('sorts the tickets, and refuses a list that is not exactly them', async () => {
    const eventId = await createEvent();
    const a = await createTicket(eventId, { type: 'FREE', title: 'A' });
    const b = await createTicket(eventId, { type: 'FREE', title: 'B' });
    const c = await createTicket(eventId, { type: 'FREE', title: 'C' });
    const sorted = await api()<{ data: Ticket[] }>('PUT', `/api/events/${eventId}/tickets/sort`, {
      json: { ticket_ids: [c.id, a.id, b.id] },
    });
    expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
    expect(sorted.body.data.map((ticket) => ticket.title)).toEqual(['C', 'A', 'B']);
    const listed = await api()<{ data: Ticket[] }>('GET', `/api/events/${eventId}/tickets`);
    expect(listed.body.data.map((ticket) => ticket.title)).toEqual(['C', 'A', 'B']);
    expectProblem(
      await api()('PUT', `/api/events/${eventId}/tickets/sort`, { json: { ticket_ids: [c.id, a.id] } }),
      409,
      'ticket_sort_failed',
    );
  });

  it('seeds the sample event with a paid and a free ticket buyers can see; the paid one awaits a way to pay', async () => {
    const events = await t.client()<{ data: { id: string; title: string }[] }>('GET', '/api/public/events');
    const sample = events.body.data.find((event) => event.title === 'Open-Air Jazz Evening');
    expect(sample).toBeDefined();
    const tickets = await publicEvent(sample!.id);
    expect(tickets.map((ticket) => [ticket.title, ticket.state, ticket.prices[0]?.amount])).toEqual([
      // No card connection and no offline payment yet: the paid ticket cannot be bought.
      ['Standing', 'PAYMENT_SETUP_INCOMPLETE', 2500],
      ['Children under 12', 'ON_SALE', 0],
    ]);
    expect(tickets[0]?.remaining).toBe(400);
  });

  it('refuses to publish an event without tickets, and publishes it with one', async () => {
    const eventId = await createEvent();
    const status = `/api/events/${eventId}/status`;
    expectProblem(await api()('PUT', status, { json: { status: 'LIVE' } }), 409, 'no_tickets');
    await createTicket(eventId, { type: 'FREE', title: 'Entry' });
    const live = await api()<{ data: { status: string } }>('PUT', status, { json: { status: 'LIVE' } });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    expect(live.body.data.status).toBe('LIVE');
  });

  it('shows buyers the tickets they may see, priced in the display mode, by the clock and the promo code', async () => {
    clock.set('2027-01-10T12:00:00.000Z');
    const eventId = await createEvent();
    const offline = await api()('PUT', `/api/events/${eventId}/settings`, {
      json: { offline_payments_enabled: true },
    });
    expect(offline.status, JSON.stringify(offline.body)).toBe(200);
    const vat = await createTax({
      name: 'VAT',
      kind: 'TAX',
      charge: { calculation: 'PERCENTAGE', rate: 21 },
      isDefault: false,
    });
    const fee = await createTax({
      name: 'Booking fee',
      kind: 'FEE',
      charge: { calculation: 'FIXED', amount: 100 },
      isDefault: false,
    });
    const standing = await createTicket(eventId, {
      type: 'PAID',
      title: 'Standing',
      price: 2000,
      quantity: 50,
      show_quantity_remaining: true,
      tax_and_fee_ids: [fee, vat],
    });
    await createTicket(eventId, { type: 'FREE', title: 'Hidden', hidden: true });
    await createTicket(eventId, {
      type: 'FREE',
      title: 'Later',
      sale_start: '2027-02-01T10:00:00Z',
      hide_before_sale_start: true,
    });
    await createTicket(eventId, { type: 'FREE', title: 'Soon', sale_start: '2027-02-01T10:00:00Z' });
    await createTicket(eventId, {
      type: 'FREE',
      title: 'Over',
      sale_end: '2027-01-20T10:00:00Z',
      hide_after_sale_end: true,
    });
    const secret = await createTicket(eventId, {
      type: 'PAID',
      title: 'Crew',
      price: 1000,
      hidden_unless_promo_code: true,
    });
    await sell(eventId, standing.id, null, 5);
    expect((await api()('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } })).status).toBe(
      200,
    );

    const shown = await publicEvent(eventId);
    expect(shown.map((ticket) => [ticket.title, ticket.state])).toEqual([
      ['Standing', 'ON_SALE'],
      ['Soon', 'NOT_ON_SALE'],
      ['Over', 'ON_SALE'],
    ]);
    // The default mode is INCLUSIVE: the headline is everything a buyer pays (the fee is taxed on top).
    expect(shown[0]?.prices[0]).toMatchObject({ amount: 2121, total: 2121, remaining: 45 });
    expect(shown[0]?.remaining).toBe(45);
    expect(shown[1]?.remaining).toBeNull();

    const settings = await api()('PUT', `/api/events/${eventId}/settings`, {
      json: { price_display_mode: 'EXCLUSIVE' },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const exclusive = await publicEvent(eventId);
    // EXCLUSIVE: the headline is the price before taxes and fees: 2000 + 100 fee + 21 % of 2100.
    expect(exclusive[0]?.prices[0]).toMatchObject({ amount: 2000, total: 2541 });

    clock.set('2027-01-25T12:00:00.000Z');
    expect((await publicEvent(eventId)).map((ticket) => [ticket.title, ticket.state])).toEqual([
      ['Standing', 'ON_SALE'],
      ['Soon', 'NOT_ON_SALE'],
    ]);
    clock.set('2027-02-02T12:00:00.000Z');
    expect((await publicEvent(eventId)).map((ticket) => ticket.title)).toEqual(['Standing', 'Later', 'Soon']);

    await createPromoCode(
      t.platform.services,
      {
        eventId,
        definition: {
          code: 'CREW10',
          discountType: 'PERCENT',
          discount: 10,
          expiresAt: null,
          maxUsages: null,
          applicableTicketIds: [secret.id],
        },
      },
      context,
    );
    const withCode = await publicEvent(eventId, '?promo_code=crew10');
    expect(withCode.map((ticket) => ticket.title)).toEqual(['Standing', 'Later', 'Soon', 'Crew']);
    expect(withCode[3]?.prices[0]).toMatchObject({ amount: 900 });
    expect((await publicEvent(eventId, '?promo_code=nothing')).map((ticket) => ticket.title)).not.toContain(
      'Crew',
    );
    const valid = await t.client()<{ valid: boolean }>(
      'GET',
      `/api/public/events/${eventId}/promo-codes/Crew10`,
    );
    expect(valid.body.valid).toBe(true);
  });
}

describe('tickets on SQLite', () => ticketsSuite('sqlite'));
describeWithPostgres('tickets on PostgreSQL', () => ticketsSuite('postgres'));

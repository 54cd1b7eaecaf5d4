import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { ManualClock } from '../../kit/clock';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../../api/testing';
import type { RecipientCandidate } from './recipientSearch';

type Problem = { reason: string; errors?: Record<string, string[]> };
type Order = { id: string; short_id: string; reference: string; attendees: { id: string }[] };

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

/**
 * The composer's recipient search (issue 26, item 9): one attendee or one order's buyer found by name, email or
 * order reference, only among the people a message reaches, never another event's or another account's.
 */
function recipientSearchSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let token: string;
  let eventId: string;
  let otherEventId: string;
  let ann: Order;
  let bea: Order;
  let unpaid: Order;
  const api = () => t.client(token);
  const search = (query: Record<string, string>, event = eventId) =>
    api()<{ data: RecipientCandidate[] }>(
      'GET',
      `/api/events/${event}/messages/recipient-search?${new URLSearchParams(query).toString()}`,
    );

  async function createEvent(title: string, organizerId: string) {
    const event = await api()<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizerId,
        title,
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    const id = event.body.data.id;
    await api()('PUT', `/api/events/${id}/settings`, { json: { offline_payments_enabled: true } });
    return id;
  }

  async function ticket(event: string, json: Record<string, unknown>) {
    const created = await api()<{ data: { id: string } }>('POST', `/api/events/${event}/tickets`, {
      json: { quantity: 50, tax_and_fee_ids: [], ...json },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id;
  }

  async function buy(
    event: string,
    ticketId: string,
    buyer: { first: string; last: string; email: string },
    attendees: { first: string; last: string; email: string }[],
    method: 'FREE' | 'OFFLINE' | null,
  ): Promise<Order> {
    const client = t.client();
    const placed = await client<{ data: Order }>('POST', `/api/public/events/${event}/orders`, {
      json: { lines: [{ ticket_id: ticketId, quantity: attendees.length }] },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data;
    const detailed = await client('PUT', `/api/public/events/${event}/orders/${order.short_id}/details`, {
      json: {
        first_name: buyer.first,
        last_name: buyer.last,
        email: buyer.email,
        attendees: attendees.map((a) => ({ first_name: a.first, last_name: a.last, email: a.email })),
        terms_agreed: true,
      },
    });
    expect(detailed.status, JSON.stringify(detailed.body)).toBe(200);
    if (method) {
      const done = await client('POST', `/api/public/events/${event}/orders/${order.short_id}/complete`, {
        json: { payment_method: method },
      });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    }
    return order;
  }

  beforeAll(async () => {
    t = await startTestPlatform(kind, { clock });
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await api()<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Harbour Collective' },
    });
    eventId = await createEvent('Harbour Lights', organizer.body.data.id);
    otherEventId = await createEvent('Harbour Nights', organizer.body.data.id);
    const free = await ticket(eventId, { type: 'FREE', title: 'Standing' });
    const paid = await ticket(eventId, { type: 'PAID', title: 'Seated', price: 1500 });
    const elsewhere = await ticket(otherEventId, { type: 'FREE', title: 'Standing' });
    for (const id of [eventId, otherEventId])
      expect((await api()('PUT', `/api/events/${id}/status`, { json: { status: 'LIVE' } })).status).toBe(200);

    ann = await buy(
      eventId,
      free,
      { first: 'Ann', last: 'Lee', email: 'ann@example.test' },
      [
        { first: 'Ann', last: 'Lee', email: 'ann@example.test' },
        { first: 'Oskar', last: 'Lee', email: 'oskar@example.test' },
      ],
      'FREE',
    );
    bea = await buy(
      eventId,
      free,
      { first: 'Bea', last: 'Lindqvist', email: 'bea@example.test' },
      [{ first: 'Cai', last: 'Lindqvist', email: 'cai@example.test' }],
      'FREE',
    );
    unpaid = await buy(
      eventId,
      paid,
      { first: 'Dora', last: 'Lemaire', email: 'dora@example.test' },
      [{ first: 'Dora', last: 'Lemaire', email: 'dora@example.test' }],
      'OFFLINE',
    );
    // Still in checkout: no ticket issued, nobody to write to yet.
    await buy(
      eventId,
      free,
      { first: 'Eli', last: 'Lenz', email: 'eli@example.test' },
      [{ first: 'Eli', last: 'Lenz', email: 'eli@example.test' }],
      null,
    );
    // Another event of the same account.
    await buy(
      otherEventId,
      elsewhere,
      { first: 'Fay', last: 'Lee', email: 'fay@example.test' },
      [{ first: 'Fay', last: 'Lee', email: 'fay@example.test' }],
      'FREE',
    );
    // A cancelled attendee gets no mail, so the picker does not offer them.
    const cancelled = await api()('POST', `/api/events/${eventId}/attendees/${bea.attendees[0]!.id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds attendees by name, full name, email and order reference, with their ticket and order', async () => {
    const byLastName = await search({ kind: 'attendee', query: 'lee' });
    expect(byLastName.status, JSON.stringify(byLastName.body)).toBe(200);
    expect(byLastName.body.data).toEqual([
      {
        kind: 'attendee',
        id: ann.attendees[0]!.id,
        name: 'Ann Lee',
        email: 'ann@example.test',
        reference: ann.reference,
        ticket_title: 'Standing',
      },
      {
        kind: 'attendee',
        id: ann.attendees[1]!.id,
        name: 'Oskar Lee',
        email: 'oskar@example.test',
        reference: ann.reference,
        ticket_title: 'Standing',
      },
    ]);
    const names = async (query: string) =>
      (await search({ kind: 'attendee', query })).body.data.map((candidate) => candidate.name);
    expect(await names('Oskar LEE')).toEqual(['Oskar Lee']);
    expect(await names('OSKAR@example')).toEqual(['Oskar Lee']);
    expect(await names(ann.reference.toLowerCase())).toEqual(['Ann Lee', 'Oskar Lee']);
    expect(await names(`${ann.reference} oskar`)).toEqual(['Oskar Lee']);
    // Awaiting an offline payment: the ticket is issued, the message reaches them.
    expect(await names('dora')).toEqual(['Dora Lemaire']);
    // Cancelled, still in checkout, or another event's: not offered.
    expect(await names('cai')).toEqual([]);
    expect(await names('eli')).toEqual([]);
    expect(await names('fay')).toEqual([]);
    // LIKE's wildcards are taken literally.
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
    // No query: the first people by name.
    expect(await names('')).toEqual(['Ann Lee', 'Oskar Lee', 'Dora Lemaire']);
  });

  it("finds an order's buyer by name, email or reference, among orders that went through", async () => {
    const found = await search({ kind: 'order_buyer', query: 'bea@' });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data).toEqual([
      {
        kind: 'order_buyer',
        id: bea.id,
        name: 'Bea Lindqvist',
        email: 'bea@example.test',
        reference: bea.reference,
        ticket_title: null,
      },
    ]);
    const ids = async (query: string) =>
      (await search({ kind: 'order_buyer', query })).body.data.map((candidate) => candidate.id);
    expect(await ids(unpaid.reference)).toEqual([unpaid.id]);
    expect(await ids('l')).toEqual([ann.id, unpaid.id, bea.id]);
    expect(await ids('eli')).toEqual([]);
    expect(await ids('fay')).toEqual([]);
  });

  it('offers exactly the people the message then reaches', async () => {
    const [oskar] = (await search({ kind: 'attendee', query: 'oskar' })).body.data;
    const sent = await api()('POST', `/api/events/${eventId}/messages`, {
      json: {
        subject: 'Your seat',
        content: '<p>Row 3</p>',
        recipients: { kind: 'attendee', attendee_id: oskar!.id },
        acknowledged_not_promotional: true,
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const [buyer] = (await search({ kind: 'order_buyer', query: 'dora' })).body.data;
    const toBuyer = await api()('POST', `/api/events/${eventId}/messages`, {
      json: {
        subject: 'Your payment',
        content: '<p>Bank details</p>',
        recipients: { kind: 'order_buyer', order_id: buyer!.id },
        acknowledged_not_promotional: true,
      },
    });
    expect(toBuyer.status, JSON.stringify(toBuyer.body)).toBe(201);
  });

  it('refuses bad parameters with field errors, and another account with 404', async () => {
    expect(expectProblem(await search({ query: 'lee' }), 400, 'validation_failed').errors).toHaveProperty(
      'kind',
    );
    expect(
      expectProblem(await search({ kind: 'everyone', query: 'lee' }), 400, 'validation_failed').errors,
    ).toHaveProperty('kind');
    expect(
      expectProblem(await search({ kind: 'attendee', query: 'x'.repeat(201) }), 400, 'validation_failed')
        .errors,
    ).toHaveProperty('query');
    expect(
      expectProblem(await search({ kind: 'attendee', sort: 'name' }), 400, 'validation_failed').errors,
    ).toBeDefined();
    expectProblem(await search({ kind: 'attendee', query: 'a\u202eb' }), 400, 'invalid_characters');
    expectProblem(await search({ kind: 'attendee' }, 'ev_unknown12345'), 404, 'event_not_found');

    const other = await t.otherAccount();
    const theirs = t.client(other.token);
    expectProblem(
      await theirs('GET', `/api/events/${eventId}/messages/recipient-search?kind=attendee&query=lee`),
      404,
      'event_not_found',
    );
  });
}

describe('message recipient search on SQLite', () => recipientSearchSuite('sqlite'));
describeWithPostgres('message recipient search on PostgreSQL', () => recipientSearchSuite('postgres'));

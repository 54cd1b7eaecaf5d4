import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { settle, startTestPlatform, type StorageKind, type TestPlatform } from '../../api/testing';

type Problem = { status: number; reason: string; errors?: Record<string, string[]> };
type Order = { id: string; short_id: string; reference: string; attendees: { short_id: string }[] };
type Found = {
  id: string;
  short_id: string;
  first_name: string;
  last_name: string;
  ticket_title: string | null;
  order_reference: string | null;
  payment: string;
  status: string;
};

/**
 * Issue 26, item 15: the door finds a buyer by the order reference they see, and tells namesakes apart by
 * their ticket and whether it is paid.
 */
function doorLookupSuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  let eventId: string;
  let standing: string;
  let seated: string;
  let listShortId: string;
  const api = () => t.client(token);
  const buyer = () => t.client();

  /** A buyer's order through the public checkout: free tickets complete at once, paid ones await payment. */
  async function order(lines: { ticket_id: string; quantity: number }[], method: 'FREE' | 'OFFLINE') {
    const placed = await buyer()<{ data: Order }>('POST', `/api/public/events/${eventId}/orders`, {
      json: { lines },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const path = `/api/public/events/${eventId}/orders/${placed.body.data.short_id}`;
    const count = lines.reduce((sum, line) => sum + line.quantity, 0);
    // The buyer names every attendee after themselves: namesakes, as families at the door are.
    const person = { first_name: 'Sam', last_name: 'Lee', email: 'sam@example.test' };
    const details = await buyer()('PUT', `${path}/details`, {
      json: { ...person, attendees: Array.from({ length: count }, () => person), terms_agreed: true },
    });
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    const completed = await buyer()<{ data: Order }>('POST', `${path}/complete`, {
      json: { payment_method: method },
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    return completed.body.data;
  }

  const search = (query: string) =>
    buyer()<{ data: Found[] }>('GET', `/api/public/check-in-lists/${listShortId}/attendees?${query}`);

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await api()<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Door Collective' },
    });
    const created = await api()<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Namesakes night',
        start_date: '2030-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    eventId = created.body.data.id;
    await api()('PUT', `/api/events/${eventId}/settings`, {
      json: { offline_payments_enabled: true, offline_payment_instructions: '<p>Pay at the door</p>' },
    });
    const ticket = async (json: Record<string, unknown>) =>
      (await api()<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, { json })).body.data
        .id;
    standing = await ticket({ type: 'FREE', title: 'Standing' });
    seated = await ticket({ type: 'PAID', title: 'Seated', price: 1500, quantity: 20, tax_and_fee_ids: [] });
    expect((await api()('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } })).status).toBe(
      200,
    );
    const list = await api()<{ data: { short_id: string } }>(
      'POST',
      `/api/events/${eventId}/check-in-lists`,
      {
        json: { name: 'Front door', ticket_ids: [standing, seated] },
      },
    );
    listShortId = list.body.data.short_id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("finds an order's tickets by the reference its buyer sees, typed in any case with or without #", async () => {
    const family = await order([{ ticket_id: standing, quantity: 3 }], 'FREE');
    const other = await order([{ ticket_id: standing, quantity: 1 }], 'FREE');
    expect(family.reference).toMatch(/^[0-9A-Z]{8}$/);
    expect(await settle(t.platform)).toBe(true);
    for (const typed of [family.reference, family.reference.toLowerCase(), `#${family.reference}`]) {
      const found = await search(`order_reference=${encodeURIComponent(typed)}`);
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      expect(found.body.data.map((row) => row.short_id).sort()).toEqual(
        family.attendees.map((attendee) => attendee.short_id).sort(),
      );
      expect(found.body.data.every((row) => row.order_reference === family.reference)).toBe(true);
    }
    expect((await search(`order_reference=${other.reference}`)).body.data).toHaveLength(1);
    expect((await search('order_reference=ZZZZ9999')).body.data).toEqual([]);
    const refused = await search('order_reference=not%20a%20ref');
    expect(refused.status).toBe(400);
    expect((refused.body as unknown as Problem).errors).toHaveProperty('order_reference');
  });

  it('tells namesakes apart by ticket, order and payment in the search and the snapshot', async () => {
    const paid = await order([{ ticket_id: standing, quantity: 1 }], 'FREE');
    const unpaid = await order([{ ticket_id: seated, quantity: 1 }], 'OFFLINE');
    expect(await settle(t.platform)).toBe(true);
    const found = await search('query=sam%20lee&limit=100');
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const byShortId = new Map(found.body.data.map((row) => [row.short_id, row]));
    expect(byShortId.get(paid.attendees[0]!.short_id)).toMatchObject({
      first_name: 'Sam',
      ticket_title: 'Standing',
      order_reference: paid.reference,
      payment: 'PAID',
    });
    expect(byShortId.get(unpaid.attendees[0]!.short_id)).toMatchObject({
      first_name: 'Sam',
      ticket_title: 'Seated',
      order_reference: unpaid.reference,
      payment: 'UNPAID',
    });
    // The search still reaches an order by a part of its reference.
    const byPart = await search(`query=${unpaid.reference.slice(1, 7).toLowerCase()}`);
    expect(byPart.body.data.map((row) => row.short_id)).toContain(unpaid.attendees[0]!.short_id);

    const snapshot = await buyer()<{ data: { attendees: Found[] } }>(
      'GET',
      `/api/public/check-in-lists/${listShortId}/snapshot`,
    );
    expect(
      snapshot.body.data.attendees.find((row) => row.short_id === unpaid.attendees[0]!.short_id),
    ).toMatchObject({ ticket_title: 'Seated', order_reference: unpaid.reference, payment: 'UNPAID' });
  });
}

describe('the door looks people up (sqlite)', () => doorLookupSuite('sqlite'));
describeWithPostgres('the door looks people up (postgres)', () => doorLookupSuite('postgres'));

/** Shared by the invoice integration tests (not a test file: no project includes `*.spec.ts` without a kind). */
import { expect } from 'vitest';
import { settle, type TestPlatform } from '../../api/testing';
import { invoiceNumberingStream, isIssuedDocument, type IssuedDocument } from './invoiceEvents';

/** Many orders from one test client: no per-client reservation limits. */
export const unlimitedReservations = {
  reservations: { holdsPerClient: 0, perClientPerMinute: 0, lifetimeFactor: 2 },
};

export type TestOrder = { id: string; short_id: string; reference: string; public_id?: string };

export async function invoiceShop(t: TestPlatform, token: string, settings: Record<string, unknown>) {
  const api = t.client(token);
  const vat = await api<{ data: { id: string } }>('POST', '/api/account/taxes-and-fees', {
    json: { name: 'VAT 19%', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 19, is_default: false },
  });
  expect(vat.status, JSON.stringify(vat.body)).toBe(201);
  const organizer = await api<{ data: { id: string } }>('POST', '/api/organizers', {
    json: { name: 'Harbour Collective GmbH', email: 'box-office@example.test' },
  });
  const event = await api<{ data: { id: string } }>('POST', '/api/events', {
    json: {
      organizer_id: organizer.body.data.id,
      title: 'Harbour Lights',
      start_date: '2027-03-05T18:00:00+01:00',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
    },
  });
  const eventId = event.body.data.id;
  const put = await api('PUT', `/api/events/${eventId}/settings`, {
    json: { offline_payments_enabled: true, ...settings },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const created = await api<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
    json: { type: 'PAID', title: 'Standard', price: 20, quantity: 50, tax_and_fee_ids: [vat.body.data.id] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await api('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } })).status).toBe(200);
  return { eventId, ticketId: created.body.data.id };
}

/** Places an order and gives its details (plus `details`, e.g. a company invoice's fields); not completed. */
export async function placeWithDetails(
  t: TestPlatform,
  eventId: string,
  ticketId: string,
  details: Record<string, unknown> = {},
) {
  const buyer = t.client();
  const placed = await buyer<{ data: TestOrder }>('POST', `/api/public/events/${eventId}/orders`, {
    json: { lines: [{ ticket_id: ticketId, quantity: 2 }] },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order = placed.body.data;
  const person = { first_name: 'Anna', last_name: 'Schmidt', email: 'anna@example.test' };
  const detailed = await buyer('PUT', `/api/public/events/${eventId}/orders/${order.short_id}/details`, {
    json: { ...person, locale: 'de', attendees: [person, person], terms_agreed: true, ...details },
  });
  return { buyer, order, detailed };
}

/** An order completed offline and marked paid by a member: the reactor issues its invoice. */
export async function paidOrder(
  t: TestPlatform,
  token: string,
  eventId: string,
  ticketId: string,
  details: Record<string, unknown> = {},
): Promise<TestOrder> {
  const { buyer, order, detailed } = await placeWithDetails(t, eventId, ticketId, details);
  expect(detailed.status, JSON.stringify(detailed.body)).toBe(200);
  const done = await buyer('POST', `/api/public/events/${eventId}/orders/${order.short_id}/complete`, {
    json: { payment_method: 'OFFLINE' },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  const paid = await t.client(token)('POST', `/api/events/${eventId}/orders/${order.id}/mark-paid`, {
    json: {},
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return order;
}

/** The account's invoices and credit notes, once the worker has caught up. */
export async function issuedDocuments(t: TestPlatform, accountId: string): Promise<IssuedDocument[]> {
  expect(await settle(t.platform)).toBe(true);
  const events: IssuedDocument[] = [];
  for await (const event of t.platform.services.store.readStream(invoiceNumberingStream(accountId)))
    if (isIssuedDocument(event)) events.push(event);
  return events;
}

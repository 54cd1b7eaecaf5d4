import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../kit/testing/postgres';
import { ManualClock } from '../kit/clock';
import { settle, startTestPlatform, type StorageKind, type TestPlatform } from '../api/testing';
import { invoiceNumberingStream, type IssuedDocument } from '../sales/invoices/invoiceEvents';
import { invoiceReactor } from './invoiceReactor';

type Order = { id: string; short_id: string; reference: string };

const reasonOf = (body: Buffer): string => (JSON.parse(body.toString()) as { reason: string }).reason;

/** Invoices issued from the log (issue 31): on completion, a credit note on cancellation, once each. */
function invoiceSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let token: string;

  beforeAll(async () => {
    t = await startTestPlatform(kind, { clock });
    token = await t.login(t.admin.email, t.admin.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function issued(): Promise<IssuedDocument[]> {
    expect(await settle(t.platform)).toBe(true);
    const events: IssuedDocument[] = [];
    for await (const event of t.platform.services.store.readStream(invoiceNumberingStream(t.admin.accountId)))
      events.push(event as unknown as IssuedDocument);
    return events;
  }

  async function shop(settings: Record<string, unknown>) {
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
    expect((await api('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } })).status).toBe(
      200,
    );
    return { eventId, ticketId: created.body.data.id };
  }

  async function buyOffline(eventId: string, ticketId: string): Promise<Order> {
    const buyer = t.client();
    const placed = await buyer<{ data: Order }>('POST', `/api/public/events/${eventId}/orders`, {
      json: { lines: [{ ticket_id: ticketId, quantity: 2 }] },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data;
    const person = { first_name: 'Anna', last_name: 'Schmidt', email: 'anna@example.test' };
    const detailed = await buyer('PUT', `/api/public/events/${eventId}/orders/${order.short_id}/details`, {
      json: { ...person, locale: 'de', attendees: [person, person], terms_agreed: true },
    });
    expect(detailed.status, JSON.stringify(detailed.body)).toBe(200);
    const done = await buyer('POST', `/api/public/events/${eventId}/orders/${order.short_id}/complete`, {
      json: { payment_method: 'OFFLINE' },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return order;
  }

  it('issues an invoice once the order is paid, and a credit note when it is cancelled; numbers 1, 2, 3', async () => {
    const api = t.client(token);
    const off = await shop({});
    const on = await shop({ invoices_enabled: true });
    const unpaid = await buyOffline(on.eventId, on.ticketId);
    const other = await buyOffline(off.eventId, off.ticketId);
    // Completed offline: unpaid, no invoice yet; invoices off: none ever.
    expect(await issued()).toEqual([]);

    for (const [eventId, order] of [
      [on.eventId, unpaid],
      [off.eventId, other],
    ] as const) {
      const paid = await api('POST', `/api/events/${eventId}/orders/${order.id}/mark-paid`, { json: {} });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    }
    const second = await buyOffline(on.eventId, on.ticketId);
    await api('POST', `/api/events/${on.eventId}/orders/${second.id}/mark-paid`, { json: {} });

    const invoices = await issued();
    expect(invoices.map((e) => [e.type, e.data.orderId, e.data.number])).toEqual([
      ['InvoiceIssued', unpaid.id, 'INV-00001'],
      ['InvoiceIssued', second.id, 'INV-00002'],
    ]);
    const first = invoices[0]!.data;
    expect(first.currency).toBe('EUR');
    expect(first.seller.company).toBe('Harbour Collective GmbH');
    expect(first.buyer.name).toBe('Anna Schmidt');
    expect(first.lines).toHaveLength(1);
    expect(first.lines[0]).toMatchObject({
      description: 'Standard',
      quantity: 2,
      taxes: [{ name: 'VAT 19%' }],
    });
    expect(first.totals.net + first.totals.tax).toBe(first.totals.gross);
    // The amounts the pricing engine charged, as the order page shows them (minor units), not recomputed.
    const detail = await api<{ data: { total: number; tax_total: number } }>(
      'GET',
      `/api/events/${on.eventId}/orders/${unpaid.id}`,
    );
    expect(first.totals.gross).toBe(detail.body.data.total);
    expect(first.totals.tax).toBe(detail.body.data.tax_total);
    expect(first.totals.tax).toBeGreaterThan(0);

    const cancelled = await api('POST', `/api/events/${on.eventId}/orders/${unpaid.id}/cancel`, { json: {} });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = await issued();
    expect(after.map((e) => [e.type, e.data.orderId, e.data.number])).toEqual([
      ['InvoiceIssued', unpaid.id, 'INV-00001'],
      ['InvoiceIssued', second.id, 'INV-00002'],
      ['CreditNoteIssued', unpaid.id, 'INV-00003'],
    ]);
    const credit = after[2]!;
    expect(credit.type === 'CreditNoteIssued' && credit.data.cancelsNumber).toBe('INV-00001');
    expect(credit.data.totals).toEqual({
      net: -first.totals.net,
      tax: -first.totals.tax,
      gross: -first.totals.gross,
    });
  });

  it('the organizer downloads the invoice and the credit note as PDFs; another account gets 404 like unknown', async () => {
    const api = t.client(token);
    const on = await shop({ invoices_enabled: true });
    const order = await buyOffline(on.eventId, on.ticketId);
    const base = `/api/events/${on.eventId}/orders/${order.id}`;
    const pdf = async (path: string, bearer = token) => {
      const response = await fetch(`${t.baseUrl}${path}`, { headers: { authorization: `Bearer ${bearer}` } });
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        body: Buffer.from(await response.arrayBuffer()),
      };
    };
    // Not paid yet: no invoice.
    expect(await settle(t.platform)).toBe(true);
    const none = await pdf(`${base}/invoice`);
    expect(none.status).toBe(404);
    expect(reasonOf(none.body)).toBe('invoice_not_found');

    await api('POST', `${base}/mark-paid`, { json: {} });
    expect(await settle(t.platform)).toBe(true);
    const invoice = (await issued()).find((e) => e.type === 'InvoiceIssued' && e.data.orderId === order.id)!;
    const downloaded = await pdf(`${base}/invoice`);
    expect(downloaded.status).toBe(200);
    expect(downloaded.type).toBe('application/pdf');
    expect(downloaded.body.subarray(0, 5).toString()).toBe('%PDF-');
    // The number is in the document's info dictionary as written (uncompressed).
    expect(downloaded.body.toString('latin1')).toContain(`(${invoice.data.number})`);
    expect((await pdf(`${base}/credit-note`)).status).toBe(404);

    await api('POST', `${base}/cancel`, { json: {} });
    expect(await settle(t.platform)).toBe(true);
    const credit = (await issued()).find(
      (e) => e.type === 'CreditNoteIssued' && e.data.orderId === order.id,
    )!;
    const creditPdf = await pdf(`${base}/credit-note`);
    expect(creditPdf.status).toBe(200);
    expect(creditPdf.body.toString('latin1')).toContain(`(${credit.data.number})`);

    const other = await t.otherAccount();
    for (const path of [
      `${base}/invoice`,
      `${base}/credit-note`,
      `/api/events/${on.eventId}/orders/or_unknown/invoice`,
    ]) {
      const stranger = await pdf(path, other.token);
      expect(stranger.status, path).toBe(404);
    }
    // Another account's order answers like an unknown event's: the event is not theirs.
    const unknown = await pdf(`/api/events/ev_unknown00000000/orders/${order.id}/invoice`);
    expect(unknown.status).toBe(404);
    const strangers = await pdf(`${base}/invoice`, other.token);
    expect(reasonOf(strangers.body)).toBe(reasonOf(unknown.body));
  });

  it('a second delivery of every order event (a replay, another worker) issues nothing new', async () => {
    const before = await issued();
    expect(before.length).toBeGreaterThan(0);
    const again = invoiceReactor({
      commands: t.platform.services.commands,
      store: t.platform.services.store,
      clock,
    });
    const db = t.platform.services.db;
    for await (const event of t.platform.services.store.readAll())
      if (again.handles.includes(event.type))
        await db.transaction((trx) => again.apply(trx, event, undefined as never));
    expect(await issued()).toEqual(before);
  });
}

describe('invoices on SQLite', () => invoiceSuite('sqlite'));
describeWithPostgres('invoices on PostgreSQL', () => invoiceSuite('postgres'));

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { ManualClock } from '../../kit/clock';
import { settle, startTestPlatform, type StorageKind, type TestPlatform } from '../../api/testing';
import { invoiceShop, paidOrder, unlimitedReservations } from './invoiceFixtures.spec';

type PublicOrder = {
  invoices_enabled: boolean;
  invoice_number: string | null;
  credit_note_number: string | null;
};

/** The buyer's copies of the invoice (issue 31): by the order's short id, like the tickets' PDF. */
function buyerSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let token: string;

  beforeAll(async () => {
    t = await startTestPlatform(kind, { clock, config: unlimitedReservations });
    token = await t.login(t.admin.email, t.admin.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (path: string) => {
    const response = await fetch(`${t.baseUrl}${path}`);
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      body: Buffer.from(await response.arrayBuffer()),
    };
  };
  const reasonOf = (body: Buffer) => (JSON.parse(body.toString()) as { reason: string }).reason;

  it('downloads the invoice as a PDF and a printable page in the buyer language, then the credit note', async () => {
    const shop = await invoiceShop(t, token, { invoices_enabled: true });
    const order = await paidOrder(t, token, shop.eventId, shop.ticketId, {
      company: 'Acme <SARL>',
      company_address: '1 rue de la Paix, Paris',
      company_country: 'FR',
      vat_id: 'FR12345678901',
    });
    expect(await settle(t.platform)).toBe(true);
    const base = `/api/public/events/${shop.eventId}/orders/${order.short_id}`;
    const page = await t.client()<{ data: PublicOrder }>('GET', base);
    expect(page.body.data).toMatchObject({
      invoices_enabled: true,
      invoice_number: 'INV-00001',
      credit_note_number: null,
    });

    const pdf = await get(`${base}/invoice.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.body.toString('latin1')).toContain('(INV-00001)');

    const html = await get(`${base}/invoice.html`);
    expect(html.status).toBe(200);
    expect(html.type).toContain('text/html');
    const text = html.body.toString();
    expect(text).toContain('<html lang="de">');
    expect(text).toContain('<h1>Rechnung</h1>');
    expect(text).toContain('INV-00001');
    // The buyer's text is escaped, never markup.
    expect(text).toContain('Acme &#60;SARL&#62;');
    expect(text).not.toContain('<SARL>');

    const none = await get(`${base}/credit-note.pdf`);
    expect(none.status).toBe(404);
    expect(reasonOf(none.body)).toBe('invoice_not_found');
    const cancel = await t.client(token)('POST', `/api/events/${shop.eventId}/orders/${order.id}/cancel`, {
      json: {},
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await settle(t.platform)).toBe(true);
    const credit = await get(`${base}/credit-note.pdf`);
    expect(credit.status).toBe(200);
    expect(credit.body.toString('latin1')).toContain('(INV-00002)');
    expect((await t.client()<{ data: PublicOrder }>('GET', base)).body.data.credit_note_number).toBe(
      'INV-00002',
    );
  });

  it('answers 404 for another event, an unknown short id, and an order without an invoice', async () => {
    const on = await invoiceShop(t, token, { invoices_enabled: true });
    const off = await invoiceShop(t, token, {});
    const invoiced = await paidOrder(t, token, on.eventId, on.ticketId);
    const plain = await paidOrder(t, token, off.eventId, off.ticketId);
    expect(await settle(t.platform)).toBe(true);
    for (const [path, reason] of [
      [`/api/public/events/${off.eventId}/orders/${invoiced.short_id}/invoice.pdf`, 'order_not_found'],
      [`/api/public/events/${on.eventId}/orders/00000000000000000000/invoice.pdf`, 'order_not_found'],
      [
        `/api/public/events/${on.eventId}/orders/${invoiced.short_id.slice(1)}/invoice.html`,
        'order_not_found',
      ],
      [`/api/public/events/${off.eventId}/orders/${plain.short_id}/invoice.pdf`, 'invoice_not_found'],
      [`/api/public/events/${off.eventId}/orders/${plain.short_id}/invoice.html`, 'invoice_not_found'],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(reasonOf(response.body), path).toBe(reason);
    }
  });
}

describe("the buyer's invoice on SQLite", () => buyerSuite('sqlite'));
describeWithPostgres("the buyer's invoice on PostgreSQL", () => buyerSuite('postgres'));

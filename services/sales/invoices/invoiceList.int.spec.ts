import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { ManualClock } from '../../kit/clock';
import { settle, startTestPlatform, type StorageKind, type TestPlatform } from '../../api/testing';
import { invoiceShop, paidOrder, unlimitedReservations } from './invoiceFixtures.spec';

type Invoice = {
  number: string;
  kind: string;
  order_id: string;
  buyer_company: string | null;
  buyer_name: string | null;
  net: number;
  tax: number;
  gross: number;
  cancels_number: string | null;
};
type Page = { data: Invoice[]; meta: { total: number; last_page: number } };

/** The organizer's list and export of an event's invoices and credit notes (issue 31), from projections/invoices. */
function listSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let token: string;
  let eventId: string;
  let orders: string[];

  beforeAll(async () => {
    t = await startTestPlatform(kind, { clock, config: unlimitedReservations });
    token = await t.login(t.admin.email, t.admin.password);
    const shop = await invoiceShop(t, token, { invoices_enabled: true });
    eventId = shop.eventId;
    const company = {
      company: 'Acme SARL',
      company_address: '1 rue de la Paix, Paris',
      company_country: 'FR',
      vat_id: 'FR12345678901',
    };
    const first = await paidOrder(t, token, eventId, shop.ticketId, company);
    const second = await paidOrder(t, token, eventId, shop.ticketId);
    orders = [first.id, second.id];
    expect(await settle(t.platform)).toBe(true);
    const cancel = await t.client(token)('POST', `/api/events/${eventId}/orders/${first.id}/cancel`, {
      json: {},
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await settle(t.platform)).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the documents newest number first, pages and filters them', async () => {
    const api = t.client(token);
    const all = await api<Page>('GET', `/api/events/${eventId}/invoices`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.meta.total).toBe(3);
    expect(all.body.data.map((row) => [row.number, row.kind, row.order_id, row.cancels_number])).toEqual([
      ['INV-00003', 'CREDIT_NOTE', orders[0], 'INV-00001'],
      ['INV-00002', 'INVOICE', orders[1], null],
      ['INV-00001', 'INVOICE', orders[0], null],
    ]);
    const [credit, , invoice] = all.body.data;
    expect(invoice).toMatchObject({ buyer_company: 'Acme SARL', buyer_name: 'Anna Schmidt' });
    expect(invoice!.net + invoice!.tax).toBe(invoice!.gross);
    expect(invoice!.gross).toBeGreaterThan(0);
    expect(credit!.gross).toBe(-invoice!.gross);

    const paged = await api<Page>('GET', `/api/events/${eventId}/invoices?per_page=2&page=2`);
    expect(paged.body.data.map((row) => row.number)).toEqual(['INV-00001']);
    expect(paged.body.meta.last_page).toBe(2);
    const credits = await api<Page>(
      'GET',
      `/api/events/${eventId}/invoices?filter_fields[kind][eq]=CREDIT_NOTE`,
    );
    expect(credits.body.data.map((row) => row.number)).toEqual(['INV-00003']);
    const searched = await api<Page>('GET', `/api/events/${eventId}/invoices?query=acme`);
    expect(searched.body.data.map((row) => row.number)).toEqual(['INV-00003', 'INV-00001']);
    const badSort = await api<{ reason: string }>('GET', `/api/events/${eventId}/invoices?sort_by=buyer`);
    expect(badSort.status).toBe(400);
    expect(badSort.body.reason).toBe('unsupported_sort');
  });

  it('exports them in number order as CSV (amounts in major units) and XLSX', async () => {
    const csv = await fetch(`${t.baseUrl}/api/events/${eventId}/invoices/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain(`invoices-${eventId}.csv`);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Number,Kind,Issued at,Cancels,Order ID,Company,Name,Country,VAT ID,Currency,Net,Tax,Gross',
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['INV-00001', 'INV-00002', 'INV-00003']);
    // Two tickets of 20 cents, 19% VAT included: 0.34 net, 0.06 tax, 0.40 gross (minor units → major).
    expect(lines[1]).toContain('Acme SARL,Anna Schmidt,FR,FR12345678901,EUR,0.34,0.06,0.4');
    expect(lines[3]).toContain('EUR,-0.34,-0.06,-0.4');

    const xlsx = await fetch(`${t.baseUrl}/api/events/${eventId}/invoices/export?format=xlsx`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(xlsx.status).toBe(200);
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    const bad = await fetch(`${t.baseUrl}/api/events/${eventId}/invoices/export?format=pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bad.status).toBe(400);
  });

  it("another account's admin gets 404 for this event's list and export, like an unknown event", async () => {
    const other = await t.otherAccount();
    for (const path of [`/api/events/${eventId}/invoices`, `/api/events/${eventId}/invoices/export`]) {
      const response = await t.client(other.token)<{ reason: string }>('GET', path);
      expect(response.status, path).toBe(404);
      expect(response.body.reason).toBe('event_not_found');
    }
  });
}

describe('the invoice list on SQLite', () => listSuite('sqlite'));
describeWithPostgres('the invoice list on PostgreSQL', () => listSuite('postgres'));

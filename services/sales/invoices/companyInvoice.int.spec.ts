import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { ManualClock } from '../../kit/clock';
import { ERASED_TEXT } from '../../eventstore/personalData';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../../api/testing';
import { orderStream } from '../orders/orderEvents';
import {
  invoiceShop,
  unlimitedReservations,
  issuedDocuments,
  paidOrder,
  placeWithDetails,
} from './invoiceFixtures.spec';

type Problem = { reason: string; errors?: Record<string, string[]> };

const acme = {
  company: 'Acme SARL',
  company_address: '1 rue de la Paix\n75002 Paris',
  company_country: 'fr',
  vat_id: 'fr 12.345.678.901',
};

/** The buyer asks for a company invoice at checkout (issue 31): checked, stored as personal data, invoiced. */
function companySuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let token: string;
  let shop: { eventId: string; ticketId: string };

  beforeAll(async () => {
    t = await startTestPlatform(kind, { clock, config: unlimitedReservations });
    token = await t.login(t.admin.email, t.admin.password);
    shop = await invoiceShop(t, token, { invoices_enabled: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the invoice names the company, its address, country and VAT id, and the buyer', async () => {
    const order = await paidOrder(t, token, shop.eventId, shop.ticketId, acme);
    const invoice = (await issuedDocuments(t, t.admin.accountId)).find(
      (event) => event.type === 'InvoiceIssued' && event.data.orderId === order.id,
    );
    expect(invoice?.data.buyer).toEqual({
      company: 'Acme SARL',
      name: 'Anna Schmidt',
      address: '1 rue de la Paix\n75002 Paris',
      country: 'FR',
      vatId: 'FR12345678901',
    });
  });

  it('refuses a VAT id in the wrong format or of another country, and incomplete company details', async () => {
    for (const [details, field] of [
      [{ ...acme, vat_id: 'FR123' }, 'vat_id'],
      [{ ...acme, vat_id: 'DE123456789' }, 'vat_id'],
      [{ ...acme, company_address: '' }, 'company_address'],
      [{ ...acme, company_country: 'France' }, 'company_country'],
      [{ vat_id: 'FR12345678901' }, 'company'],
    ] as const) {
      const { detailed } = await placeWithDetails(t, shop.eventId, shop.ticketId, details);
      expect(detailed.status, JSON.stringify(details)).toBe(400);
      const problem = detailed.body as Problem;
      expect(problem.reason).toBe('validation_failed');
      expect(Object.keys(problem.errors ?? {}), JSON.stringify(problem)).toEqual([field]);
    }
  });

  it('without company details the invoice names the buyer only', async () => {
    const order = await paidOrder(t, token, shop.eventId, shop.ticketId);
    const invoice = (await issuedDocuments(t, t.admin.accountId)).find(
      (event) => event.type === 'InvoiceIssued' && event.data.orderId === order.id,
    );
    expect(invoice?.data.buyer).toEqual({
      company: null,
      name: 'Anna Schmidt',
      address: null,
      country: null,
      vatId: null,
    });
  });

  it("the company's details are the order's personal data: erased with it, the country kept", async () => {
    const order = await paidOrder(t, token, shop.eventId, shop.ticketId, acme);
    const erase = await t.client(token)(
      'POST',
      `/api/events/${shop.eventId}/orders/${order.id}/erase-personal-data`,
    );
    expect(erase.status, JSON.stringify(erase.body)).toBe(200);
    const events = [];
    for await (const event of t.platform.services.store.readStream(orderStream(order.id))) events.push(event);
    const requested = events.find((event) => event.type === 'OrderCompanyInvoiceRequested');
    expect(requested?.data).toMatchObject({
      company: { company: ERASED_TEXT, address: ERASED_TEXT, country: 'FR', vatId: ERASED_TEXT },
    });
  });
}

describe('company invoices on SQLite', () => companySuite('sqlite'));
describeWithPostgres('company invoices on PostgreSQL', () => companySuite('postgres'));

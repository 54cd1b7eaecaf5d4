import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { ManualClock } from '../../kit/clock';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../../api/testing';
import type { InvoiceIssued } from './invoiceEvents';
import { invoiceShop, unlimitedReservations, issuedDocuments, paidOrder } from './invoiceFixtures.spec';

type Settings = {
  prefix: string;
  seller_company: string | null;
  seller_address: string | null;
  seller_country: string | null;
  seller_vat_id: string | null;
  next_number: string;
};
type Problem = { reason: string; errors?: Record<string, string[]> };

const seller = {
  seller_company: 'Harbour Events GmbH',
  seller_address: 'Kai 1\n20457 Hamburg',
  seller_country: 'de',
  seller_vat_id: 'de 123 456 789',
};

/** The account's invoice prefix and seller details (issue 31): taken by the invoices issued after the change. */
function settingsSuite(kind: StorageKind) {
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

  it('the invoices issued after a change carry the new prefix and seller; the sequence does not restart', async () => {
    const api = t.client(token);
    const initial = await api<{ data: Settings }>('GET', '/api/account/invoice-settings');
    expect(initial.body.data).toEqual({
      prefix: 'INV-',
      seller_company: null,
      seller_address: null,
      seller_country: null,
      seller_vat_id: null,
      next_number: 'INV-00001',
    });
    const shop = await invoiceShop(t, token, { invoices_enabled: true });
    const first = await paidOrder(t, token, shop.eventId, shop.ticketId);
    await issuedDocuments(t, t.admin.accountId);

    const put = await api<{ data: Settings }>('PUT', '/api/account/invoice-settings', {
      json: { prefix: 'RE-2027/', ...seller },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toEqual({
      prefix: 'RE-2027/',
      seller_company: 'Harbour Events GmbH',
      seller_address: 'Kai 1\n20457 Hamburg',
      seller_country: 'DE',
      seller_vat_id: 'DE123456789',
      next_number: 'RE-2027/00002',
    });
    expect((await api<{ data: Settings }>('GET', '/api/account/invoice-settings')).body.data).toEqual(
      put.body.data,
    );

    const second = await paidOrder(t, token, shop.eventId, shop.ticketId);
    const invoices = (await issuedDocuments(t, t.admin.accountId)).filter(
      (event): event is InvoiceIssued => event.type === 'InvoiceIssued',
    );
    expect(invoices.map((event) => [event.data.orderId, event.data.number])).toEqual([
      [first.id, 'INV-00001'],
      [second.id, 'RE-2027/00002'],
    ]);
    expect(invoices[0]!.data.seller).toMatchObject({ company: 'Harbour Collective GmbH', vatId: null });
    expect(invoices[1]!.data.seller).toEqual({
      company: 'Harbour Events GmbH',
      name: null,
      address: 'Kai 1\n20457 Hamburg',
      country: 'DE',
      vatId: 'DE123456789',
    });
  });

  it('refuses a bad prefix or a VAT id of another country with field errors, and changes nothing', async () => {
    const api = t.client(token);
    const before = await api<{ data: Settings }>('GET', '/api/account/invoice-settings');
    for (const [json, field] of [
      [{ prefix: 'RE 2027', ...seller }, 'prefix'],
      [{ prefix: 'R'.repeat(21), ...seller }, 'prefix'],
      [{ prefix: 'RE-', ...seller, seller_vat_id: 'FR12345678901' }, 'seller_vat_id'],
      [{ prefix: 'RE-', ...seller, seller_vat_id: 'DE12' }, 'seller_vat_id'],
      [{ prefix: 'RE-', ...seller, seller_country: 'Germany' }, 'seller_country'],
    ] as const) {
      const refused = await api<Problem>('PUT', '/api/account/invoice-settings', { json });
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(refused.body.reason).toBe('validation_failed');
      expect(Object.keys(refused.body.errors ?? {}), JSON.stringify(refused.body)).toContain(field);
    }
    expect((await api<{ data: Settings }>('GET', '/api/account/invoice-settings')).body.data).toEqual(
      before.body.data,
    );
  });

  it("another account's settings are its own", async () => {
    const other = await t.otherAccount();
    const theirs = await t.client(other.token)<{ data: Settings }>('GET', '/api/account/invoice-settings');
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toMatchObject({
      prefix: 'INV-',
      seller_company: null,
      next_number: 'INV-00001',
    });
  });
}

describe('invoice settings on SQLite', () => settingsSuite('sqlite'));
describeWithPostgres('invoice settings on PostgreSQL', () => settingsSuite('postgres'));

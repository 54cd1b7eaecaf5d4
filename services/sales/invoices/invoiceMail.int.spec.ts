import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { ManualClock } from '../../kit/clock';
import { settle, startTestPlatform, type StorageKind, type TestPlatform } from '../../api/testing';
import { startSmtpSink, type SmtpSink } from '../../messaging/testing';
import { invoiceShop, paidOrder, unlimitedReservations } from './invoiceFixtures.spec';

/** The buyer's invoice mail (issue 31): sent once the invoice is issued, the PDF attached; none without invoices. */
function mailSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let sink: SmtpSink;
  let token: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestPlatform(kind, {
      clock,
      config: { ...unlimitedReservations, smtpUrl: sink.url, publicUrl: 'http://tickets.example.test' },
    });
    token = await t.login(t.admin.email, t.admin.password);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('mails the buyer the invoice as a PDF attachment in their language, once', async () => {
    const on = await invoiceShop(t, token, { invoices_enabled: true });
    const off = await invoiceShop(t, token, {});
    const invoiced = await paidOrder(t, token, on.eventId, on.ticketId);
    const plain = await paidOrder(t, token, off.eventId, off.ticketId);
    expect(await settle(t.platform)).toBe(true);

    const mail = await sink.waitFor(
      (received) => received.headers['x-ticketing-template'] === 'order_invoice',
    );
    expect(mail.to).toEqual(['anna@example.test']);
    expect(mail.subject).toBe('Ihre Rechnung INV-00001 für Harbour Lights');
    expect(mail.text).toContain(
      `http://tickets.example.test/checkout/${on.eventId}/${invoiced.short_id}/summary`,
    );
    expect(mail.raw).toMatch(/Content-Type: application\/pdf;?\s*name=INV-00001\.pdf/i);
    expect(mail.raw).toMatch(/filename=INV-00001\.pdf/i);
    // "%PDF-" in base64.
    expect(mail.raw).toContain('JVBERi0');

    // The order without invoices got its tickets but no invoice mail; the invoiced one got exactly one.
    await sink.waitFor(
      (received) =>
        received.headers['x-ticketing-template'] === 'order_ticket' && received.text.includes(off.eventId),
    );
    expect(await settle(t.platform)).toBe(true);
    const invoiceMails = sink.messages.filter(
      (received) => received.headers['x-ticketing-template'] === 'order_invoice',
    );
    expect(invoiceMails).toHaveLength(1);
    expect(invoiceMails[0]!.text).not.toContain(plain.short_id);
  });
}

describe('the invoice mail on SQLite', () => mailSuite('sqlite'));
describeWithPostgres('the invoice mail on PostgreSQL', () => mailSuite('postgres'));

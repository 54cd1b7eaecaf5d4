import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { ManualClock } from '../../kit/clock';
import { settle, startTestPlatform, type StorageKind, type TestPlatform } from '../../api/testing';
import { startSmtpSink, type SmtpSink } from '../../messaging/testing';
import { invoiceShop, paidOrder, placeWithDetails, unlimitedReservations } from './invoiceFixtures.spec';

/**
 * The buyer's invoice mails (issue 31): an order completed with invoices on gets its confirmation with the invoice
 * attached; an offline order paid later gets the invoice in its own mail; a cancellation brings the credit note.
 */
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
  /** A free order (completes at once, like a card order) of the event with invoices on. */
  async function completedFreeOrder(eventId: string) {
    const free = await t.client(token)<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'FREE', title: 'Guest list', quantity: 50 },
    });
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    const { buyer, order, detailed } = await placeWithDetails(t, eventId, free.body.data.id);
    expect(detailed.status, JSON.stringify(detailed.body)).toBe(200);
    return {
      order,
      complete: async () => {
        const done = await buyer('POST', `/api/public/events/${eventId}/orders/${order.short_id}/complete`, {
          json: { payment_method: 'FREE' },
        });
        expect(done.status, JSON.stringify(done.body)).toBe(200);
      },
    };
  }
  const mailsOf = (orderShortId: string, template: string) =>
    sink.messages.filter(
      (received) =>
        received.headers['x-ticketing-template'] === template && received.text.includes(orderShortId),
    );

  it('attaches the invoice to the confirmation of an order completed with invoices on, and mails the credit note', async () => {
    const shop = await invoiceShop(t, token, { invoices_enabled: true });
    const { order, complete } = await completedFreeOrder(shop.eventId);
    await complete();
    expect(await settle(t.platform)).toBe(true);

    const confirmation = await sink.waitFor(
      (received) =>
        received.headers['x-ticketing-template'] === 'order_confirmation' &&
        received.text.includes(order.short_id),
    );
    const number = /Die Rechnung (\S+) finden Sie als PDF im Anhang/.exec(confirmation.text)?.[1];
    expect(number, confirmation.text).toMatch(/^INV-\d{5}$/);
    expect(confirmation.raw).toMatch(new RegExp(`filename=${number}\\.pdf`, 'i'));
    expect(confirmation.raw).toContain('JVBERi0');
    // The invoice came with the confirmation, so not again in a mail of its own.
    expect(mailsOf(order.short_id, 'order_invoice')).toHaveLength(0);
    expect(mailsOf(order.short_id, 'order_confirmation')).toHaveLength(1);

    const cancel = await t.client(token)('POST', `/api/events/${shop.eventId}/orders/${order.id}/cancel`, {
      json: {},
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await settle(t.platform)).toBe(true);
    const creditNote = await sink.waitFor(
      (received) =>
        received.headers['x-ticketing-template'] === 'order_credit_note' &&
        received.text.includes(order.short_id),
    );
    expect(creditNote.to).toEqual(['anna@example.test']);
    expect(creditNote.text).toContain(`storniert Ihre Rechnung ${number} für Harbour Lights`);
    const creditNumber = /^Gutschrift (\S+) für Harbour Lights$/.exec(creditNote.subject)?.[1];
    expect(creditNumber).toMatch(/^INV-\d{5}$/);
    expect(creditNumber).not.toBe(number);
    expect(creditNote.raw).toMatch(new RegExp(`filename=${creditNumber}\\.pdf`, 'i'));
  });

  it('reads the switch as it stood at completion: turned off before the worker ran, the invoice still comes', async () => {
    const shop = await invoiceShop(t, token, { invoices_enabled: true });
    const { order, complete } = await completedFreeOrder(shop.eventId);
    const { runner } = t.platform.worker;
    await runner.stop();
    try {
      await complete();
      const off = await t.client(token)('PUT', `/api/events/${shop.eventId}/settings`, {
        json: { invoices_enabled: false },
      });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
    } finally {
      await runner.start();
    }
    expect(await settle(t.platform)).toBe(true);
    const confirmation = await sink.waitFor(
      (received) =>
        received.headers['x-ticketing-template'] === 'order_confirmation' &&
        received.text.includes(order.short_id),
    );
    // The invoice reactor and the mail reactor both read the switch as of the completion: on.
    expect(confirmation.text).toMatch(/Die Rechnung INV-\d{5} finden Sie als PDF im Anhang/);
    expect(confirmation.raw).toContain('JVBERi0');
  });
}

describe('the invoice mail on SQLite', () => mailSuite('sqlite'));
describeWithPostgres('the invoice mail on PostgreSQL', () => mailSuite('postgres'));

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../kit/testing/postgres';
import { ManualClock } from '../kit/clock';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../api/testing';
import type { OutboxRow } from '../messaging/outbox';
import { startSmtpSink, type SmtpSink } from '../messaging/testing';
import { orderMailReactorName } from './orderMailReactor';

type Order = { id: string; short_id: string; reference: string; attendees: { short_id: string }[] };

/** The checkout's mails, received by a real SMTP server: confirmation, one ticket per attendee, the organizer's notice. */
function orderMailSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let sink: SmtpSink;
  let token: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestPlatform(kind, {
      clock,
      config: { smtpUrl: sink.url, publicUrl: 'http://tickets.example.test' },
    });
    token = await t.login(t.admin.email, t.admin.password);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  async function shop(settings: Record<string, unknown>, ticket: Record<string, unknown>) {
    const api = t.client(token);
    const organizer = await api<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Harbour Collective', email: 'box-office@example.test' },
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
    await api('PUT', `/api/events/${eventId}/settings`, { json: settings });
    const created = await api<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { tax_and_fee_ids: [], ...ticket },
    });
    expect((await api('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } })).status).toBe(
      200,
    );
    return { eventId, ticketId: created.body.data.id };
  }

  async function buy(eventId: string, ticketId: string, method: string) {
    const buyer = t.client();
    const placed = await buyer<{ data: Order }>('POST', `/api/public/events/${eventId}/orders`, {
      json: { lines: [{ ticket_id: ticketId, quantity: 2 }] },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data;
    const detailed = await buyer('PUT', `/api/public/events/${eventId}/orders/${order.short_id}/details`, {
      json: {
        first_name: 'Anna',
        last_name: 'Schmidt',
        email: 'anna@example.test',
        locale: 'de',
        // Both attendees share one address: each still gets a ticket of their own.
        attendees: [
          { first_name: 'Anna', last_name: 'Schmidt', email: 'anna@example.test' },
          { first_name: 'Ben', last_name: 'Schmidt', email: 'anna@example.test' },
        ],
        terms_agreed: true,
      },
    });
    expect(detailed.status, JSON.stringify(detailed.body)).toBe(200);
    const done = await buyer('POST', `/api/public/events/${eventId}/orders/${order.short_id}/complete`, {
      json: { payment_method: method },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return order;
  }

  it('a free order mails the buyer, each attendee a ticket with its QR code and .ics, and the organizer; once', async () => {
    const { eventId, ticketId } = await shop({}, { type: 'FREE', title: 'Eintritt', quantity: 10 });
    const order = await buy(eventId, ticketId, 'FREE');
    const about = (mail: { raw: string; text: string }) =>
      mail.text.includes(order.reference) || mail.raw.includes(order.short_id);
    const confirmation = await sink.waitFor(
      (mail) => mail.headers['x-ticketing-template'] === 'order_confirmation' && about(mail),
    );
    expect(confirmation.to).toEqual(['anna@example.test']);
    expect(confirmation.subject).toBe(`Ihre Bestellung ${order.reference} für Harbour Lights`);
    const notification = await sink.waitFor(
      (mail) =>
        mail.headers['x-ticketing-template'] === 'order_notification' && mail.text.includes(order.reference),
    );
    expect(notification.to).toEqual(['box-office@example.test']);
    for (const attendee of order.attendees) {
      const link = `/ticket/${eventId}/${attendee.short_id}`;
      const ticket = await sink.waitFor(
        (mail) => mail.headers['x-ticketing-template'] === 'order_ticket' && mail.text.includes(link),
      );
      expect(ticket.subject).toBe('Ihr Ticket für Harbour Lights');
      // The start in the event's zone, the zone named (the buyer may read it elsewhere).
      expect(ticket.text).toContain('am Freitag, 5. März 2027 um 18:00 (Europe/Berlin).');
      expect(ticket.html).toContain('src="cid:ticket-qr"');
      expect(ticket.raw).toMatch(/Content-Type: image\/png;?\s*name=ticket-qr\.png/i);
      expect(ticket.raw).toMatch(/Content-Type: text\/calendar/i);
      expect(ticket.raw).toMatch(/filename=event\.ics/i);
      // The ticket as a PDF, one link away, for paper or a phone without the ticket page.
      const pdfPath = `/api/public/events/${eventId}/attendees/${attendee.short_id}/ticket.pdf`;
      expect(ticket.text).toMatch(new RegExp(`Ihr Ticket als PDF: \\S+${pdfPath.replace(/\./g, '\\.')}`));
      const pdf = await fetch(`${t.baseUrl}${pdfPath}`);
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    // Sent once: the outbox holds exactly one row per (order, template, attendee).
    const rows = (await t.platform.services.db('mail_outbox').where({ aggregate_id: order.id })) as {
      template: string;
    }[];
    expect(rows.map((row) => row.template).sort()).toEqual([
      'order_confirmation',
      'order_notification',
      'order_ticket',
      'order_ticket',
    ]);
  });

  it("the outbox shows a ticket mail's QR code as a data: URL a browser can load; the mail sent keeps cid:", async () => {
    const { eventId, ticketId } = await shop({}, { type: 'FREE', title: 'Eintritt', quantity: 10 });
    const order = await buy(eventId, ticketId, 'FREE');
    const link = `/ticket/${eventId}/${order.attendees[0]?.short_id}`;
    const sent = await sink.waitFor(
      (mail) => mail.headers['x-ticketing-template'] === 'order_ticket' && mail.text.includes(link),
    );
    expect(sent.html).toContain('src="cid:ticket-qr"');
    const api = t.client(token);
    const row = await t.platform.services
      .db<OutboxRow>('mail_outbox')
      .where({ aggregate_id: order.id, template: 'order_ticket' })
      .andWhere('text_body', 'like', `%${link}%`)
      .first('id');
    const preview = await api<{ data: { html: string } }>('GET', `/api/outbox/${row?.id}`);
    expect(preview.status).toBe(200);
    expect(preview.body.data.html).not.toContain('cid:');
    const image = /<img src="data:image\/png;base64,([A-Za-z0-9+/=]+)"/.exec(preview.body.data.html);
    expect(image).not.toBeNull();
    // A PNG's signature, then its header: the QR code drawn 300 pixels wide.
    const png = Buffer.from(image![1]!, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBeGreaterThan(0);
  });

  it('an offline order mails the instructions first and the tickets once a member marks it paid', async () => {
    const { eventId, ticketId } = await shop(
      { offline_payments_enabled: true, offline_payment_instructions: '<p>IBAN DE00 1234</p>' },
      { type: 'PAID', title: 'Sitzplatz', price: 2500, quantity: 10 },
    );
    const order = await buy(eventId, ticketId, 'OFFLINE');
    const confirmation = await sink.waitFor(
      (mail) =>
        mail.headers['x-ticketing-template'] === 'order_confirmation' && mail.text.includes(order.reference),
    );
    expect(confirmation.text).toContain('IBAN DE00 1234');
    expect(confirmation.text).toContain(
      'Harbour Lights beginnt am Freitag, 5. März 2027 um 18:00 (Europe/Berlin).',
    );
    expect(confirmation.text).toContain('Ihre Bestellung\n2 × Sitzplatz: 50,00\u00a0€\nGesamt: 50,00\u00a0€');
    expect(confirmation.html).toContain('2 × Sitzplatz</td>');
    const outbox = t.platform.services.db('mail_outbox');
    expect(await outbox.clone().where({ aggregate_id: order.id, template: 'order_ticket' })).toHaveLength(0);
    const paid = await t.client(token)('POST', `/api/events/${eventId}/orders/${order.id}/mark-paid`);
    expect(paid.status).toBe(200);
    await sink.waitFor(
      (mail) =>
        mail.headers['x-ticketing-template'] === 'order_ticket' &&
        mail.text.includes(`/ticket/${eventId}/${order.attendees[1]?.short_id}`),
    );
  });

  it("a member's cancellation mails the buyer once, in the buyer's language; a manual order without a ticket sent, never", async () => {
    const { eventId, ticketId } = await shop(
      { offline_payments_enabled: true },
      { type: 'PAID', title: 'Sitzplatz', price: 2500, quantity: 10 },
    );
    const order = await buy(eventId, ticketId, 'OFFLINE');
    const api = t.client(token);
    expect((await api('POST', `/api/events/${eventId}/orders/${order.id}/cancel`)).status).toBe(200);
    const cancelled = await sink.waitFor(
      (mail) =>
        mail.headers['x-ticketing-template'] === 'order_cancelled' && mail.text.includes(order.reference),
    );
    expect(cancelled.to).toEqual(['anna@example.test']);
    expect(cancelled.subject).toBe(`Ihre Bestellung ${order.reference} für Harbour Lights wurde storniert`);
    expect(cancelled.text).toContain('Ihre Tickets sind nicht mehr gültig.');
    expect(cancelled.text).toContain(`/checkout/${eventId}/${order.short_id}/summary`);

    const manual = await api<{ data: { order_id: string } }>('POST', `/api/events/${eventId}/attendees`, {
      json: {
        ticket_id: ticketId,
        first_name: 'Max',
        last_name: 'Muster',
        email: 'max@example.test',
        amount_paid: 0,
        send_ticket: false,
      },
    });
    expect(manual.status, JSON.stringify(manual.body)).toBe(201);
    const manualOrder = manual.body.data.order_id;
    expect((await api('POST', `/api/events/${eventId}/orders/${manualOrder}/cancel`)).status).toBe(200);

    // Replayed from the start, the reactor records nothing again.
    const { runner } = t.platform.worker;
    await runner.stop();
    await t.platform.services
      .db('projection_checkpoints')
      .where({ name: orderMailReactorName })
      .update({ position: '0' });
    await runner.start();
    expect(await runner.waitFor(await t.platform.services.store.head(), 30_000)).toBe(true);
    await t.platform.worker.delivery.deliverDue();
    const outbox = t.platform.services.db('mail_outbox');
    expect(await outbox.clone().where({ aggregate_id: order.id, template: 'order_cancelled' })).toHaveLength(
      1,
    );
    expect(await outbox.clone().where({ aggregate_id: manualOrder })).toHaveLength(0);
    expect(
      sink.messages.filter(
        (mail) =>
          mail.headers['x-ticketing-template'] === 'order_cancelled' && mail.text.includes(order.reference),
      ),
    ).toHaveLength(1);
  });
}

describe('order mails on SQLite', () => orderMailSuite('sqlite'));
describeWithPostgres('order mails on PostgreSQL', () => orderMailSuite('postgres'));

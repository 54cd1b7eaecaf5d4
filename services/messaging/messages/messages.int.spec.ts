import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { ManualClock } from '../../kit/clock';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../../api/testing';
import { eventually, startSmtpSink, type SmtpSink } from '../testing';
import type { PresentedMessage } from '../../../projections/messages';

type Problem = { reason: string; errors?: Record<string, string[]> };
type Order = { id: string; short_id: string; attendees: { id: string; short_id: string }[] };

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

/** Messages to attendees, received by a real SMTP server: exactly the chosen recipients, in their language. */
function messageSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let sink: SmtpSink;
  let token: string;
  let eventId: string;
  let standing: string;
  let seated: string;
  const api = () => t.client(token);
  const path = () => `/api/events/${eventId}/messages`;
  const send = (json: Record<string, unknown>) =>
    api()<{ data: PresentedMessage }>('POST', path(), {
      json: {
        subject: 'Doors open at 19:00',
        content: '<p>See you <b>soon</b></p>',
        acknowledged_not_promotional: true,
        ...json,
      },
    });

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestPlatform(kind, {
      clock,
      config: { smtpUrl: sink.url, publicUrl: 'http://tickets.example.test', messagesDailyLimit: 6 },
    });
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await api()<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Harbour Collective' },
    });
    const event = await api()<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Harbour Lights',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    eventId = event.body.data.id;
    const ticket = async (title: string) =>
      (
        await api()<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
          json: { type: 'FREE', title, quantity: 50, tax_and_fee_ids: [] },
        })
      ).body.data.id;
    standing = await ticket('Standing');
    seated = await ticket('Seated');
    expect((await api()('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } })).status).toBe(
      200,
    );
    await buy(standing, 'ada@example.test', 'de');
    await buy(standing, 'bob@example.test', 'en');
    await buy(seated, 'cem@example.test', 'fr');
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  async function buy(ticketId: string, email: string, locale: string): Promise<Order> {
    const buyer = t.client();
    const placed = await buyer<{ data: Order }>('POST', `/api/public/events/${eventId}/orders`, {
      json: { lines: [{ ticket_id: ticketId, quantity: 1 }] },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data;
    const name = email.split('@')[0]!;
    const detailed = await buyer('PUT', `/api/public/events/${eventId}/orders/${order.short_id}/details`, {
      json: {
        first_name: name,
        last_name: 'Test',
        email,
        locale,
        attendees: [{ first_name: name, last_name: 'Test', email }],
        terms_agreed: true,
      },
    });
    expect(detailed.status, JSON.stringify(detailed.body)).toBe(200);
    const done = await buyer('POST', `/api/public/events/${eventId}/orders/${order.short_id}/complete`, {
      json: { payment_method: 'FREE' },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return order;
  }

  const received = (subject: string) =>
    sink.messages
      .filter((mail) => mail.subject === subject)
      .flatMap((mail) => mail.to)
      .sort();

  it('sends to the holders of one ticket only, each in their language, with a copy to the sender', async () => {
    const created = await send({
      subject: 'Standing area moved',
      content: '<p>Standing is now <script>alert(1)</script>upstairs</p>',
      recipients: { kind: 'ticket_holders', ticket_ids: [standing] },
      copy_to_sender: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.content).toBe('<p>Standing is now upstairs</p>');
    const german = await sink.waitFor(
      (mail) => mail.subject === 'Standing area moved' && mail.to.includes('ada@example.test'),
    );
    expect(german.text).toContain('Sie erhalten diese Nachricht zu Harbour Lights');
    expect(german.html).not.toContain('<script');
    await sink.waitFor((mail) => mail.subject === 'Standing area moved' && mail.to.includes(t.admin.email));
    const message = await eventually(async () => {
      const read = await api()<{ data: PresentedMessage }>('GET', `${path()}/${created.body.data.id}`);
      return read.body.data.state === 'sent' ? read.body.data : undefined;
    });
    expect(message.counts).toEqual({ recipients: 2, queued: 0, sent: 2, failed: 0 });
    expect(received('Standing area moved')).toEqual(
      ['admin@example.test', 'ada@example.test', 'bob@example.test'].sort(),
    );
    const recipients = await api()<{ data: { email: string; state: string }[] }>(
      'GET',
      `${path()}/${message.id}/recipients`,
    );
    expect(recipients.body.data.map((r) => [r.email, r.state])).toEqual([
      ['ada@example.test', 'sent'],
      ['admin@example.test', 'sent'],
      ['bob@example.test', 'sent'],
    ]);
    const history = await api()<{ data: PresentedMessage[] }>('GET', path());
    expect(history.body.data.map((m) => m.id)).toContain(message.id);
  });

  it('sends a test to the sender only, outside the history', async () => {
    const test = await api()<{ data: { sent_to: string } }>('POST', `${path()}/test`, {
      json: { subject: 'Trial run', content: '<p>Hello</p>' },
    });
    expect(test.status, JSON.stringify(test.body)).toBe(202);
    const mail = await sink.waitFor((m) => m.subject === 'Trial run');
    expect(mail.to).toEqual([t.admin.email]);
    expect(mail.text).toContain('only you received it');
    const history = await api()<{ data: PresentedMessage[] }>('GET', path());
    expect(history.body.data.map((m) => m.subject)).not.toContain('Trial run');
  });

  it('holds a scheduled message until its time on the injected clock, and a cancelled one for good', async () => {
    const later = await send({
      subject: 'Tomorrow',
      recipients: { kind: 'all_attendees' },
      send_at: '2027-01-11T09:00:00.000Z',
    });
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    expect(later.body.data.state).toBe('scheduled');
    const dropped = await send({
      subject: 'Never',
      recipients: { kind: 'all_attendees' },
      send_at: '2027-01-11T09:00:00.000Z',
    });
    const cancelled = await api()<{ data: PresentedMessage }>(
      'POST',
      `${path()}/${dropped.body.data.id}/cancel`,
    );
    expect(cancelled.body.data.state).toBe('cancelled');
    expect(await t.platform.worker.messages.sweep()).toEqual([]);
    clock.set('2027-01-11T09:00:01.000Z');
    expect(await t.platform.worker.messages.sweep()).toEqual([later.body.data.id]);
    expect(await t.platform.worker.messages.sweep()).toEqual([]);
    await sink.waitFor((mail) => mail.subject === 'Tomorrow' && mail.to.includes('cem@example.test'));
    await eventually(() => Promise.resolve(received('Tomorrow').length === 3 ? true : undefined));
    expect(received('Never')).toEqual([]);
    expectProblem(await api()('POST', `${path()}/${later.body.data.id}/cancel`), 409, 'message_already_sent');
  });

  it('mails one attendee, or the buyer of an order', async () => {
    const order = await buy(seated, 'dee@example.test', 'es');
    const attendeeId = order.attendees[0]!.id;
    expect(
      (await send({ subject: 'Just you', recipients: { kind: 'attendee', attendee_id: attendeeId } })).status,
    ).toBe(201);
    expect(
      (await send({ subject: 'Your order', recipients: { kind: 'order_buyer', order_id: order.id } })).status,
    ).toBe(201);
    const mail = await sink.waitFor((m) => m.subject === 'Just you');
    expect(mail.to).toEqual(['dee@example.test']);
    expect(mail.text).toContain('Recibes este mensaje');
    await sink.waitFor((m) => m.subject === 'Your order');
    expect(received('Your order')).toEqual(['dee@example.test']);
  });

  it('refuses without the acknowledgement, with foreign recipients, past the daily limit and for another account', async () => {
    const noAck = await api()('POST', path(), {
      json: { subject: 'x', content: '<p>x</p>', recipients: { kind: 'all_attendees' } },
    });
    expect(expectProblem(noAck, 400, 'validation_failed').errors).toHaveProperty(
      'acknowledged_not_promotional',
    );
    const empty = await send({
      subject: ' ',
      content: '<script></script>',
      recipients: { kind: 'all_attendees' },
    });
    expect(Object.keys(expectProblem(empty, 400, 'validation_failed').errors ?? {}).sort()).toEqual([
      'content',
      'subject',
    ]);
    const foreign = await send({ recipients: { kind: 'ticket_holders', ticket_ids: ['tk_nothere1234'] } });
    expect(expectProblem(foreign, 400, 'validation_failed').errors).toHaveProperty(['recipients.ticket_ids']);

    const other = await t.otherAccount();
    const theirs = t.client(other.token);
    const history = await api()<{ data: PresentedMessage[] }>('GET', path());
    const someId = history.body.data[0]!.id;
    expectProblem(await theirs('GET', path()), 404, 'event_not_found');
    expectProblem(await theirs('GET', `${path()}/${someId}`), 404, 'event_not_found');
    expectProblem(await api()('GET', `${path()}/msg_unknown12345`), 404, 'message_not_found');

    // Six messages a day (tests included): this suite has written six by now (a cancelled one counts too).
    expectProblem(await send({ recipients: { kind: 'all_attendees' } }), 429, 'message_limit_reached');
    clock.advance(25 * 3_600_000);
    expect((await send({ subject: 'Next day', recipients: { kind: 'all_attendees' } })).status).toBe(201);
  });
}

describe('messages on SQLite', () => messageSuite('sqlite'));
describeWithPostgres('messages on PostgreSQL', () => messageSuite('postgres'));

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../../api/testing';
import { startSmtpSink, type SmtpSink } from '../testing';

type Problem = { reason: string; errors?: Record<string, string[]> };
type Template = { kind: string; is_custom: boolean; subject: string | null; body: string | null };

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

/** The event's own wording of the order mails: saved, previewed, refused when unsafe, used by the reactor. */
function templateSuite(kind: StorageKind) {
  let t: TestPlatform;
  let sink: SmtpSink;
  let token: string;
  let eventId: string;
  let ticketId: string;
  const api = () => t.client(token);
  const path = () => `/api/events/${eventId}/email-templates`;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestPlatform(kind, { config: { smtpUrl: sink.url } });
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await api()<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Quay' },
    });
    const event = await api()<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Quay Sessions',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    eventId = event.body.data.id;
    ticketId = (
      await api()<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
        json: { type: 'FREE', title: 'Entry', quantity: 10, tax_and_fee_ids: [] },
      })
    ).body.data.id;
    await api()('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('previews, saves without unsafe markup, and mails the order confirmation in the event wording', async () => {
    const template = {
      subject: 'Order {{ order.reference }} for {{ event.title }}',
      body: '<p>Dear {{ buyer.first_name }}, thanks!<script>alert(1)</script></p>',
    };
    const preview = await api()<{ data: { subject: string; html: string } }>(
      'POST',
      `${path()}/order_confirmation/preview`,
      { json: template },
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.subject).toBe('Order ABC123 for Harbour Lights');
    expect(preview.body.data.html).toContain('Dear Alex, thanks!');
    expect(preview.body.data.html).not.toContain('<script');

    const saved = await api()<{ data: Template }>('PUT', `${path()}/order_confirmation`, { json: template });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      is_custom: true,
      body: '<p>Dear {{ buyer.first_name }}, thanks!</p>',
    });
    const list = await api()<{ data: Template[] }>('GET', path());
    expect(list.body.data.map((row) => [row.kind, row.is_custom])).toEqual([
      ['order_confirmation', true],
      ['order_ticket', false],
    ]);

    const buyer = t.client();
    const placed = await buyer<{ data: { short_id: string; reference: string } }>(
      'POST',
      `/api/public/events/${eventId}/orders`,
      { json: { lines: [{ ticket_id: ticketId, quantity: 1 }] } },
    );
    const order = placed.body.data;
    await buyer('PUT', `/api/public/events/${eventId}/orders/${order.short_id}/details`, {
      json: {
        first_name: 'Mia',
        last_name: 'Berg',
        email: 'mia@example.test',
        locale: 'fr',
        attendees: [{ first_name: 'Mia', last_name: 'Berg', email: 'mia@example.test' }],
        terms_agreed: true,
      },
    });
    await buyer('POST', `/api/public/events/${eventId}/orders/${order.short_id}/complete`, {
      json: { payment_method: 'FREE' },
    });
    const mail = await sink.waitFor(
      (m) => m.headers['x-ticketing-template'] === 'order_confirmation' && m.to.includes('mia@example.test'),
    );
    expect(mail.subject).toBe(`Order ${order.reference} for Quay Sessions`);
    expect(mail.text).toContain('Dear Mia, thanks!');
    // The frame stays in the buyer's language.
    expect(mail.text).toContain('Voir');
    // The ticket mail keeps the platform's wording.
    const ticket = await sink.waitFor(
      (m) => m.headers['x-ticketing-template'] === 'order_ticket' && m.to.includes('mia@example.test'),
    );
    expect(ticket.subject).toBe('Votre billet pour Quay Sessions');

    const reset = await api()<{ data: Template }>('DELETE', `${path()}/order_confirmation`);
    expect(reset.body.data).toMatchObject({ is_custom: false, subject: null });
  });

  it('refuses unknown placeholders and empty fields, an unknown kind, and another account', async () => {
    const bad = await api()('PUT', `${path()}/order_ticket`, {
      json: { subject: '{{ order.total }}', body: '<p>{{ this.constructor }}</p>' },
    });
    expect(Object.keys(expectProblem(bad, 400, 'validation_failed').errors ?? {}).sort()).toEqual([
      'body',
      'subject',
    ]);
    const empty = await api()('POST', `${path()}/order_ticket/preview`, {
      json: { subject: 'Hi', body: '<script>x</script>' },
    });
    expect(expectProblem(empty, 400, 'validation_failed').errors).toHaveProperty('body');
    expectProblem(await api()('GET', `${path()}/nope`), 404, 'route_not_found');
    expectProblem(
      await api()('PUT', `${path()}/nope`, { json: { subject: 'a', body: '<p>b</p>' } }),
      404,
      'not_found',
    );
    const other = await t.otherAccount();
    expectProblem(await t.client(other.token)('GET', path()), 404, 'event_not_found');
    expectProblem(
      await t.client(other.token)('PUT', `${path()}/order_ticket`, {
        json: { subject: 'a', body: '<p>b</p>' },
      }),
      404,
      'event_not_found',
    );
  });
}

describe('mail templates on SQLite', () => templateSuite('sqlite'));
describeWithPostgres('mail templates on PostgreSQL', () => templateSuite('postgres'));

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../api/testing';
import { describeWithPostgres } from '../kit/testing/postgres';
import { linkIn, startSmtpSink, type ReceivedMail, type SmtpSink } from '../messaging/testing';
import { signUpAndLogIn } from '../identity/testing';

type Session = { token: string; user: { id: string; email_verified: boolean; role: string } };

function expectStatus(response: ApiResponse, status: number, reason?: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  if (reason) expect((response.body as { reason: string }).reason).toBe(reason);
}

const tokenOf = (mail: ReceivedMail, path: string) => linkIn(mail, path).split('/').at(-1)!;
const password = 'a long enough password';
let sequence = 0;
const uniqueEmail = (name: string) => `${name}-${++sequence}-${Date.now().toString(36)}@example.test`;

/** Who may do what with events (spec section 6), and publishing needs a verified email (spec section 5). */
function permissionsSuite(kind: StorageKind) {
  let t: TestPlatform;
  let sink: SmtpSink;
  const mailTo = (address: string, subject: RegExp) =>
    sink.waitFor((mail) => mail.to.includes(address) && subject.test(mail.subject));

  function register(): Promise<Session & { email: string }> {
    return signUpAndLogIn<Session['user']>(t, {
      email: uniqueEmail('owner'),
      password,
      timezone: 'UTC',
      locale: 'en',
    });
  }

  async function createEvent(token: string) {
    const organizer = await t.client(token)<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Night Owls' },
    });
    expectStatus(organizer, 201);
    const event = await t.client(token)<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Moth Hour',
        start_date: '2027-09-01T20:00:00Z',
        timezone: 'UTC',
        currency: 'EUR',
      },
    });
    expectStatus(event, 201);
    // Publishing needs a ticket (`no_tickets` otherwise).
    expectStatus(
      await t.client(token)('POST', `/api/events/${event.body.data.id}/tickets`, {
        json: { type: 'FREE', title: 'Entry' },
      }),
      201,
    );
    return event.body.data.id;
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestPlatform(kind, {
      config: { smtpUrl: sink.url, publicUrl: 'http://tickets.example.test' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('refuses to publish for a user whose email is not verified, and publishes once it is', async () => {
    const owner = await register();
    expect(owner.user.email_verified).toBe(false);
    const eventId = await createEvent(owner.token);
    expectStatus(
      await t.client(owner.token)('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } }),
      409,
      'email_not_verified',
    );
    expectStatus(await t.client()('GET', `/api/public/events/${eventId}`), 404, 'event_not_found');

    const token = tokenOf(
      await mailTo(owner.email, /Confirm your email address/),
      '/manage/profile/confirm-email-address/',
    );
    expectStatus(
      await t.client(owner.token)('POST', `/api/users/${owner.user.id}/confirm-email/${token}`),
      200,
    );
    const live = await t.client(owner.token)<{ data: { status: string } }>(
      'PUT',
      `/api/events/${eventId}/status`,
      { json: { status: 'LIVE' } },
    );
    expectStatus(live, 200);
    expect(live.body.data.status).toBe('LIVE');
  });

  it('lets an organizer manage events but not delete them or change the account’s event defaults', async () => {
    const admin = await t.login(t.admin.email, t.admin.password);
    const email = uniqueEmail('organizer');
    expectStatus(
      await t.client(admin)('POST', '/api/users', {
        json: { email, role: 'ORGANIZER', first_name: 'Oscar' },
      }),
      201,
    );
    const invitation = tokenOf(await mailTo(email, /invited you/), '/auth/accept-invitation/');
    expectStatus(
      await t.client()('POST', `/api/auth/invitation/${invitation}`, {
        json: { first_name: 'Oscar', last_name: 'Org', password, password_confirmation: password },
      }),
      200,
    );
    const organizer = await t.login(email, password);
    const as = t.client(organizer);

    const eventId = await createEvent(organizer);
    expectStatus(await as('PUT', `/api/events/${eventId}/settings`, { json: { seo_title: 'Moths' } }), 200);
    expectStatus(await as('POST', `/api/events/${eventId}/duplicate`, { json: {} }), 201);
    expectStatus(await as('GET', '/api/event-defaults'), 200);
    expectStatus(
      await as('PUT', '/api/event-defaults', { json: { order_timeout_minutes: 30 } }),
      403,
      'forbidden',
    );
    expectStatus(await as('DELETE', `/api/events/${eventId}`), 403, 'forbidden');
    // Card payments: organizers read whether paid tickets can be sold; connecting and billing are admins'.
    expectStatus(await as('GET', '/api/account/payment'), 200);
    expectStatus(await as('POST', '/api/account/payment/connect'), 403, 'forbidden');
    expectStatus(await as('GET', '/api/account/billing'), 403, 'forbidden');
    expectStatus(await t.client(admin)('GET', `/api/events/${eventId}`), 200);

    expectStatus(await t.client(admin)('DELETE', `/api/events/${eventId}`), 204);
    expectStatus(await as('GET', `/api/events/${eventId}`), 404, 'event_not_found');
    expectStatus(
      await t.client(admin)('PUT', '/api/event-defaults', { json: { order_timeout_minutes: 30 } }),
      200,
    );
  });

  it('refuses every event-management route without a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/organizers'],
      ['POST', '/api/organizers'],
      ['GET', '/api/event-defaults'],
      ['PUT', '/api/event-defaults'],
      ['POST', '/api/events/ev_abcd1234/duplicate'],
      ['GET', '/api/events/ev_abcd1234/settings'],
      ['DELETE', '/api/events/ev_abcd1234'],
      ['GET', '/api/events/ev_abcd1234/promo-codes'],
      ['POST', '/api/events/ev_abcd1234/promo-codes'],
      ['DELETE', '/api/events/ev_abcd1234/promo-codes/pc_abcd1234'],
      ['GET', '/api/events/ev_abcd1234/questions'],
      ['PUT', '/api/events/ev_abcd1234/questions/sort'],
      ['DELETE', '/api/events/ev_abcd1234/questions/qu_abcd1234'],
    ] as const) {
      expectStatus(
        await t.client()(method, path, method === 'GET' || method === 'DELETE' ? {} : { json: {} }),
        401,
        'unauthenticated',
      );
    }
  });
}

describe('event management permissions on SQLite', () => permissionsSuite('sqlite'));
describeWithPostgres('event management permissions on PostgreSQL', () => permissionsSuite('postgres'));

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  settle,
  startTestPlatform,
  type ApiResponse,
  type StorageKind,
  type TestPlatform,
} from '../api/testing';
import { ManualClock } from '../kit/clock';
import { describeWithPostgres } from '../kit/testing/postgres';
import { linkIn, startSmtpSink, type ReceivedMail, type SmtpSink } from '../messaging/testing';
import { signUp } from './owners';
import { signUpAndLogIn } from './testing';

type Problem = {
  status: number;
  reason: string;
  title: string;
  detail?: string;
  errors?: Record<string, string[]>;
};
type Me = {
  id: string;
  email: string;
  first_name: string;
  role: string;
  account_id: string;
  account_name: string;
  email_verified: boolean;
  pending_email: string | null;
  permissions: string[];
  is_account_owner: boolean;
  locale: string;
  timezone: string;
};
type Session = { token: string; expires_at: string; user: Me };
type Member = {
  id: string;
  email: string;
  role: string;
  status: string;
  invitation_status: string | null;
  invitation_expired: boolean;
  last_login_at: string | null;
  is_account_owner: boolean;
};

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

/** The token at the end of a link in a received mail. */
function tokenOf(mail: ReceivedMail, path: string): string {
  return linkIn(mail, path).split('/').at(-1)!;
}

let sequence = 0;
const uniqueEmail = (name: string) => `${name}-${++sequence}-${Date.now().toString(36)}@example.test`;
const password = 'a long enough password';

function identitySuite(kind: StorageKind) {
  let t: TestPlatform;
  let sink: SmtpSink;
  const clock = new ManualClock(new Date('2026-11-22T12:00:00.000Z'));
  const mailTo = (address: string, subject?: RegExp) =>
    sink.waitFor((mail) => mail.to.includes(address) && (subject ? subject.test(mail.subject) : true));

  /** A new owner, signed up through the route and logged in (an unconfirmed owner may log in). */
  async function register(
    overrides: Record<string, unknown> = {},
  ): Promise<Omit<Session, 'expires_at'> & { email: string }> {
    return signUpAndLogIn<Me>(t, {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: uniqueEmail('owner'),
      password,
      timezone: 'Europe/Berlin',
      locale: 'en',
      ...overrides,
    });
  }

  /** Holds every command until released: what a route answers meanwhile, it answered before doing anything. */
  function holdCommands(): () => void {
    const commands = t.platform.services.commands;
    const handle = commands.handle.bind(commands);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    commands.handle = (async (...args: Parameters<typeof handle>) => {
      await held;
      return handle(...args);
    }) as typeof commands.handle;
    return () => {
      Reflect.deleteProperty(commands, 'handle');
      release();
    };
  }

  async function confirmEmail(session: { token: string; user: Me; email: string }) {
    const mail = await mailTo(session.email, /Confirm your email address/);
    const token = tokenOf(mail, '/manage/profile/confirm-email-address/');
    const confirmed = await t.client(session.token)<{ data: Me }>(
      'POST',
      `/api/users/${session.user.id}/confirm-email/${token}`,
    );
    expect(confirmed.status).toBe(200);
    return confirmed.body.data;
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestPlatform(kind, {
      clock,
      config: { smtpUrl: sink.url, publicUrl: 'http://tickets.example.test' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  describe('registration', () => {
    it('answers 202, creates an account owned by a new admin who can log in, and mails a confirmation link in their language', async () => {
      const session = await register({ locale: 'de', first_name: 'Ada', last_name: 'Lovelace' });
      expect(session.token).toMatch(/^[\w-]{40,}$/);
      expect(session.user).toMatchObject({
        email: session.email,
        first_name: 'Ada',
        role: 'ADMIN',
        is_account_owner: true,
        email_verified: false,
        account_name: 'Ada Lovelace',
        locale: 'de',
        timezone: 'Europe/Berlin',
      });
      expect(session.user.permissions).toContain('users.manage');
      const mail = await mailTo(session.email);
      expect(mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
      expect(mail.text).toContain('Hallo Ada,');
      expect(mail.html).toContain(
        '<a href="http://tickets.example.test/manage/profile/confirm-email-address/',
      );
      expect(mail.from).toContain('no-reply@localhost');
      const me = await t.client(session.token)<{ data: Me }>('GET', '/api/users/me');
      expect(me.body.data).toMatchObject({ id: session.user.id, email_verified: false });
    });

    it('confirms the address once by the mailed link; the link then stops working', async () => {
      const session = await register();
      const mail = await mailTo(session.email);
      const token = tokenOf(mail, '/manage/profile/confirm-email-address/');
      const api = t.client(session.token);
      const confirmed = await api<{ data: Me }>(
        'POST',
        `/api/users/${session.user.id}/confirm-email/${token}`,
      );
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.data.email_verified).toBe(true);
      expectProblem(
        await api('POST', `/api/users/${session.user.id}/confirm-email/${token}`),
        410,
        'invalid_token',
      );
      expectProblem(
        await api('POST', `/api/users/${session.user.id}/resend-email-confirmation`),
        409,
        'email_already_verified',
      );
    });

    it("refuses someone else's confirmation link and ids, and a made-up token", async () => {
      const mine = await register();
      const theirs = await register();
      const theirToken = tokenOf(await mailTo(theirs.email), '/manage/profile/confirm-email-address/');
      const api = t.client(mine.token);
      expectProblem(
        await api('POST', `/api/users/${mine.user.id}/confirm-email/${theirToken}`),
        410,
        'invalid_token',
      );
      expectProblem(
        await api('POST', `/api/users/${theirs.user.id}/confirm-email/${theirToken}`),
        404,
        'user_not_found',
      );
      expectProblem(
        await api('POST', `/api/users/${mine.user.id}/confirm-email/${'x'.repeat(43)}`),
        410,
        'invalid_token',
      );
      expectProblem(
        await api('POST', `/api/users/${theirs.user.id}/resend-email-confirmation`),
        404,
        'user_not_found',
      );
      // Their link still works for them.
      const confirmed = await t.client(theirs.token)<{ data: Me }>(
        'POST',
        `/api/users/${theirs.user.id}/confirm-email/${theirToken}`,
      );
      expect(confirmed.body.data.email_verified).toBe(true);
    });

    it('resends a confirmation with a new link, which replaces the old one', async () => {
      const session = await register();
      const first = tokenOf(await mailTo(session.email), '/manage/profile/confirm-email-address/');
      const api = t.client(session.token);
      expect((await api('POST', `/api/users/${session.user.id}/resend-email-confirmation`)).status).toBe(202);
      const second = await sink.waitFor(
        (mail) =>
          mail.to.includes(session.email) &&
          !mail.text.includes(first) &&
          /confirm-email-address/.test(mail.text),
      );
      expectProblem(
        await api('POST', `/api/users/${session.user.id}/confirm-email/${first}`),
        410,
        'invalid_token',
      );
      const token = tokenOf(second, '/manage/profile/confirm-email-address/');
      expect(
        (await api<{ data: Me }>('POST', `/api/users/${session.user.id}/confirm-email/${token}`)).body.data
          .email_verified,
      ).toBe(true);
    });

    it('validates every field with field errors', async () => {
      const api = t.client();
      const mismatch = expectProblem(
        await api('POST', '/api/auth/register', {
          json: {
            first_name: 'A',
            last_name: 'B',
            email: uniqueEmail('x'),
            password,
            password_confirmation: `${password}!`,
          },
        }),
        400,
        'validation_failed',
      );
      expect(mismatch.errors?.password_confirmation).toEqual(['The passwords are not the same']);
      const bad = expectProblem(
        await api('POST', '/api/auth/register', {
          json: {
            first_name: 'x'.repeat(51),
            last_name: '',
            email: 'not-an-email',
            password: 'short',
            password_confirmation: 'short',
            timezone: 'Mars/Base',
            locale: 'tlh',
          },
        }),
        400,
        'validation_failed',
      );
      expect(Object.keys(bad.errors ?? {}).sort()).toEqual([
        'email',
        'first_name',
        'last_name',
        'locale',
        'password',
        'timezone',
      ]);
      expect(bad.errors?.first_name).toEqual(['The first name must be at most 50 characters']);
      expect(bad.errors?.password).toEqual(['The password must have at least 8 characters']);
      const empty = expectProblem(
        await api('POST', '/api/auth/register', { json: {} }),
        400,
        'validation_failed',
      );
      expect(Object.keys(empty.errors ?? {})).toEqual(
        expect.arrayContaining(['first_name', 'last_name', 'email', 'password']),
      );
    });

    it('answers an address that has a login exactly as a new one, before doing anything, and mails its owner instead in their language', async () => {
      const owner = await register({ locale: 'de', first_name: 'Olga' });
      await mailTo(owner.email, /Bestätigen Sie/);
      const fresh = uniqueEmail('fresh');
      const signUpWith = (email: string) =>
        t.client()('POST', '/api/auth/register', {
          json: {
            first_name: 'Sam',
            last_name: 'Stranger',
            email,
            password: 'another long password',
            password_confirmation: 'another long password',
            locale: 'en',
          },
        });
      const before = await t.platform.services.store.head();
      const release = holdCommands();
      let answers;
      try {
        // Nothing can be decided while the commands are held: both answers come before any work.
        answers = await Promise.all([signUpWith(fresh), signUpWith(owner.email.toUpperCase())]);
        expect(await t.platform.services.store.head()).toBe(before);
      } finally {
        release();
      }
      const [forNew, forTaken] = answers;
      expect(forNew.status, JSON.stringify(forNew.body)).toBe(202);
      expect(forTaken.status).toBe(forNew.status);
      expect(forTaken.body).toEqual(forNew.body);
      expect(forNew.body).toEqual({ message: expect.stringMatching(/^Check your email/) as unknown });
      for (const header of ['content-type', 'content-length', 'x-position', 'x-auth-token', 'location'])
        expect(forTaken.headers.get(header), header).toBe(forNew.headers.get(header));
      expect(forNew.headers.get('x-auth-token')).toBeNull();

      // Then the new address is confirmed by mail; the owner of the taken one is told, in their language.
      await mailTo(fresh, /Confirm your email address/);
      const attempt = await mailTo(owner.email, /registrieren/);
      expect(attempt.subject).toBe('Jemand wollte sich mit Ihrer E-Mail-Adresse registrieren');
      expect(attempt.text).toContain('Hallo Olga,');
      expect(attempt.text).toContain('http://tickets.example.test/auth/login');
      expect(attempt.text).toContain('http://tickets.example.test/auth/forgot-password');
      // Nothing was created for the stranger, and the owner's login is untouched.
      expect(
        await t.platform.services.db('users').where({ first_name: 'Sam', last_name: 'Stranger' }),
      ).toHaveLength(1);
      expect((await t.client(owner.token)('GET', '/api/users/me')).status).toBe(200);
    });

    it('mails the owner of a taken address at most once an hour, however often someone tries', async () => {
      const owner = await register();
      const attempt = {
        email: owner.email,
        password: 'someone else entirely',
        firstName: 'Eve',
        lastName: 'Prober',
        accountName: 'Probe',
      };
      const context = { correlationId: 'probe', actor: 'public' };
      const attempts = async () =>
        (
          await t.platform.services
            .db('mail_outbox')
            .where({ template: 'sign_up_attempt', to_address: owner.email })
        ).length;
      for (let i = 0; i < 3; i++)
        expect(await signUp(t.platform.services, attempt, context)).toEqual({ kind: 'address_taken' });
      await mailTo(owner.email, /Someone tried to sign up/);
      expect(await attempts()).toBe(1);
      clock.advance(59 * 60_000);
      await signUp(t.platform.services, attempt, context);
      expect(await settle(t.platform)).toBe(true);
      expect(await attempts()).toBe(1);
      clock.advance(60_000);
      await signUp(t.platform.services, attempt, context);
      expect(await settle(t.platform)).toBe(true);
      expect(await attempts()).toBe(2);
    });

    it('lets exactly one of several simultaneous sign-ups of one address through', async () => {
      const email = uniqueEmail('race');
      const context = { correlationId: 'race', actor: 'public' };
      // The route answers first and signs up after (above); here the sign-ups themselves race.
      const attempt = (firstName: string) =>
        signUp(
          t.platform.services,
          { email, password, firstName, lastName: 'Racer', accountName: firstName },
          context,
        );
      const outcomes = await Promise.all([attempt('One'), attempt('Two'), attempt('Three')]);
      expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual([
        'address_taken',
        'address_taken',
        'registered',
      ]);
      const winner = outcomes.find((outcome) => outcome.kind === 'registered');
      const winnerId = winner && 'userId' in winner ? winner.userId : null;
      expect(await settle(t.platform)).toBe(true);
      const users = await t.platform.services.db('users').where({ email }).select<{ id: string }[]>('id');
      expect(users.map((user) => user.id)).toEqual([winnerId]);
      const accounts = await t.platform.services.db('accounts').where({ owner_user_id: winnerId });
      expect(accounts).toHaveLength(1);
      // The owner hears of the others at most once (an attempt before their user existed has nobody to tell).
      const told = await t.platform.services
        .db('mail_outbox')
        .where({ to_address: email, template: 'sign_up_attempt' });
      expect(told.length).toBeLessThanOrEqual(1);
    });
  });

  describe('login and logout', () => {
    it('answers a wrong password and an unknown email alike, and an inactive member with user_inactive', async () => {
      const session = await register();
      const api = t.client();
      const wrong = expectProblem(
        await api('POST', '/api/auth/login', { json: { email: session.email, password: 'wrong password' } }),
        401,
        'invalid_credentials',
      );
      const unknown = expectProblem(
        await api('POST', '/api/auth/login', { json: { email: uniqueEmail('ghost'), password } }),
        401,
        'invalid_credentials',
      );
      expect(wrong.title).toBe('Please check your email and password and try again');
      expect(unknown.title).toBe(wrong.title);
      const ok = await api<Session>('POST', '/api/auth/login', {
        json: { email: session.email.toUpperCase(), password },
      });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-auth-token')).toBe(ok.body.token);
      expect(ok.body.user.id).toBe(session.user.id);
    });

    it('limits failed logins per address from one IP with 429 and Retry-After, and forgets them after the window', async () => {
      const session = await register();
      const api = t.client();
      for (let i = 0; i < 10; i++) {
        expectProblem(
          await api('POST', '/api/auth/login', { json: { email: session.email, password: `wrong ${i}` } }),
          401,
          'invalid_credentials',
        );
        // Past the back-off, which slows guesses down between them (boundaries.int.spec.ts).
        clock.advance(60_000);
      }
      const limited = await api('POST', '/api/auth/login', { json: { email: session.email, password } });
      expectProblem(limited, 429, 'too_many_requests');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      clock.advance(16 * 60_000);
      expect(
        (await api('POST', '/api/auth/login', { json: { email: session.email, password } })).status,
      ).toBe(200);
    });

    it('revokes the token on logout', async () => {
      const session = await register();
      const other = await t.login(session.email, password);
      expect((await t.client(session.token)('POST', '/api/auth/logout')).status).toBe(204);
      expectProblem(await t.client(session.token)('GET', '/api/users/me'), 401, 'token_expired');
      expect((await t.client(other)('GET', '/api/users/me')).status).toBe(200);
      expectProblem(await t.client()('POST', '/api/auth/logout'), 401, 'unauthenticated');
    });
  });

  describe('forgotten password', () => {
    it('answers the same for known and unknown addresses and mails only the known one', async () => {
      const session = await register();
      const ghost = uniqueEmail('ghost');
      const known = await t.client()('POST', '/api/auth/forgot-password', { json: { email: session.email } });
      const unknown = await t.client()('POST', '/api/auth/forgot-password', { json: { email: ghost } });
      expect(known.status).toBe(202);
      expect(unknown.status).toBe(202);
      expect(unknown.body).toEqual(known.body);
      await mailTo(session.email, /Reset your password/);
      await t.platform.worker.delivery.deliverDue();
      expect(sink.messages.some((mail) => mail.to.includes(ghost))).toBe(false);
    });

    it('resets the password once by the mailed link, ends every session and tells the user', async () => {
      const session = await register();
      await t.client()('POST', '/api/auth/forgot-password', { json: { email: session.email } });
      const mail = await mailTo(session.email, /Reset your password/);
      const token = tokenOf(mail, '/auth/reset-password/');
      const api = t.client();
      expect((await api('GET', `/api/auth/reset-password/${token}`)).status).toBe(200);
      const mismatch = expectProblem(
        await api('POST', `/api/auth/reset-password/${token}`, {
          json: { password: 'new password 1', password_confirmation: 'other' },
        }),
        400,
        'validation_failed',
      );
      expect(mismatch.errors?.password_confirmation).toEqual(['The passwords are not the same']);
      expect(
        (
          await api('POST', `/api/auth/reset-password/${token}`, {
            json: { password: 'new password 1', password_confirmation: 'new password 1' },
          })
        ).status,
      ).toBe(200);
      expectProblem(await t.client(session.token)('GET', '/api/users/me'), 401, 'token_expired');
      expectProblem(
        await api('POST', '/api/auth/login', { json: { email: session.email, password } }),
        401,
        'invalid_credentials',
      );
      expect(
        (await api('POST', '/api/auth/login', { json: { email: session.email, password: 'new password 1' } }))
          .status,
      ).toBe(200);
      const reused = expectProblem(
        await api('POST', `/api/auth/reset-password/${token}`, {
          json: { password: 'new password 2', password_confirmation: 'new password 2' },
        }),
        410,
        'invalid_token',
      );
      expect(reused.detail).toBe('This reset password link is invalid or expired');
      expectProblem(await api('GET', `/api/auth/reset-password/${token}`), 410, 'invalid_token');
      await mailTo(session.email, /Your password was changed/);
    });

    it('lets a reset link expire after an hour', async () => {
      const session = await register();
      await t.client()('POST', '/api/auth/forgot-password', { json: { email: session.email } });
      const token = tokenOf(await mailTo(session.email, /Reset your password/), '/auth/reset-password/');
      clock.advance(61 * 60_000);
      expectProblem(
        await t.client()('POST', `/api/auth/reset-password/${token}`, {
          json: { password: 'new password 1', password_confirmation: 'new password 1' },
        }),
        410,
        'invalid_token',
      );
    });

    it('limits reset requests per address', async () => {
      const email = uniqueEmail('limited');
      for (let i = 0; i < 5; i++)
        expect((await t.client()('POST', '/api/auth/forgot-password', { json: { email } })).status).toBe(202);
      expectProblem(
        await t.client()('POST', '/api/auth/forgot-password', { json: { email } }),
        429,
        'too_many_requests',
      );
      clock.advance(61 * 60_000);
    });
  });

  describe('profile', () => {
    it('changes names, time zone and language, with field errors for bad values', async () => {
      const session = await register();
      const api = t.client(session.token);
      const updated = await api<{ data: Me }>('PUT', '/api/users/me', {
        json: { first_name: 'Amazing', last_name: 'Grace', timezone: 'America/New_York', locale: 'fr' },
      });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({
        first_name: 'Amazing',
        timezone: 'America/New_York',
        locale: 'fr',
      });
      const bad = expectProblem(
        await api('PUT', '/api/users/me', {
          json: { timezone: 'Nowhere/Land', locale: 'xx', first_name: '' },
        }),
        400,
        'validation_failed',
      );
      expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['first_name', 'locale', 'timezone']);
      expectProblem(await api('PUT', '/api/users/me', { json: { role: 'ADMIN' } }), 400, 'validation_failed');
    });

    it('changes the password only with the current one, keeping this session and ending the others', async () => {
      const session = await register();
      const elsewhere = await t.login(session.email, password);
      const api = t.client(session.token);
      const wrong = expectProblem(
        await api('PUT', '/api/users/me', {
          json: {
            current_password: 'not it',
            password: 'brand new secret',
            password_confirmation: 'brand new secret',
          },
        }),
        422,
        'current_password_incorrect',
      );
      expect(wrong.errors).toHaveProperty('current_password');
      const missing = expectProblem(
        await api('PUT', '/api/users/me', {
          json: { password: 'brand new secret', password_confirmation: 'brand new secret' },
        }),
        400,
        'validation_failed',
      );
      expect(missing.errors).toHaveProperty('current_password');
      expect(
        (
          await api('PUT', '/api/users/me', {
            json: {
              current_password: password,
              password: 'brand new secret',
              password_confirmation: 'brand new secret',
            },
          })
        ).status,
      ).toBe(200);
      expect((await api('GET', '/api/users/me')).status).toBe(200);
      expectProblem(await t.client(elsewhere)('GET', '/api/users/me'), 401, 'token_expired');
      expect(await t.login(session.email, 'brand new secret')).toBeTruthy();
      await mailTo(session.email, /Your password was changed/);
    });

    it('changes the email only once the new address is confirmed by its link, and frees the old one', async () => {
      const session = await register();
      await confirmEmail(session);
      const api = t.client(session.token);
      const newEmail = uniqueEmail('moved');
      const pending = await api<{ data: Me }>('PUT', '/api/users/me', { json: { email: newEmail } });
      expect(pending.body.data).toMatchObject({ email: session.email, pending_email: newEmail });
      const mail = await mailTo(newEmail, /Confirm your new email address/);
      const token = tokenOf(mail, '/manage/profile/confirm-email-change/');
      const confirmed = await api<{ data: Me }>(
        'POST',
        `/api/users/${session.user.id}/email-change/${token}`,
      );
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.data).toMatchObject({
        email: newEmail,
        pending_email: null,
        email_verified: true,
      });
      expectProblem(
        await api('POST', `/api/users/${session.user.id}/email-change/${token}`),
        410,
        'invalid_token',
      );
      expectProblem(
        await t.client()('POST', '/api/auth/login', { json: { email: session.email, password } }),
        401,
        'invalid_credentials',
      );
      expect(await t.login(newEmail, password)).toBeTruthy();
      // The old address is free for someone else now.
      await register({ email: session.email });
    });

    it('refuses a new email someone else uses, and cancels a pending change', async () => {
      const session = await register();
      const other = await register();
      const api = t.client(session.token);
      expectProblem(
        await api('PUT', '/api/users/me', { json: { email: other.email.toUpperCase() } }),
        409,
        'email_taken',
      );
      const newEmail = uniqueEmail('pending');
      await api('PUT', '/api/users/me', { json: { email: newEmail } });
      const token = tokenOf(await mailTo(newEmail), '/manage/profile/confirm-email-change/');
      const cancelled = await api<{ data: Me }>('DELETE', `/api/users/${session.user.id}/email-change`);
      expect(cancelled.body.data.pending_email).toBeNull();
      expectProblem(
        await api('POST', `/api/users/${session.user.id}/email-change/${token}`),
        410,
        'invalid_token',
      );
      expectProblem(await api('DELETE', `/api/users/${other.user.id}/email-change`), 404, 'user_not_found');
    });
  });

  describe('team', () => {
    let owner: Awaited<ReturnType<typeof register>>;
    beforeAll(async () => {
      owner = await register({ first_name: 'Olivia', last_name: 'Owner' });
    });

    async function invite(email: string, role = 'ORGANIZER', token = owner.token) {
      const response = await t.client(token)<{ data: Member }>('POST', '/api/users', {
        json: { email, role, first_name: 'New' },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.data;
    }

    async function acceptInvitation(email: string, body: Record<string, unknown>) {
      const token = tokenOf(await mailTo(email, /invited you/), '/auth/accept-invitation/');
      const response = await t.client()('POST', `/api/auth/invitation/${token}`, { json: body });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return token;
    }

    it('invites an organizer by email, who accepts with a name and password and logs in with that role', async () => {
      const email = uniqueEmail('organizer');
      const member = await invite(email);
      expect(member).toMatchObject({
        email,
        role: 'ORGANIZER',
        status: 'INVITED',
        invitation_status: 'PENDING',
        invitation_expired: false,
      });
      const mail = await mailTo(email, /invited you/);
      expect(mail.subject).toBe(`Olivia Owner invited you to join Olivia Owner`);
      const token = tokenOf(mail, '/auth/accept-invitation/');
      const details = await t.client()<{ data: Record<string, unknown> }>(
        'GET',
        `/api/auth/invitation/${token}`,
      );
      expect(details.body.data).toMatchObject({
        email,
        account_name: 'Olivia Owner',
        role: 'ORGANIZER',
        existing_user: false,
      });
      expectProblem(
        await t.client()('POST', '/api/auth/login', { json: { email, password } }),
        401,
        'invalid_credentials',
      );
      const bad = expectProblem(
        await t.client()('POST', `/api/auth/invitation/${token}`, {
          json: { first_name: 'Olga', last_name: 'Org', password: 'short', password_confirmation: 'nope' },
        }),
        400,
        'validation_failed',
      );
      expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['password', 'password_confirmation']);
      const accepted = await t.client()('POST', `/api/auth/invitation/${token}`, {
        json: {
          first_name: 'Olga',
          last_name: 'Org',
          password,
          password_confirmation: password,
          timezone: 'Europe/Paris',
        },
      });
      expect(accepted.status).toBe(200);
      expectProblem(await t.client()('GET', `/api/auth/invitation/${token}`), 410, 'invalid_token');
      const session = await t.client()<Session>('POST', '/api/auth/login', { json: { email, password } });
      expect(session.body.user).toMatchObject({
        role: 'ORGANIZER',
        account_id: owner.user.account_id,
        email_verified: true,
        first_name: 'Olga',
      });
      expect(session.body.user.permissions).toEqual(['events.manage', 'profile.manage']);
      expectProblem(await t.client(session.body.token)('GET', '/api/users'), 403, 'forbidden');
      const listed = await t.client(owner.token)<{ data: Member[] }>(
        'GET',
        `/api/users?query=${encodeURIComponent(email)}`,
      );
      expect(listed.body.data).toEqual([
        expect.objectContaining({
          email,
          status: 'ACTIVE',
          invitation_status: 'ACCEPTED',
          last_login_at: expect.any(String) as string,
        }),
      ]);
    });

    it('resends an invitation with a new link that replaces the old, and revokes it', async () => {
      const email = uniqueEmail('resent');
      const member = await invite(email);
      const first = tokenOf(await mailTo(email, /invited you/), '/auth/accept-invitation/');
      const resent = await t.client(owner.token)<{ data: Member }>(
        'POST',
        `/api/users/${member.id}/invitation`,
      );
      expect(resent.body.data.invitation_status).toBe('RESENT');
      const second = await sink.waitFor((mail) => mail.to.includes(email) && !mail.text.includes(first));
      expectProblem(await t.client()('GET', `/api/auth/invitation/${first}`), 410, 'invalid_token');
      const secondToken = tokenOf(second, '/auth/accept-invitation/');
      expect((await t.client()('GET', `/api/auth/invitation/${secondToken}`)).status).toBe(200);
      const revoked = await t.client(owner.token)<{ data: Member }>(
        'DELETE',
        `/api/users/${member.id}/invitation`,
      );
      expect(revoked.body.data).toMatchObject({ invitation_status: 'REVOKED', status: 'INACTIVE' });
      expectProblem(await t.client()('GET', `/api/auth/invitation/${secondToken}`), 410, 'invalid_token');
      expectProblem(
        await t.client(owner.token)('POST', `/api/users/${member.id}/invitation`),
        409,
        'invitation_not_pending',
      );
      expectProblem(
        await t.client(owner.token)('PUT', `/api/users/${member.id}`, { json: { role: 'ADMIN' } }),
        409,
        'invitation_revoked',
      );
      // A revoked invitation can be followed by a new one.
      expect((await invite(email)).status).toBe('INVITED');
    });

    it('lets an invitation expire after seven days', async () => {
      const email = uniqueEmail('late');
      await invite(email);
      const token = tokenOf(await mailTo(email, /invited you/), '/auth/accept-invitation/');
      clock.advance(7 * 24 * 3_600_000 + 60_000);
      try {
        expectProblem(await t.client()('GET', `/api/auth/invitation/${token}`), 410, 'invalid_token');
        const listed = await t.client(await t.login(owner.email, password))<{ data: Member[] }>(
          'GET',
          `/api/users?query=${encodeURIComponent(email)}`,
        );
        expect(listed.body.data[0]).toMatchObject({ invitation_expired: true });
      } finally {
        clock.advance(-(7 * 24 * 3_600_000 + 60_000));
      }
    });

    it('refuses inviting a member twice and bad input', async () => {
      const email = uniqueEmail('twice');
      await invite(email);
      const twice = expectProblem(
        await t.client(owner.token)('POST', '/api/users', {
          json: { email: email.toUpperCase(), role: 'ADMIN' },
        }),
        409,
        'already_a_member',
      );
      expect(twice.errors).toHaveProperty('email');
      expectProblem(
        await t.client(owner.token)('POST', '/api/users', { json: { email: owner.email, role: 'ADMIN' } }),
        409,
        'already_a_member',
      );
      const bad = expectProblem(
        await t.client(owner.token)('POST', '/api/users', { json: { email: 'nope', role: 'SUPERADMIN' } }),
        400,
        'validation_failed',
      );
      expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['email', 'role']);
    });

    it("changes a member's role and status; an inactive member is logged out and cannot log in", async () => {
      const email = uniqueEmail('member');
      await invite(email);
      await acceptInvitation(email, {
        first_name: 'Mo',
        last_name: 'Member',
        password,
        password_confirmation: password,
      });
      const memberToken = await t.login(email, password);
      const member = (await t.client(memberToken)<{ data: Me }>('GET', '/api/users/me')).body.data;
      const api = t.client(owner.token);
      const promoted = await api<{ data: Member }>('PUT', `/api/users/${member.id}`, {
        json: { role: 'ADMIN' },
      });
      expect(promoted.body.data.role).toBe('ADMIN');
      expect((await t.client(memberToken)<{ data: Me }>('GET', '/api/users/me')).body.data.role).toBe(
        'ADMIN',
      );
      const deactivated = await api<{ data: Member }>('PUT', `/api/users/${member.id}`, {
        json: { status: 'INACTIVE', role: 'ORGANIZER' },
      });
      expect(deactivated.body.data).toMatchObject({ status: 'INACTIVE', role: 'ORGANIZER' });
      expectProblem(await t.client(memberToken)('GET', '/api/users/me'), 401, 'token_expired');
      expectProblem(
        await t.client()('POST', '/api/auth/login', { json: { email, password } }),
        401,
        'user_inactive',
      );
      expect(
        (await api<{ data: Member }>('PUT', `/api/users/${member.id}`, { json: { status: 'ACTIVE' } })).body
          .data.status,
      ).toBe('ACTIVE');
      expect(await t.login(email, password)).toBeTruthy();
      expectProblem(
        await api('PUT', `/api/users/${member.id}`, { json: { status: 'SUSPENDED' } }),
        400,
        'validation_failed',
      );
    });

    it("lets an admin correct a member's first and last name, and only a member's", async () => {
      const email = uniqueEmail('misspelt');
      await invite(email);
      await acceptInvitation(email, {
        first_name: 'Jhon',
        last_name: 'Smiht',
        password,
        password_confirmation: password,
      });
      const memberToken = await t.login(email, password);
      const member = (await t.client(memberToken)<{ data: Me }>('GET', '/api/users/me')).body.data;
      const api = t.client(owner.token);
      const corrected = await api<{ data: Member }>('PUT', `/api/users/${member.id}`, {
        json: { first_name: 'John', last_name: 'Smith' },
      });
      expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
      expect(corrected.body.data).toMatchObject({
        first_name: 'John',
        last_name: 'Smith',
        role: 'ORGANIZER',
      });
      expect(corrected.headers.get('x-position')).toMatch(/^\d+$/);
      expect((await t.client(memberToken)<{ data: Me }>('GET', '/api/users/me')).body.data).toMatchObject({
        first_name: 'John',
        last_name: 'Smith',
      });
      expectProblem(
        await api('PUT', `/api/users/${member.id}`, { json: { first_name: ' ' } }),
        400,
        'validation_failed',
      );
      // An organizer administers no one, not even to fix a typo.
      expectProblem(
        await t.client(memberToken)('PUT', `/api/users/${owner.user.id}`, { json: { first_name: 'X' } }),
        403,
        'forbidden',
      );
      // Someone with a login of their own keeps their name until they join.
      const outsider = await register({ first_name: 'Own', last_name: 'Name' });
      const invitedOutsider = await invite(outsider.email);
      expectProblem(
        await api('PUT', `/api/users/${invitedOutsider.id}`, { json: { first_name: 'Renamed' } }),
        409,
        'invitation_not_accepted',
      );
      // An invitee without a login yet can be named.
      const newcomer = await invite(uniqueEmail('newcomer'));
      const named = await api<{ data: Member }>('PUT', `/api/users/${newcomer.id}`, {
        json: { first_name: 'Nia', last_name: 'New' },
      });
      expect(named.body.data).toMatchObject({ first_name: 'Nia', last_name: 'New' });
    });

    it("locks the owner's role and status and never lets an admin lock themselves out", async () => {
      const email = uniqueEmail('second-admin');
      await invite(email, 'ADMIN');
      await acceptInvitation(email, {
        first_name: 'Sam',
        last_name: 'Second',
        password,
        password_confirmation: password,
      });
      const second = await t.login(email, password);
      const secondId = (await t.client(second)<{ data: Me }>('GET', '/api/users/me')).body.data.id;
      expectProblem(
        await t.client(second)('PUT', `/api/users/${owner.user.id}`, { json: { role: 'ORGANIZER' } }),
        409,
        'account_owner_locked',
      );
      expectProblem(
        await t.client(second)('PUT', `/api/users/${owner.user.id}`, { json: { status: 'INACTIVE' } }),
        409,
        'account_owner_locked',
      );
      expectProblem(
        await t.client(owner.token)('PUT', `/api/users/${owner.user.id}`, { json: { status: 'INACTIVE' } }),
        409,
        'account_owner_locked',
      );
      expectProblem(
        await t.client(second)('PUT', `/api/users/${secondId}`, { json: { role: 'ORGANIZER' } }),
        409,
        'cannot_lock_yourself_out',
      );
      expectProblem(
        await t.client(second)('PUT', `/api/users/${secondId}`, { json: { status: 'INACTIVE' } }),
        409,
        'cannot_lock_yourself_out',
      );
      const invited = await invite(uniqueEmail('pending'));
      expectProblem(
        await t.client(second)('PUT', `/api/users/${invited.id}`, { json: { status: 'ACTIVE' } }),
        409,
        'invitation_not_accepted',
      );
    });

    it('lets a person with a login elsewhere join with their password, then choose the account at login', async () => {
      const elsewhere = await register({ first_name: 'Eli', last_name: 'Elsewhere' });
      await invite(elsewhere.email);
      const token = tokenOf(await mailTo(elsewhere.email, /invited you/), '/auth/accept-invitation/');
      const details = await t.client()<{ data: { existing_user: boolean } }>(
        'GET',
        `/api/auth/invitation/${token}`,
      );
      expect(details.body.data.existing_user).toBe(true);
      expectProblem(
        await t.client()('POST', `/api/auth/invitation/${token}`, { json: { password: 'not theirs' } }),
        401,
        'invalid_credentials',
      );
      expect((await t.client()('POST', `/api/auth/invitation/${token}`, { json: { password } })).status).toBe(
        200,
      );

      const choose = await t.client()<{
        token: null;
        accounts: { id: string; name: string; role: string }[];
      }>('POST', '/api/auth/login', {
        json: { email: elsewhere.email, password },
      });
      expect(choose.status).toBe(200);
      expect(choose.body.token).toBeNull();
      expect(choose.body.accounts.map((account) => account.id).sort()).toEqual(
        [elsewhere.user.account_id, owner.user.account_id].sort(),
      );
      expect(choose.body.accounts.find((account) => account.id === owner.user.account_id)).toMatchObject({
        name: 'Olivia Owner',
        role: 'ORGANIZER',
      });

      const chosen = await t.client()<Session>('POST', '/api/auth/login', {
        json: { email: elsewhere.email, password, account_id: owner.user.account_id },
      });
      expect(chosen.body.user).toMatchObject({
        account_id: owner.user.account_id,
        role: 'ORGANIZER',
        account_count: 2,
      });
      expectProblem(await t.client(chosen.body.token)('GET', '/api/users'), 403, 'forbidden');
      const home = await t.client()<Session>('POST', '/api/auth/login', {
        json: { email: elsewhere.email, password, account_id: elsewhere.user.account_id },
      });
      expect(home.body.user).toMatchObject({ account_id: elsewhere.user.account_id, role: 'ADMIN' });
      const foreign = await register();
      expectProblem(
        await t.client()('POST', '/api/auth/login', {
          json: { email: elsewhere.email, password, account_id: foreign.user.account_id },
        }),
        404,
        'account_not_found',
      );
    });

    it("gives another account's admin a 404 for this account's users, never their data", async () => {
      const email = uniqueEmail('private');
      const member = await invite(email);
      const stranger = await register();
      const api = t.client(stranger.token);
      for (const [method, path, json] of [
        ['GET', `/api/users/${member.id}`, undefined],
        ['PUT', `/api/users/${member.id}`, { role: 'ADMIN' }],
        ['POST', `/api/users/${member.id}/invitation`, undefined],
        ['DELETE', `/api/users/${member.id}/invitation`, undefined],
        ['PUT', `/api/users/${owner.user.id}`, { status: 'INACTIVE' }],
      ] as const) {
        const response = await api(method, path, json === undefined ? {} : { json });
        expectProblem(response, 404, 'user_not_found');
        expect(JSON.stringify(response.body)).not.toContain(email);
      }
      const list = await api<{ data: Member[] }>('GET', '/api/users');
      expect(list.body.data.map((row) => row.email)).toEqual([stranger.email]);
      expect(
        (await t.client(owner.token)<{ data: Member }>('GET', `/api/users/${member.id}`)).body.data.status,
      ).toBe('INVITED');
    });
  });

  describe('account settings', () => {
    it('shows and changes the account name, currency and time zone, for admins only', async () => {
      const session = await register({ locale: 'pt-br' });
      const api = t.client(session.token);
      const shown = await api<{ data: { name: string; currency: string; timezone: string } }>(
        'GET',
        '/api/account',
      );
      expect(shown.body.data).toMatchObject({
        name: 'Grace Hopper',
        currency: 'BRL',
        timezone: 'Europe/Berlin',
      });
      const changed = await api<{ data: { name: string; currency: string; timezone: string } }>(
        'PUT',
        '/api/account',
        {
          json: { name: 'Hopper Events', currency: 'usd', timezone: 'America/Chicago' },
        },
      );
      expect(changed.body.data).toMatchObject({
        name: 'Hopper Events',
        currency: 'USD',
        timezone: 'America/Chicago',
      });
      expect((await api<{ data: Me }>('GET', '/api/users/me')).body.data.account_name).toBe('Hopper Events');
      expectProblem(await api('PUT', '/api/account', { json: { currency: 'XYZ' } }), 422, 'invalid_currency');
      expectProblem(
        await api('PUT', '/api/account', { json: { timezone: 'Atlantis/Central' } }),
        422,
        'invalid_timezone',
      );
      const blank = expectProblem(
        await api('PUT', '/api/account', { json: { name: ' ' } }),
        400,
        'validation_failed',
      );
      expect(blank.errors).toHaveProperty('name');
    });
  });
}

describe('identity on SQLite', () => identitySuite('sqlite'));
describeWithPostgres('identity on PostgreSQL', () => identitySuite('postgres'));

import { beforeAll, describe, expect, it } from 'vitest';
import { settle, type TestPlatform } from '../api/testing';
import { describeWithPostgres } from '../kit/testing/postgres';
import type { SmtpSink } from '../messaging/testing';
import {
  identityFixture,
  expectProblem,
  tokenOf,
  uniqueEmail,
  password,
  type Me,
  type Session,
} from './identityFixtures.spec';
import { signUp } from './owners';

/** Registration, login and logout, and the forgotten password (identityMembers.int.spec.ts has the rest). */
function identitySuite(kind: 'sqlite' | 'postgres') {
  const fixture = identityFixture(kind);
  const { clock, mailTo, register, holdCommands } = fixture;
  let t: TestPlatform;
  let sink: SmtpSink;
  beforeAll(() => {
    t = fixture.platform();
    sink = fixture.smtp();
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
}

describe('identity on SQLite', () => identitySuite('sqlite'));
describeWithPostgres('identity on PostgreSQL', () => identitySuite('postgres'));

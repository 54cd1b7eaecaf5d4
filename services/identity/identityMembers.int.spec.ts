import { beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../api/testing';
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
  type Member,
} from './identityFixtures.spec';

/** The profile, the team and the account settings (identity.int.spec.ts has registration and login). */
function membersSuite(kind: 'sqlite' | 'postgres') {
  const fixture = identityFixture(kind);
  const { clock, mailTo, register, confirmEmail } = fixture;
  let t: TestPlatform;
  let sink: SmtpSink;
  beforeAll(() => {
    t = fixture.platform();
    sink = fixture.smtp();
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

    /** A member invited with `role` who accepted under these names and logged in: their token and profile. */
    async function joinTeam(label: string, names: { first_name: string; last_name: string }, role?: string) {
      const email = uniqueEmail(label);
      await invite(email, role);
      await acceptInvitation(email, { ...names, password, password_confirmation: password });
      const token = await t.login(email, password);
      const me = (await t.client(token)<{ data: Me }>('GET', '/api/users/me')).body.data;
      return { email, token, me };
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
      const {
        email,
        token: memberToken,
        me: member,
      } = await joinTeam('member', { first_name: 'Mo', last_name: 'Member' });
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
      const { token: memberToken, me: member } = await joinTeam('misspelt', {
        first_name: 'Jhon',
        last_name: 'Smiht',
      });
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
      const joined = await joinTeam('second-admin', { first_name: 'Sam', last_name: 'Second' }, 'ADMIN');
      const second = joined.token;
      const secondId = joined.me.id;
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

describe('identity on SQLite', () => membersSuite('sqlite'));
describeWithPostgres('identity on PostgreSQL', () => membersSuite('postgres'));

import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AccountEvent } from '../../services/identity/accountDecider';
import type { SessionEnded, SessionStarted, UserEvent } from '../../services/identity/userDecider';
import { projectionSpec } from '../runner/projectionSpec';
import { describeEachStorage, type TestStorage } from '../runner/testing';
import { identityProjection, sessionsProjection } from '.';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;
const owner = { stream: 'user-us_owner', userId: 'us_owner' };
const invitee = { stream: 'user-us_guest', userId: 'us_guest' };
const account = { stream: 'account-ac_1', accountId: 'ac_1' };
const profile = { firstName: 'Ada', lastName: 'Lovelace', timezone: 'Europe/London', locale: 'en' };

const sessionStarted = (sessionId: string, day: number): SessionStarted & { stream: string } => ({
  stream: owner.stream,
  type: 'SessionStarted',
  data: {
    userId: owner.userId,
    accountId: account.accountId,
    sessionId,
    tokenHash: `hash-${sessionId}`,
    startedAt: at(day),
    expiresAt: at(day + 7),
  },
});

describeEachStorage('identity read models', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('keeps accounts, users and memberships through a sign-up, an invitation and profile changes', async () => {
    const { rows, keys } = await projectionSpec<AccountEvent | UserEvent>(storage, identityProjection)
      .given([
        {
          stream: owner.stream,
          type: 'UserRegistered',
          data: {
            ...profile,
            userId: owner.userId,
            email: 'ada@example.test',
            passwordHash: 'argon2-hash',
            emailVerified: false,
            registeredAt: at(1),
          },
        },
        {
          stream: account.stream,
          type: 'AccountCreated',
          data: {
            accountId: account.accountId,
            ownerUserId: owner.userId,
            name: 'Analytical Events',
            currency: 'GBP',
            timezone: 'Europe/London',
            createdAt: at(1),
          },
        },
        {
          stream: owner.stream,
          type: 'EmailVerified',
          data: { userId: owner.userId, email: 'ada@example.test', requestId: 'rq_1', verifiedAt: at(2) },
        },
        {
          stream: owner.stream,
          type: 'ProfileUpdated',
          data: { userId: owner.userId, changes: { lastName: 'King' }, updatedAt: at(3) },
        },
        {
          stream: account.stream,
          type: 'AccountSettingsUpdated',
          data: { accountId: account.accountId, changes: { currency: 'EUR' }, updatedAt: at(3) },
        },
        {
          stream: invitee.stream,
          type: 'UserInvited',
          data: {
            userId: invitee.userId,
            email: 'charles@example.test',
            firstName: 'Charles',
            lastName: 'Babbage',
            locale: 'en',
            invitedAt: at(4),
          },
        },
        {
          stream: account.stream,
          type: 'MemberInvited',
          data: {
            accountId: account.accountId,
            userId: invitee.userId,
            email: 'charles@example.test',
            role: 'ORGANIZER',
            invitationId: 'in_1',
            invitedBy: owner.userId,
            expiresAt: at(11),
            invitedAt: at(4),
          },
        },
        {
          stream: account.stream,
          type: 'InvitationAccepted',
          data: {
            accountId: account.accountId,
            userId: invitee.userId,
            invitationId: 'in_1',
            acceptedAt: at(5),
          },
        },
        {
          stream: invitee.stream,
          type: 'InvitedUserJoined',
          data: {
            ...profile,
            firstName: 'Charles',
            userId: invitee.userId,
            passwordHash: 'h2',
            joinedAt: at(5),
          },
        },
        {
          stream: account.stream,
          type: 'MemberRoleChanged',
          data: {
            accountId: account.accountId,
            userId: invitee.userId,
            role: 'ADMIN',
            changedBy: owner.userId,
            changedAt: at(6),
          },
        },
        sessionStarted('se_1', 7),
      ])
      .then({ accounts: ['id'], users: ['id'], account_users: ['account_id', 'user_id'] });

    expect(rows.accounts).toEqual([
      expect.objectContaining({ id: 'ac_1', name: 'Analytical Events', currency: 'EUR', updated_at: at(3) }),
    ]);
    expect(rows.users).toEqual([
      expect.objectContaining({ id: 'us_guest', first_name: 'Charles', password_hash: 'h2' }),
      expect.objectContaining({ id: 'us_owner', last_name: 'King' }),
    ]);
    expect(Boolean((rows.users?.[1] as { email_verified: unknown }).email_verified)).toBe(true);
    expect(rows.account_users).toEqual([
      expect.objectContaining({
        user_id: 'us_guest',
        role: 'ADMIN',
        status: 'ACTIVE',
        invitation_status: 'ACCEPTED',
      }),
      expect.objectContaining({ user_id: 'us_owner', role: 'ADMIN', status: 'ACTIVE', last_login_at: at(7) }),
    ]);
    expect(keys).toContain('account:ac_1');
  });

  it('keeps sessions on their own: started, and ended once', async () => {
    const ended: SessionEnded & { stream: string } = {
      stream: owner.stream,
      type: 'SessionEnded',
      data: { userId: owner.userId, sessionId: 'se_1', endedAt: at(8) },
    };
    const { rows } = await projectionSpec<SessionStarted | SessionEnded>(storage, sessionsProjection)
      .given([
        sessionStarted('se_1', 7),
        sessionStarted('se_2', 8),
        ended,
        { ...ended, data: { ...ended.data, endedAt: at(9) } },
      ])
      .then({ auth_sessions: ['id'] });

    expect(rows.auth_sessions).toEqual([
      expect.objectContaining({ id: 'se_1', token_hash: 'hash-se_1', ended_at: at(8) }),
      expect.objectContaining({ id: 'se_2', user_id: 'us_owner', account_id: 'ac_1', ended_at: null }),
    ]);
  });
});

import { describe, it } from 'vitest';
import { deciderSpec } from '../kit/deciderSpec';
import { accountDecider, type AccountEvent } from './accountDecider';

const now = new Date('2026-11-22T10:00:00.000Z');
const at = now.toISOString();
const inAWeek = new Date(now.getTime() + 7 * 86_400_000);
const spec = deciderSpec(accountDecider);

const created: AccountEvent = {
  type: 'AccountCreated',
  data: {
    accountId: 'ac_1',
    name: 'Acme',
    ownerUserId: 'us_owner',
    currency: 'EUR',
    timezone: 'UTC',
    createdAt: at,
  },
};
const invite = (
  userId: string,
  role: 'ADMIN' | 'ORGANIZER' = 'ORGANIZER',
  invitationId = `iv_${userId}`,
): AccountEvent => ({
  type: 'MemberInvited',
  data: {
    accountId: 'ac_1',
    userId,
    email: `${userId}@example.test`,
    role,
    invitationId,
    invitedBy: 'us_owner',
    expiresAt: inAWeek.toISOString(),
    invitedAt: at,
  },
});
const accepted = (userId: string, invitationId = `iv_${userId}`): AccountEvent => ({
  type: 'InvitationAccepted',
  data: { accountId: 'ac_1', userId, invitationId, acceptedAt: at },
});
const revoked = (userId: string): AccountEvent => ({
  type: 'InvitationRevoked',
  data: { accountId: 'ac_1', userId, revokedBy: 'us_owner', revokedAt: at },
});

describe('CreateAccount', () => {
  const create = {
    type: 'CreateAccount' as const,
    accountId: 'ac_1',
    name: 'Acme',
    ownerUserId: 'us_owner',
    currency: 'EUR',
    timezone: 'UTC',
    now,
  };
  it('creates an account', () => spec.given([]).when(create).then([created]));
  it('refuses to create it twice', () =>
    spec.given([created]).when(create).thenRefused('account_already_exists'));
  it('refuses an unknown currency or time zone', () => {
    spec
      .given([])
      .when({ ...create, currency: 'XYZ' })
      .thenRefused('invalid_currency', ['currency']);
    spec
      .given([])
      .when({ ...create, timezone: 'Mars/Base' })
      .thenRefused('invalid_timezone', ['timezone']);
  });
});

describe('UpdateAccountSettings', () => {
  it('records what changed, nothing when nothing did', () => {
    spec
      .given([created])
      .when({
        type: 'UpdateAccountSettings',
        changes: { name: 'Acme Events', currency: 'EUR', timezone: 'Europe/Paris' },
        now,
      })
      .then([
        {
          type: 'AccountSettingsUpdated',
          data: {
            accountId: 'ac_1',
            changes: { name: 'Acme Events', timezone: 'Europe/Paris' },
            updatedAt: at,
          },
        },
      ]);
    spec
      .given([created])
      .when({ type: 'UpdateAccountSettings', changes: { name: 'Acme' }, now })
      .thenNothingHappened();
  });
  it('refuses a blank name', () => {
    spec
      .given([created])
      .when({ type: 'UpdateAccountSettings', changes: { name: '  ' }, now })
      .thenRefused('validation_failed', ['name']);
  });
  it('refuses an account that does not exist', () => {
    spec
      .given([])
      .when({ type: 'UpdateAccountSettings', changes: { name: 'x' }, now })
      .thenRefused('account_not_found');
  });
});

describe('invitations', () => {
  const inviteCommand = (userId: string) => ({
    type: 'InviteMember' as const,
    userId,
    email: `${userId}@example.test`,
    role: 'ORGANIZER' as const,
    invitationId: `iv_${userId}`,
    invitedBy: 'us_owner',
    expiresAt: inAWeek,
    now,
  });
  it('invites someone with a role, pending for a week', () => {
    spec
      .given([created])
      .when(inviteCommand('us_2'))
      .then([invite('us_2')]);
  });
  it('refuses inviting a member again, the owner included', () => {
    spec
      .given([created, invite('us_2')])
      .when(inviteCommand('us_2'))
      .thenRefused('already_a_member', ['email']);
    spec.given([created]).when(inviteCommand('us_owner')).thenRefused('already_a_member');
  });
  it('invites again after a revocation', () => {
    spec
      .given([created, invite('us_2'), revoked('us_2')])
      .when(inviteCommand('us_2'))
      .then([invite('us_2')]);
  });
  it('accepts the current invitation once, before it expires', () => {
    const accept = { type: 'AcceptInvitation' as const, userId: 'us_2', invitationId: 'iv_us_2', now };
    spec
      .given([created, invite('us_2')])
      .when(accept)
      .then([accepted('us_2')]);
    spec
      .given([created, invite('us_2'), accepted('us_2')])
      .when(accept)
      .thenRefused('invalid_token');
    spec
      .given([created, invite('us_2')])
      .when({ ...accept, now: inAWeek })
      .thenRefused('invalid_token');
    spec
      .given([created, invite('us_2'), revoked('us_2')])
      .when(accept)
      .thenRefused('invalid_token');
  });
  it('resends with a new link that replaces the old one', () => {
    const resent: AccountEvent = {
      type: 'InvitationResent',
      data: {
        accountId: 'ac_1',
        userId: 'us_2',
        email: 'us_2@example.test',
        role: 'ORGANIZER',
        invitationId: 'iv_new',
        resentBy: 'us_owner',
        expiresAt: inAWeek.toISOString(),
        resentAt: at,
      },
    };
    spec
      .given([created, invite('us_2')])
      .when({
        type: 'ResendInvitation',
        userId: 'us_2',
        invitationId: 'iv_new',
        resentBy: 'us_owner',
        expiresAt: inAWeek,
        now,
      })
      .then([resent]);
    spec
      .given([created, invite('us_2'), resent])
      .when({ type: 'AcceptInvitation', userId: 'us_2', invitationId: 'iv_us_2', now })
      .thenRefused('invalid_token');
    spec
      .given([created, invite('us_2'), resent])
      .when({ type: 'AcceptInvitation', userId: 'us_2', invitationId: 'iv_new', now })
      .then([accepted('us_2', 'iv_new')]);
  });
  it('refuses to resend or revoke an invitation that is no longer pending', () => {
    const resend = {
      type: 'ResendInvitation' as const,
      userId: 'us_2',
      invitationId: 'iv_x',
      resentBy: 'us_owner',
      expiresAt: inAWeek,
      now,
    };
    spec
      .given([created, invite('us_2'), accepted('us_2')])
      .when(resend)
      .thenRefused('invitation_not_pending');
    spec
      .given([created, invite('us_2'), revoked('us_2')])
      .when({ type: 'RevokeInvitation', userId: 'us_2', revokedBy: 'us_owner', now })
      .thenRefused('invitation_not_pending');
    spec.given([created]).when(resend).thenRefused('user_not_found');
  });
});

describe('roles and statuses', () => {
  const team = [created, invite('us_2'), accepted('us_2'), invite('us_3', 'ADMIN'), accepted('us_3')];
  it("changes a member's role and status", () => {
    spec
      .given(team)
      .when({ type: 'ChangeMemberRole', userId: 'us_2', role: 'ADMIN', changedBy: 'us_3', now })
      .then([
        {
          type: 'MemberRoleChanged',
          data: { accountId: 'ac_1', userId: 'us_2', role: 'ADMIN', changedBy: 'us_3', changedAt: at },
        },
      ]);
    spec
      .given(team)
      .when({ type: 'ChangeMemberStatus', userId: 'us_2', status: 'INACTIVE', changedBy: 'us_3', now })
      .then([
        {
          type: 'MemberStatusChanged',
          data: { accountId: 'ac_1', userId: 'us_2', status: 'INACTIVE', changedBy: 'us_3', changedAt: at },
        },
      ]);
    spec
      .given(team)
      .when({ type: 'ChangeMemberStatus', userId: 'us_2', status: 'ACTIVE', changedBy: 'us_3', now })
      .thenNothingHappened();
  });
  it("locks the owner's role and status", () => {
    spec
      .given(team)
      .when({ type: 'ChangeMemberRole', userId: 'us_owner', role: 'ORGANIZER', changedBy: 'us_3', now })
      .thenRefused('account_owner_locked');
    spec
      .given(team)
      .when({
        type: 'ChangeMemberStatus',
        userId: 'us_owner',
        status: 'INACTIVE',
        changedBy: 'us_owner',
        now,
      })
      .thenRefused('account_owner_locked');
  });
  it('never lets an admin lock themselves out', () => {
    spec
      .given(team)
      .when({ type: 'ChangeMemberRole', userId: 'us_3', role: 'ORGANIZER', changedBy: 'us_3', now })
      .thenRefused('cannot_lock_yourself_out');
    spec
      .given(team)
      .when({ type: 'ChangeMemberStatus', userId: 'us_3', status: 'INACTIVE', changedBy: 'us_3', now })
      .thenRefused('cannot_lock_yourself_out');
  });
  it('refuses a status for an invitation not yet accepted, and changes for a revoked one', () => {
    const withPending = [created, invite('us_4')];
    spec
      .given(withPending)
      .when({ type: 'ChangeMemberStatus', userId: 'us_4', status: 'ACTIVE', changedBy: 'us_owner', now })
      .thenRefused('invitation_not_accepted');
    spec
      .given([...withPending, revoked('us_4')])
      .when({ type: 'ChangeMemberRole', userId: 'us_4', role: 'ADMIN', changedBy: 'us_owner', now })
      .thenRefused('invitation_revoked');
  });
  it('refuses someone who is not a member', () => {
    spec
      .given(team)
      .when({ type: 'ChangeMemberRole', userId: 'us_9', role: 'ADMIN', changedBy: 'us_owner', now })
      .thenRefused('user_not_found');
  });
});

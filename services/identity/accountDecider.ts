import type { Decider } from '../kit/decider';
import { refuse, type FieldErrors } from '../kit/refusal';
import { isCurrency, isTimeZone } from '../catalog/events/eventDecider';

/**
 * An account (an organisation) and its team: who belongs to it, with which role and status, and the
 * invitations that bring people in (spec sections 4 and 6). The owner (who created the account) is an admin
 * whose role and status nobody can change; an admin cannot lock themselves out.
 */

export type Role = 'ADMIN' | 'ORGANIZER';
export const roles: readonly Role[] = ['ADMIN', 'ORGANIZER'];
/** INVITED until the invitation is accepted; INACTIVE members cannot log in to this account. */
export type MemberStatus = 'ACTIVE' | 'INACTIVE' | 'INVITED';
export type InvitationStatus = 'PENDING' | 'RESENT' | 'ACCEPTED' | 'REVOKED';

export const invitationTtlMs = 7 * 24 * 3_600_000;

export const accountStream = (accountId: string) => `account-${accountId}`;

export interface AccountSettings {
  name: string;
  currency: string;
  timezone: string;
}

// ---------- events

export type AccountCreated = {
  type: 'AccountCreated';
  data: AccountSettings & { accountId: string; ownerUserId: string; createdAt: string };
};
export type AccountSettingsUpdated = {
  type: 'AccountSettingsUpdated';
  data: { accountId: string; changes: Partial<AccountSettings>; updatedAt: string };
};
export type MemberInvited = {
  type: 'MemberInvited';
  data: {
    accountId: string;
    userId: string;
    email: string;
    role: Role;
    invitationId: string;
    invitedBy: string;
    expiresAt: string;
    invitedAt: string;
  };
};
/** A new link replaces the previous one, which stops working. */
export type InvitationResent = {
  type: 'InvitationResent';
  data: {
    accountId: string;
    userId: string;
    email: string;
    role: Role;
    invitationId: string;
    resentBy: string;
    expiresAt: string;
    resentAt: string;
  };
};
export type InvitationRevoked = {
  type: 'InvitationRevoked';
  data: { accountId: string; userId: string; revokedBy: string; revokedAt: string };
};
export type InvitationAccepted = {
  type: 'InvitationAccepted';
  data: { accountId: string; userId: string; invitationId: string; acceptedAt: string };
};
export type MemberRoleChanged = {
  type: 'MemberRoleChanged';
  data: { accountId: string; userId: string; role: Role; changedBy: string; changedAt: string };
};
export type MemberStatusChanged = {
  type: 'MemberStatusChanged';
  data: {
    accountId: string;
    userId: string;
    status: 'ACTIVE' | 'INACTIVE';
    changedBy: string;
    changedAt: string;
  };
};

export type AccountEvent =
  | AccountCreated
  | AccountSettingsUpdated
  | MemberInvited
  | InvitationResent
  | InvitationRevoked
  | InvitationAccepted
  | MemberRoleChanged
  | MemberStatusChanged;

export const accountEventTypes: readonly AccountEvent['type'][] = [
  'AccountCreated',
  'AccountSettingsUpdated',
  'MemberInvited',
  'InvitationResent',
  'InvitationRevoked',
  'InvitationAccepted',
  'MemberRoleChanged',
  'MemberStatusChanged',
];

// ---------- commands

type Timed = { now: Date };
export type CreateAccount = Timed &
  AccountSettings & { type: 'CreateAccount'; accountId: string; ownerUserId: string };
export type UpdateAccountSettings = Timed & {
  type: 'UpdateAccountSettings';
  changes: Partial<AccountSettings>;
};
export type InviteMember = Timed & {
  type: 'InviteMember';
  userId: string;
  email: string;
  role: Role;
  invitationId: string;
  invitedBy: string;
  expiresAt: Date;
};
export type ResendInvitation = Timed & {
  type: 'ResendInvitation';
  userId: string;
  invitationId: string;
  resentBy: string;
  expiresAt: Date;
};
export type RevokeInvitation = Timed & { type: 'RevokeInvitation'; userId: string; revokedBy: string };
export type AcceptInvitation = Timed & { type: 'AcceptInvitation'; userId: string; invitationId: string };
export type ChangeMemberRole = Timed & {
  type: 'ChangeMemberRole';
  userId: string;
  role: Role;
  changedBy: string;
};
export type ChangeMemberStatus = Timed & {
  type: 'ChangeMemberStatus';
  userId: string;
  status: 'ACTIVE' | 'INACTIVE';
  changedBy: string;
};

export type AccountCommand =
  | CreateAccount
  | UpdateAccountSettings
  | InviteMember
  | ResendInvitation
  | RevokeInvitation
  | AcceptInvitation
  | ChangeMemberRole
  | ChangeMemberStatus;

// ---------- state

export interface Invitation {
  /** The address the invitation went to. */
  email: string;
  invitationId: string;
  status: InvitationStatus;
  expiresAt: string;
}

export interface Member {
  role: Role;
  status: MemberStatus;
  /** Null for the owner, who never was invited. */
  invitation: Invitation | null;
}

export interface ExistingAccount extends AccountSettings {
  exists: true;
  accountId: string;
  ownerUserId: string;
  members: ReadonlyMap<string, Member>;
}

export type AccountState = { exists: false } | ExistingAccount;

function withMember(
  state: ExistingAccount,
  userId: string,
  change: (member: Member) => Member,
): ExistingAccount {
  const member = state.members.get(userId);
  if (!member) return state;
  const members = new Map(state.members);
  members.set(userId, change(member));
  return { ...state, members };
}

const withInvitation = (member: Member, changes: Partial<Invitation>): Member =>
  member.invitation ? { ...member, invitation: { ...member.invitation, ...changes } } : member;

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  initialState: () => ({ exists: false }),

  evolve(state, event) {
    if (event.type === 'AccountCreated') {
      const { accountId, ownerUserId, name, currency, timezone } = event.data;
      const owner: Member = { role: 'ADMIN', status: 'ACTIVE', invitation: null };
      return {
        exists: true,
        accountId,
        ownerUserId,
        name,
        currency,
        timezone,
        members: new Map([[ownerUserId, owner]]),
      };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'AccountSettingsUpdated':
        return { ...state, ...event.data.changes };
      case 'MemberInvited': {
        const { userId, email, role, invitationId, expiresAt } = event.data;
        const members = new Map(state.members);
        members.set(userId, {
          role,
          status: 'INVITED',
          invitation: { email, invitationId, status: 'PENDING', expiresAt },
        });
        return { ...state, members };
      }
      case 'InvitationResent':
        return withMember(state, event.data.userId, (member) =>
          withInvitation(member, {
            invitationId: event.data.invitationId,
            status: 'RESENT',
            expiresAt: event.data.expiresAt,
          }),
        );
      case 'InvitationRevoked':
        return withMember(state, event.data.userId, (member) => ({
          ...withInvitation(member, { status: 'REVOKED' }),
          status: 'INACTIVE',
        }));
      case 'InvitationAccepted':
        return withMember(state, event.data.userId, (member) => ({
          ...withInvitation(member, { status: 'ACCEPTED' }),
          status: 'ACTIVE',
        }));
      case 'MemberRoleChanged':
        return withMember(state, event.data.userId, (member) => ({ ...member, role: event.data.role }));
      case 'MemberStatusChanged':
        return withMember(state, event.data.userId, (member) => ({ ...member, status: event.data.status }));
    }
  },

  decide(command, state) {
    const at = command.now.toISOString();
    if (command.type === 'CreateAccount') {
      if (state.exists) refuse('account_already_exists');
      const { accountId, ownerUserId, name, currency, timezone } = command;
      checkSettings({ name, currency, timezone });
      return [
        { type: 'AccountCreated', data: { accountId, ownerUserId, name, currency, timezone, createdAt: at } },
      ];
    }
    if (!state.exists) refuse('account_not_found');
    const accountId = state.accountId;
    switch (command.type) {
      case 'UpdateAccountSettings': {
        checkSettings(command.changes);
        const changes: Partial<AccountSettings> = {};
        for (const key of ['name', 'currency', 'timezone'] as const) {
          const value = command.changes[key];
          if (value !== undefined && value !== state[key]) changes[key] = value;
        }
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'AccountSettingsUpdated', data: { accountId, changes, updatedAt: at } }];
      }
      case 'InviteMember': {
        const existing = state.members.get(command.userId);
        if (existing && existing.invitation?.status !== 'REVOKED') {
          refuse('already_a_member', undefined, {
            email: ['This person is already a member of this account'],
          });
        }
        const { userId, email, role, invitationId, invitedBy } = command;
        return [
          {
            type: 'MemberInvited',
            data: {
              accountId,
              userId,
              email,
              role,
              invitationId,
              invitedBy,
              expiresAt: command.expiresAt.toISOString(),
              invitedAt: at,
            },
          },
        ];
      }
      case 'ResendInvitation': {
        const { role, invitation } = pendingInvitation(state, command.userId);
        const { userId, invitationId, resentBy } = command;
        return [
          {
            type: 'InvitationResent',
            data: {
              accountId,
              userId,
              email: invitation?.email ?? '',
              role,
              invitationId,
              resentBy,
              expiresAt: command.expiresAt.toISOString(),
              resentAt: at,
            },
          },
        ];
      }
      case 'RevokeInvitation':
        pendingInvitation(state, command.userId);
        return [
          {
            type: 'InvitationRevoked',
            data: { accountId, userId: command.userId, revokedBy: command.revokedBy, revokedAt: at },
          },
        ];
      case 'AcceptInvitation': {
        if (!isAcceptableInvitation(state, command.userId, command.invitationId, command.now))
          refuse('invalid_token');
        return [
          {
            type: 'InvitationAccepted',
            data: { accountId, userId: command.userId, invitationId: command.invitationId, acceptedAt: at },
          },
        ];
      }
      case 'ChangeMemberRole': {
        const member = changeableMember(state, command.userId);
        if (member.role === command.role) return [];
        if (command.userId === command.changedBy) refuse('cannot_lock_yourself_out');
        return [
          {
            type: 'MemberRoleChanged',
            data: {
              accountId,
              userId: command.userId,
              role: command.role,
              changedBy: command.changedBy,
              changedAt: at,
            },
          },
        ];
      }
      case 'ChangeMemberStatus': {
        const member = changeableMember(state, command.userId);
        if (member.status === 'INVITED') refuse('invitation_not_accepted');
        if (member.status === command.status) return [];
        if (command.userId === command.changedBy) refuse('cannot_lock_yourself_out');
        return [
          {
            type: 'MemberStatusChanged',
            data: {
              accountId,
              userId: command.userId,
              status: command.status,
              changedBy: command.changedBy,
              changedAt: at,
            },
          },
        ];
      }
    }
  },
};

/** Whether the link of invitation `invitationId` may still be accepted: the current one, open and unexpired. */
export function isAcceptableInvitation(
  state: AccountState,
  userId: string,
  invitationId: string,
  now: Date,
): boolean {
  const invitation = state.exists ? state.members.get(userId)?.invitation : undefined;
  return (
    invitation !== undefined &&
    invitation !== null &&
    (invitation.status === 'PENDING' || invitation.status === 'RESENT') &&
    invitation.invitationId === invitationId &&
    Date.parse(invitation.expiresAt) > now.getTime()
  );
}

/** A member whose invitation is still open (pending or resent). */
function pendingInvitation(state: ExistingAccount, userId: string): Member {
  const member = state.members.get(userId);
  if (!member) refuse('user_not_found');
  const status = member.invitation?.status;
  if (status !== 'PENDING' && status !== 'RESENT') refuse('invitation_not_pending');
  return member;
}

/** A member whose role or status an admin may change: not the owner, not a revoked invitation. */
function changeableMember(state: ExistingAccount, userId: string): Member {
  const member = state.members.get(userId);
  if (!member) refuse('user_not_found');
  if (userId === state.ownerUserId) refuse('account_owner_locked');
  if (member.invitation?.status === 'REVOKED') refuse('invitation_revoked');
  return member;
}

export const maxAccountNameLength = 149;

function checkSettings(settings: Partial<AccountSettings>): void {
  const errors: FieldErrors = {};
  if (settings.name !== undefined) {
    const name = settings.name.trim();
    if (name.length === 0) errors.name = ['The account name is required'];
    else if (name.length > maxAccountNameLength)
      errors.name = [`The name must be under ${maxAccountNameLength + 1} characters`];
  }
  if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
  if (settings.timezone !== undefined && !isTimeZone(settings.timezone)) {
    refuse('invalid_timezone', undefined, { timezone: ['Unknown time zone'] });
  }
  if (settings.currency !== undefined && !isCurrency(settings.currency)) {
    refuse('invalid_currency', undefined, { currency: ['Unknown currency'] });
  }
}

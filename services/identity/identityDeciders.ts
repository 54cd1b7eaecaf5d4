import { createHash } from 'node:crypto';
import type { Decider } from '../kit/decider';
import { refuse } from '../kit/refusal';

export type Role = 'ADMIN' | 'ORGANIZER';
export type UserStatus = 'ACTIVE' | 'INACTIVE';

export const accountStream = (accountId: string) => `account-${accountId}`;
export const userStream = (userId: string) => `user-${userId}`;
/** One stream per email address, appended with `no_stream`: the claim that keeps emails unique. */
export const emailClaimStream = (email: string) =>
  `email-claim-${createHash('sha256').update(normaliseEmail(email)).digest('hex')}`;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

// ---------- account

export type AccountCreated = {
  type: 'AccountCreated';
  data: { accountId: string; name: string; ownerUserId: string; currency: string; timezone: string; createdAt: string };
};
export type AccountEvent = AccountCreated;
export type CreateAccount = {
  type: 'CreateAccount';
  accountId: string;
  name: string;
  ownerUserId: string;
  currency: string;
  timezone: string;
  now: Date;
};
export type AccountState = { exists: boolean };

export const accountDecider: Decider<CreateAccount, AccountEvent, AccountState> = {
  initialState: () => ({ exists: false }),
  evolve: () => ({ exists: true }),
  decide(command, state) {
    if (state.exists) refuse('account_already_exists');
    const { type: _type, now, ...data } = command;
    return [{ type: 'AccountCreated', data: { ...data, createdAt: now.toISOString() } }];
  },
};

// ---------- email claim

export type EmailClaimed = { type: 'EmailClaimed'; data: { email: string; userId: string; claimedAt: string } };
export type ClaimEmail = { type: 'ClaimEmail'; email: string; userId: string; now: Date };
export type EmailClaimState = { claimedBy: string | null };

export const emailClaimDecider: Decider<ClaimEmail, EmailClaimed, EmailClaimState> = {
  initialState: () => ({ claimedBy: null }),
  evolve: (_state, event) => ({ claimedBy: event.data.userId }),
  decide(command, state) {
    if (state.claimedBy === command.userId) return [];
    if (state.claimedBy !== null) refuse('email_taken', undefined, { email: ['This email address is already in use'] });
    return [
      {
        type: 'EmailClaimed',
        data: { email: normaliseEmail(command.email), userId: command.userId, claimedAt: command.now.toISOString() },
      },
    ];
  },
};

// ---------- user

export type UserRegistered = {
  type: 'UserRegistered';
  data: {
    userId: string;
    accountId: string;
    email: string;
    firstName: string;
    lastName: string;
    role: Role;
    /** argon2id; the plain password never leaves the request that set it. */
    passwordHash: string;
    timezone: string;
    locale: string;
    emailVerified: boolean;
    registeredAt: string;
  };
};
export type SessionStarted = {
  type: 'SessionStarted';
  data: {
    userId: string;
    accountId: string;
    sessionId: string;
    /** SHA-256 of the bearer token; the token itself is only ever in the client's hands. */
    tokenHash: string;
    startedAt: string;
    expiresAt: string;
  };
};
export type SessionEnded = { type: 'SessionEnded'; data: { userId: string; sessionId: string; endedAt: string } };
export type UserEvent = UserRegistered | SessionStarted | SessionEnded;

export type RegisterUser = { type: 'RegisterUser'; now: Date } & Omit<UserRegistered['data'], 'registeredAt'>;
export type StartSession = {
  type: 'StartSession';
  userId: string;
  sessionId: string;
  tokenHash: string;
  expiresAt: Date;
  now: Date;
};
export type EndSession = { type: 'EndSession'; userId: string; sessionId: string; now: Date };
export type UserCommand = RegisterUser | StartSession | EndSession;

export type UserState =
  | { exists: false }
  | { exists: true; accountId: string; status: UserStatus; openSessions: ReadonlySet<string> };

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { exists: true, accountId: event.data.accountId, status: 'ACTIVE', openSessions: new Set() };
      case 'SessionStarted':
        return state.exists ? { ...state, openSessions: new Set([...state.openSessions, event.data.sessionId]) } : state;
      case 'SessionEnded': {
        if (!state.exists) return state;
        const open = new Set(state.openSessions);
        open.delete(event.data.sessionId);
        return { ...state, openSessions: open };
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.exists) refuse('user_already_exists');
        const { type: _type, now, ...data } = command;
        return [{ type: 'UserRegistered', data: { ...data, email: normaliseEmail(data.email), registeredAt: now.toISOString() } }];
      }
      case 'StartSession':
        if (!state.exists) refuse('invalid_credentials');
        if (state.status !== 'ACTIVE') refuse('user_inactive');
        return [
          {
            type: 'SessionStarted',
            data: {
              userId: command.userId,
              accountId: state.accountId,
              sessionId: command.sessionId,
              tokenHash: command.tokenHash,
              startedAt: command.now.toISOString(),
              expiresAt: command.expiresAt.toISOString(),
            },
          },
        ];
      case 'EndSession':
        if (!state.exists || !state.openSessions.has(command.sessionId)) return [];
        return [
          { type: 'SessionEnded', data: { userId: command.userId, sessionId: command.sessionId, endedAt: command.now.toISOString() } },
        ];
    }
  },
};

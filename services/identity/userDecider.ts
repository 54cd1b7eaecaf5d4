import type { Decider } from '../kit/decider';
import { refuse } from '../kit/refusal';
import { normaliseEmail } from './emailClaims';

/**
 * A person who logs in: profile, password, email verification and change, password reset and sessions.
 * Which accounts they belong to, and with which role, is the account's business (accountDecider).
 *
 * Tokens in emailed links never appear here: a request only carries its id and expiry. The mail reactor
 * mints the link's token for that request and keeps its hash; the route that receives the link finds the
 * request id by the hash and asks this decider, which accepts each request once and only before it expires.
 */

export const userStream = (userId: string) => `user-${userId}`;

export interface Profile {
  firstName: string;
  lastName: string;
  timezone: string;
  locale: string;
}

// ---------- events

export type UserRegistered = {
  type: 'UserRegistered';
  data: Profile & {
    userId: string;
    email: string;
    /** argon2id; the plain password never leaves the request that set it. */
    passwordHash: string;
    emailVerified: boolean;
    registeredAt: string;
  };
};
/** Someone was invited by email: a user without a password until they accept (InvitedUserJoined). */
export type UserInvited = {
  type: 'UserInvited';
  data: {
    userId: string;
    email: string;
    firstName: string;
    lastName: string;
    locale: string;
    invitedAt: string;
  };
};
/** An invited user accepted: name and password set; the emailed link proved the address. */
export type InvitedUserJoined = {
  type: 'InvitedUserJoined';
  data: Profile & { userId: string; passwordHash: string; joinedAt: string };
};
export type EmailConfirmationRequested = {
  type: 'EmailConfirmationRequested';
  data: { userId: string; email: string; requestId: string; expiresAt: string; requestedAt: string };
};
export type EmailVerified = {
  type: 'EmailVerified';
  data: { userId: string; email: string; requestId: string; verifiedAt: string };
};
export type ProfileUpdated = {
  type: 'ProfileUpdated';
  data: { userId: string; changes: Partial<Profile>; updatedAt: string };
};
export type PasswordChanged = {
  type: 'PasswordChanged';
  data: { userId: string; passwordHash: string; changedAt: string };
};
export type EmailChangeRequested = {
  type: 'EmailChangeRequested';
  data: { userId: string; newEmail: string; requestId: string; expiresAt: string; requestedAt: string };
};
export type EmailChangeCancelled = {
  type: 'EmailChangeCancelled';
  data: { userId: string; requestId: string; cancelledAt: string };
};
export type EmailChanged = {
  type: 'EmailChanged';
  data: { userId: string; previousEmail: string; email: string; requestId: string; changedAt: string };
};
export type PasswordResetRequested = {
  type: 'PasswordResetRequested';
  data: { userId: string; email: string; requestId: string; expiresAt: string; requestedAt: string };
};
export type PasswordReset = {
  type: 'PasswordReset';
  data: { userId: string; requestId: string; passwordHash: string; resetAt: string };
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
export type SessionEnded = {
  type: 'SessionEnded';
  data: { userId: string; sessionId: string; endedAt: string };
};
/**
 * Someone tried to sign up with this user's address. The sign-up was answered as any other (nothing tells a
 * stranger the address has a login); the user is mailed instead, at most once per `signUpAttemptMailIntervalMs`.
 */
export type SignUpAttempted = {
  type: 'SignUpAttempted';
  data: { userId: string; email: string; attemptedAt: string };
};

/**
 * An admin erased a former member at their request (docs/audit.md "Erasure"): the member's key is deleted, so their
 * names, address and password hash in every identity event read as erased from now on, and nobody can log in as
 * them again. Their open sessions end with it.
 */
export type UserErased = {
  type: 'UserErased';
  data: { userId: string; erasedBy: string; erasedAt: string };
};

export type UserEvent =
  | UserRegistered
  | UserInvited
  | InvitedUserJoined
  | EmailConfirmationRequested
  | EmailVerified
  | ProfileUpdated
  | PasswordChanged
  | EmailChangeRequested
  | EmailChangeCancelled
  | EmailChanged
  | PasswordResetRequested
  | PasswordReset
  | SessionStarted
  | SessionEnded
  | SignUpAttempted
  | UserErased;

export const userEventTypes: readonly UserEvent['type'][] = [
  'UserRegistered',
  'UserInvited',
  'InvitedUserJoined',
  'EmailConfirmationRequested',
  'EmailVerified',
  'ProfileUpdated',
  'PasswordChanged',
  'EmailChangeRequested',
  'EmailChangeCancelled',
  'EmailChanged',
  'PasswordResetRequested',
  'PasswordReset',
  'SessionStarted',
  'SessionEnded',
  'SignUpAttempted',
  'UserErased',
];

/** The owner of an address hears of sign-up attempts with it at most this often. */
export const signUpAttemptMailIntervalMs = 3_600_000;

// ---------- commands

/** A link-carried request: its id, and how long the link stays valid. */
export interface LinkRequest {
  requestId: string;
  expiresAt: Date;
}

type Timed = { now: Date };
/** Self-service sign-up: the address is unconfirmed, and a confirmation link goes out at once. */
export type RegisterUser = Timed &
  Profile & {
    type: 'RegisterUser';
    userId: string;
    email: string;
    passwordHash: string;
    confirmation: LinkRequest;
  };
/** An operator's user (the first-run admin, ADMIN_EMAIL): the operator vouches for the address. */
export type CreateVerifiedUser = Timed &
  Profile & { type: 'CreateVerifiedUser'; userId: string; email: string; passwordHash: string };
export type InviteUser = Timed & {
  type: 'InviteUser';
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  locale: string;
};
export type JoinAsInvitedUser = Timed & Profile & { type: 'JoinAsInvitedUser'; passwordHash: string };
export type RequestEmailConfirmation = Timed & { type: 'RequestEmailConfirmation'; request: LinkRequest };
export type ConfirmEmail = Timed & { type: 'ConfirmEmail'; requestId: string };
export type UpdateProfile = Timed & { type: 'UpdateProfile'; changes: Partial<Profile> };
/**
 * An admin corrects a member's first and last name (the rest of a profile is the member's own). `joined`:
 * whether the member has accepted the account's invitation, read by the route; a person with a login of
 * their own who has not joined keeps the name they chose.
 */
export type CorrectName = Timed & {
  type: 'CorrectName';
  firstName?: string;
  lastName?: string;
  joined: boolean;
};
/** The route has checked the current password (argon2 is not pure); other sessions end. */
export type ChangePassword = Timed & { type: 'ChangePassword'; passwordHash: string; keepSessionId: string };
export type RequestEmailChange = Timed & {
  type: 'RequestEmailChange';
  newEmail: string;
  request: LinkRequest;
};
export type ConfirmEmailChange = Timed & { type: 'ConfirmEmailChange'; requestId: string };
export type CancelEmailChange = Timed & { type: 'CancelEmailChange' };
export type RequestPasswordReset = Timed & { type: 'RequestPasswordReset'; request: LinkRequest };
export type ResetPassword = Timed & { type: 'ResetPassword'; requestId: string; passwordHash: string };
export type StartSession = Timed & {
  type: 'StartSession';
  accountId: string;
  sessionId: string;
  tokenHash: string;
  expiresAt: Date;
};
export type EndSession = Timed & { type: 'EndSession'; sessionId: string };
/** A sign-up came in with this user's address (the email claim refused it). */
export type NoteSignUpAttempt = Timed & { type: 'NoteSignUpAttempt' };
export type EraseUser = Timed & { type: 'EraseUser'; erasedBy: string };

export type UserCommand =
  | RegisterUser
  | CreateVerifiedUser
  | InviteUser
  | JoinAsInvitedUser
  | RequestEmailConfirmation
  | ConfirmEmail
  | UpdateProfile
  | CorrectName
  | ChangePassword
  | RequestEmailChange
  | ConfirmEmailChange
  | CancelEmailChange
  | RequestPasswordReset
  | ResetPassword
  | StartSession
  | EndSession
  | NoteSignUpAttempt
  | EraseUser;

// ---------- state

export interface PendingRequest {
  requestId: string;
  expiresAt: string;
}

export interface ExistingUser {
  exists: true;
  userId: string;
  email: string;
  /** False for an invited user who has not accepted yet: such a user cannot log in or reset a password. */
  hasPassword: boolean;
  emailVerified: boolean;
  profile: Profile;
  emailConfirmation: PendingRequest | null;
  emailChange: (PendingRequest & { newEmail: string }) | null;
  passwordReset: PendingRequest | null;
  openSessions: ReadonlySet<string>;
  /** When the user was last told of a sign-up attempt with their address. */
  lastSignUpAttemptAt: string | null;
  /** Erased (`UserErased`): the user no longer exists for anything but the books. */
  erased: boolean;
}

export type UserState = { exists: false } | ExistingUser;

const withoutSessions = (state: ExistingUser, ended: readonly string[]): ExistingUser => {
  const open = new Set(state.openSessions);
  for (const sessionId of ended) open.delete(sessionId);
  return { ...state, openSessions: open };
};

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: () => ({ exists: false }),

  evolve(state, event) {
    if (event.type === 'UserRegistered' || event.type === 'UserInvited') return created(event);
    if (!state.exists) return state;
    switch (event.type) {
      case 'InvitedUserJoined': {
        const { userId: _userId, passwordHash: _hash, joinedAt: _at, ...profile } = event.data;
        return { ...state, hasPassword: true, emailVerified: true, profile, emailConfirmation: null };
      }
      case 'EmailConfirmationRequested':
        return {
          ...state,
          emailConfirmation: { requestId: event.data.requestId, expiresAt: event.data.expiresAt },
        };
      case 'EmailVerified':
        return { ...state, emailVerified: true, emailConfirmation: null };
      case 'ProfileUpdated':
        return { ...state, profile: { ...state.profile, ...event.data.changes } };
      case 'PasswordChanged':
        return state;
      case 'EmailChangeRequested': {
        const { newEmail, requestId, expiresAt } = event.data;
        return { ...state, emailChange: { newEmail, requestId, expiresAt } };
      }
      case 'EmailChangeCancelled':
        return { ...state, emailChange: null };
      case 'EmailChanged':
        return {
          ...state,
          email: event.data.email,
          emailVerified: true,
          emailChange: null,
          emailConfirmation: null,
        };
      case 'PasswordResetRequested':
        return {
          ...state,
          passwordReset: { requestId: event.data.requestId, expiresAt: event.data.expiresAt },
        };
      case 'PasswordReset':
        return { ...state, passwordReset: null };
      case 'SessionStarted':
        return { ...state, openSessions: new Set([...state.openSessions, event.data.sessionId]) };
      case 'SessionEnded':
        return withoutSessions(state, [event.data.sessionId]);
      case 'SignUpAttempted':
        return { ...state, lastSignUpAttemptAt: event.data.attemptedAt };
      case 'UserErased':
        return { ...state, erased: true };
    }
  },

  decide(command, state) {
    const at = command.now.toISOString();
    if (
      command.type === 'RegisterUser' ||
      command.type === 'CreateVerifiedUser' ||
      command.type === 'InviteUser'
    ) {
      if (state.exists) refuse('user_already_exists');
      return create(command, at);
    }
    if (!state.exists) refuse('user_not_found');
    const userId = state.userId;
    // An erased user is gone: erasing again changes nothing, anything else is as for someone unknown.
    if (state.erased) {
      if (command.type === 'EraseUser') return [];
      refuse('user_not_found');
    }
    switch (command.type) {
      case 'EraseUser':
        return [
          ...endSessions(state, at),
          { type: 'UserErased', data: { userId, erasedBy: command.erasedBy, erasedAt: at } },
        ];
      case 'JoinAsInvitedUser':
        // The invitation was accepted on the account; a user who already has a password keeps it.
        if (state.hasPassword) return [];
        return [
          {
            type: 'InvitedUserJoined',
            data: { userId, passwordHash: command.passwordHash, ...profileOf(command), joinedAt: at },
          },
        ];
      case 'RequestEmailConfirmation':
        if (state.emailVerified) refuse('email_already_verified');
        return [
          {
            type: 'EmailConfirmationRequested',
            data: requestData(userId, state.email, command.request, at),
          },
        ];
      case 'ConfirmEmail': {
        const request = usable(state.emailConfirmation, command.requestId, command.now);
        return [
          {
            type: 'EmailVerified',
            data: { userId, email: state.email, requestId: request.requestId, verifiedAt: at },
          },
        ];
      }
      case 'UpdateProfile': {
        const changes: Partial<Profile> = {};
        for (const key of ['firstName', 'lastName', 'timezone', 'locale'] as const) {
          const value = command.changes[key];
          if (value !== undefined && value !== state.profile[key]) changes[key] = value;
        }
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'ProfileUpdated', data: { userId, changes, updatedAt: at } }];
      }
      case 'CorrectName': {
        if (!command.joined && state.hasPassword) refuse('invitation_not_accepted');
        const changes: Partial<Profile> = {};
        if (command.firstName !== undefined && command.firstName !== state.profile.firstName)
          changes.firstName = command.firstName;
        if (command.lastName !== undefined && command.lastName !== state.profile.lastName)
          changes.lastName = command.lastName;
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'ProfileUpdated', data: { userId, changes, updatedAt: at } }];
      }
      case 'ChangePassword':
        if (!state.hasPassword) refuse('user_not_found');
        return [
          { type: 'PasswordChanged', data: { userId, passwordHash: command.passwordHash, changedAt: at } },
          ...endSessions(state, at, command.keepSessionId),
        ];
      case 'RequestEmailChange': {
        const newEmail = normaliseEmail(command.newEmail);
        if (newEmail === state.email)
          refuse('email_unchanged', undefined, { email: ['This is already your email address'] });
        return [
          {
            type: 'EmailChangeRequested',
            data: {
              userId,
              newEmail,
              requestId: command.request.requestId,
              expiresAt: command.request.expiresAt.toISOString(),
              requestedAt: at,
            },
          },
        ];
      }
      case 'ConfirmEmailChange': {
        const request = usable(state.emailChange, command.requestId, command.now);
        return [
          {
            type: 'EmailChanged',
            data: {
              userId,
              previousEmail: state.email,
              email: request.newEmail,
              requestId: request.requestId,
              changedAt: at,
            },
          },
        ];
      }
      case 'CancelEmailChange':
        if (!state.emailChange) return [];
        return [
          {
            type: 'EmailChangeCancelled',
            data: { userId, requestId: state.emailChange.requestId, cancelledAt: at },
          },
        ];
      case 'RequestPasswordReset':
        // Nobody learns whether the address is known; an invited user without a password simply gets nothing.
        if (!state.hasPassword) return [];
        return [
          {
            type: 'PasswordResetRequested',
            data: requestData(userId, state.email, command.request, at),
          },
        ];
      case 'ResetPassword': {
        const request = usable(state.passwordReset, command.requestId, command.now);
        return [
          {
            type: 'PasswordReset',
            data: { userId, requestId: request.requestId, passwordHash: command.passwordHash, resetAt: at },
          },
          ...endSessions(state, at),
        ];
      }
      case 'StartSession':
        if (!state.hasPassword) refuse('invalid_credentials');
        return [
          {
            type: 'SessionStarted',
            data: {
              userId,
              accountId: command.accountId,
              sessionId: command.sessionId,
              tokenHash: command.tokenHash,
              startedAt: at,
              expiresAt: command.expiresAt.toISOString(),
            },
          },
        ];
      case 'EndSession':
        if (!state.openSessions.has(command.sessionId)) return [];
        return [{ type: 'SessionEnded', data: { userId, sessionId: command.sessionId, endedAt: at } }];
      case 'NoteSignUpAttempt': {
        const last = state.lastSignUpAttemptAt;
        // Whoever keeps trying fills nobody's inbox: within the interval the attempt is not mailed again.
        if (last !== null && command.now.getTime() - Date.parse(last) < signUpAttemptMailIntervalMs)
          return [];
        return [{ type: 'SignUpAttempted', data: { userId, email: state.email, attemptedAt: at } }];
      }
    }
  },
};

/** The events that bring a user into being: self-service sign-up, an operator's user, an invitee. */
function create(command: RegisterUser | CreateVerifiedUser | InviteUser, at: string): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      const { userId, email, passwordHash, confirmation } = command;
      const normalised = normaliseEmail(email);
      return [
        {
          type: 'UserRegistered',
          data: {
            userId,
            email: normalised,
            passwordHash,
            ...profileOf(command),
            emailVerified: false,
            registeredAt: at,
          },
        },
        { type: 'EmailConfirmationRequested', data: requestData(userId, normalised, confirmation, at) },
      ];
    }
    case 'CreateVerifiedUser': {
      const { userId, email, passwordHash } = command;
      return [
        {
          type: 'UserRegistered',
          data: {
            userId,
            email: normaliseEmail(email),
            passwordHash,
            ...profileOf(command),
            emailVerified: true,
            registeredAt: at,
          },
        },
      ];
    }
    case 'InviteUser': {
      const { userId, email, firstName, lastName, locale } = command;
      return [
        {
          type: 'UserInvited',
          data: { userId, email: normaliseEmail(email), firstName, lastName, locale, invitedAt: at },
        },
      ];
    }
  }
}

/** A user comes to exist by signing up (with a password) or by being invited (without one, until they join). */
function created(event: UserRegistered | UserInvited): ExistingUser {
  const d = event.data;
  const registered = event.type === 'UserRegistered';
  return {
    exists: true,
    userId: d.userId,
    email: d.email,
    hasPassword: registered,
    emailVerified: registered && event.data.emailVerified,
    profile: {
      firstName: d.firstName,
      lastName: d.lastName,
      timezone: registered ? event.data.timezone : 'UTC',
      locale: d.locale,
    },
    emailConfirmation: null,
    emailChange: null,
    passwordReset: null,
    openSessions: new Set(),
    lastSignUpAttemptAt: null,
    erased: false,
  };
}

function profileOf(command: Profile): Profile {
  return {
    firstName: command.firstName,
    lastName: command.lastName,
    timezone: command.timezone,
    locale: command.locale,
  };
}

/** The pending request a link stands for, if it is the current one and has not expired: each is usable once. */
function usable<Request extends PendingRequest>(
  pending: Request | null,
  requestId: string,
  now: Date,
): Request {
  if (!pending || !isUsableRequest(pending, requestId, now)) refuse('invalid_token');
  return pending;
}

/** What a link request records: whose, to which address, which request and until when. */
function requestData(userId: string, email: string, request: LinkRequest, at: string) {
  return {
    userId,
    email,
    requestId: request.requestId,
    expiresAt: request.expiresAt.toISOString(),
    requestedAt: at,
  };
}

/** Whether a link request can still be used: the same rule the commands apply, for routes that only look. */
export function isUsableRequest(pending: PendingRequest | null, requestId: string, now: Date): boolean {
  return pending !== null && pending.requestId === requestId && Date.parse(pending.expiresAt) > now.getTime();
}

function endSessions(state: ExistingUser, at: string, keepSessionId?: string): SessionEnded[] {
  return [...state.openSessions]
    .filter((sessionId) => sessionId !== keepSessionId)
    .map((sessionId) => ({ type: 'SessionEnded', data: { userId: state.userId, sessionId, endedAt: at } }));
}

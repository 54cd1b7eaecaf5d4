import { describe, it } from 'vitest';
import { deciderSpec } from '../kit/deciderSpec';
import { userDecider, type UserEvent, type UserRegistered } from './userDecider';

const now = new Date('2026-11-22T10:00:00.000Z');
const at = now.toISOString();
const later = (ms: number) => new Date(now.getTime() + ms);
const spec = deciderSpec(userDecider);

const profile = { firstName: 'Ada', lastName: 'Lovelace', timezone: 'Europe/London', locale: 'en' };
const registered: UserRegistered = {
  type: 'UserRegistered',
  data: {
    userId: 'us_1',
    email: 'ada@example.test',
    passwordHash: '$argon2id$h1',
    ...profile,
    emailVerified: false,
    registeredAt: at,
  },
};
const confirmationRequested: UserEvent = {
  type: 'EmailConfirmationRequested',
  data: {
    userId: 'us_1',
    email: 'ada@example.test',
    requestId: 'rq_1',
    expiresAt: later(3_600_000).toISOString(),
    requestedAt: at,
  },
};
const session = (sessionId: string): UserEvent => ({
  type: 'SessionStarted',
  data: {
    userId: 'us_1',
    accountId: 'ac_1',
    sessionId,
    tokenHash: `h-${sessionId}`,
    startedAt: at,
    expiresAt: later(86_400_000).toISOString(),
  },
});
const ended = (sessionId: string): UserEvent => ({
  type: 'SessionEnded',
  data: { userId: 'us_1', sessionId, endedAt: at },
});
const invited: UserEvent = {
  type: 'UserInvited',
  data: {
    userId: 'us_1',
    email: 'ada@example.test',
    firstName: '',
    lastName: '',
    locale: 'de',
    invitedAt: at,
  },
};

describe('RegisterUser', () => {
  it('registers an unconfirmed user with a normalised email and asks for a confirmation', () => {
    spec
      .given([])
      .when({
        type: 'RegisterUser',
        userId: 'us_1',
        email: ' Ada@Example.TEST ',
        passwordHash: '$argon2id$h1',
        ...profile,
        confirmation: { requestId: 'rq_1', expiresAt: later(3_600_000) },
        now,
      })
      .then([registered, confirmationRequested]);
  });
  it('refuses to register the same user twice', () => {
    spec
      .given([registered])
      .when({
        type: 'CreateVerifiedUser',
        userId: 'us_1',
        email: 'x@example.test',
        passwordHash: 'h',
        ...profile,
        now,
      })
      .thenRefused('user_already_exists');
  });
  it('creates an operator-vouched user as verified', () => {
    spec
      .given([])
      .when({
        type: 'CreateVerifiedUser',
        userId: 'us_1',
        email: 'ada@example.test',
        passwordHash: '$argon2id$h1',
        ...profile,
        now,
      })
      .then([{ ...registered, data: { ...registered.data, emailVerified: true } }]);
  });
});

describe('email confirmation', () => {
  it('verifies the address with the current request', () => {
    spec
      .given([registered, confirmationRequested])
      .when({ type: 'ConfirmEmail', requestId: 'rq_1', now })
      .then([
        {
          type: 'EmailVerified',
          data: { userId: 'us_1', email: 'ada@example.test', requestId: 'rq_1', verifiedAt: at },
        },
      ]);
  });
  it('accepts each link once', () => {
    const verified: UserEvent = {
      type: 'EmailVerified',
      data: { userId: 'us_1', email: 'ada@example.test', requestId: 'rq_1', verifiedAt: at },
    };
    spec
      .given([registered, confirmationRequested, verified])
      .when({ type: 'ConfirmEmail', requestId: 'rq_1', now })
      .thenRefused('invalid_token');
  });
  it('refuses an expired link', () => {
    spec
      .given([registered, confirmationRequested])
      .when({ type: 'ConfirmEmail', requestId: 'rq_1', now: later(3_600_000) })
      .thenRefused('invalid_token');
  });
  it('refuses a link replaced by a newer request', () => {
    const newer: UserEvent = {
      type: 'EmailConfirmationRequested',
      data: {
        userId: 'us_1',
        email: 'ada@example.test',
        requestId: 'rq_2',
        expiresAt: later(3_600_000).toISOString(),
        requestedAt: at,
      },
    };
    spec
      .given([registered, confirmationRequested, newer])
      .when({ type: 'ConfirmEmail', requestId: 'rq_1', now })
      .thenRefused('invalid_token');
  });
  it('sends no confirmation for an address already confirmed', () => {
    spec
      .given([{ ...registered, data: { ...registered.data, emailVerified: true } }])
      .when({ type: 'RequestEmailConfirmation', request: { requestId: 'rq_9', expiresAt: later(1000) }, now })
      .thenRefused('email_already_verified');
  });
  it('refuses anything for a user that does not exist', () => {
    spec.given([]).when({ type: 'ConfirmEmail', requestId: 'rq_1', now }).thenRefused('user_not_found');
  });
});

describe('CorrectName (an admin corrects a member)', () => {
  it('records the first and last name that change, nothing else', () => {
    spec
      .given([registered])
      .when({ type: 'CorrectName', firstName: 'Ada', lastName: 'King', joined: true, now })
      .then([
        { type: 'ProfileUpdated', data: { userId: 'us_1', changes: { lastName: 'King' }, updatedAt: at } },
      ]);
    spec
      .given([registered])
      .when({ type: 'CorrectName', firstName: 'Ada', joined: true, now })
      .thenNothingHappened();
  });
  it('names an invited user who has no login yet', () => {
    spec
      .given([invited])
      .when({ type: 'CorrectName', firstName: 'Ada', lastName: 'Byron', joined: false, now })
      .then([
        {
          type: 'ProfileUpdated',
          data: { userId: 'us_1', changes: { firstName: 'Ada', lastName: 'Byron' }, updatedAt: at },
        },
      ]);
  });
  it('leaves the name of a person with their own login who has not joined the account', () => {
    spec
      .given([registered])
      .when({ type: 'CorrectName', firstName: 'Someone', joined: false, now })
      .thenRefused('invitation_not_accepted');
  });
  it('refuses a user that does not exist', () => {
    spec
      .given([])
      .when({ type: 'CorrectName', firstName: 'A', joined: true, now })
      .thenRefused('user_not_found');
  });
});

describe('profile and password', () => {
  it('records only the fields that change', () => {
    spec
      .given([registered])
      .when({ type: 'UpdateProfile', changes: { firstName: 'Ada', lastName: 'King', locale: 'fr' }, now })
      .then([
        {
          type: 'ProfileUpdated',
          data: { userId: 'us_1', changes: { lastName: 'King', locale: 'fr' }, updatedAt: at },
        },
      ]);
    spec
      .given([registered])
      .when({ type: 'UpdateProfile', changes: { firstName: 'Ada' }, now })
      .thenNothingHappened();
  });
  it('changes the password and ends every other session', () => {
    spec
      .given([registered, session('se_1'), session('se_2'), session('se_3'), ended('se_3')])
      .when({ type: 'ChangePassword', passwordHash: 'h2', keepSessionId: 'se_1', now })
      .then([
        { type: 'PasswordChanged', data: { userId: 'us_1', passwordHash: 'h2', changedAt: at } },
        ended('se_2'),
      ]);
  });
});

describe('email change', () => {
  const requested: UserEvent = {
    type: 'EmailChangeRequested',
    data: {
      userId: 'us_1',
      newEmail: 'ada@new.test',
      requestId: 'rq_5',
      expiresAt: later(60_000).toISOString(),
      requestedAt: at,
    },
  };
  it('asks to confirm the new address', () => {
    spec
      .given([registered])
      .when({
        type: 'RequestEmailChange',
        newEmail: 'ADA@new.test',
        request: { requestId: 'rq_5', expiresAt: later(60_000) },
        now,
      })
      .then([requested]);
  });
  it('refuses the current address', () => {
    spec
      .given([registered])
      .when({
        type: 'RequestEmailChange',
        newEmail: 'Ada@Example.test',
        request: { requestId: 'rq_5', expiresAt: later(60_000) },
        now,
      })
      .thenRefused('email_unchanged', ['email']);
  });
  it('changes the address, confirmed, with the link of the pending request', () => {
    spec
      .given([registered, requested])
      .when({ type: 'ConfirmEmailChange', requestId: 'rq_5', now })
      .then([
        {
          type: 'EmailChanged',
          data: {
            userId: 'us_1',
            previousEmail: 'ada@example.test',
            email: 'ada@new.test',
            requestId: 'rq_5',
            changedAt: at,
          },
        },
      ]);
  });
  it('refuses the link after a cancellation; cancelling twice changes nothing', () => {
    const cancelled: UserEvent = {
      type: 'EmailChangeCancelled',
      data: { userId: 'us_1', requestId: 'rq_5', cancelledAt: at },
    };
    spec.given([registered, requested]).when({ type: 'CancelEmailChange', now }).then([cancelled]);
    spec
      .given([registered, requested, cancelled])
      .when({ type: 'ConfirmEmailChange', requestId: 'rq_5', now })
      .thenRefused('invalid_token');
    spec
      .given([registered, requested, cancelled])
      .when({ type: 'CancelEmailChange', now })
      .thenNothingHappened();
  });
  it('refuses an expired link', () => {
    spec
      .given([registered, requested])
      .when({ type: 'ConfirmEmailChange', requestId: 'rq_5', now: later(60_000) })
      .thenRefused('invalid_token');
  });
});

describe('password reset', () => {
  const requested: UserEvent = {
    type: 'PasswordResetRequested',
    data: {
      userId: 'us_1',
      email: 'ada@example.test',
      requestId: 'rq_7',
      expiresAt: later(3_600_000).toISOString(),
      requestedAt: at,
    },
  };
  it('asks for a reset', () => {
    spec
      .given([registered])
      .when({
        type: 'RequestPasswordReset',
        request: { requestId: 'rq_7', expiresAt: later(3_600_000) },
        now,
      })
      .then([requested]);
  });
  it('does nothing for an invited user without a password', () => {
    spec
      .given([invited])
      .when({ type: 'RequestPasswordReset', request: { requestId: 'rq_7', expiresAt: later(1) }, now })
      .thenNothingHappened();
  });
  it('resets once and ends every session', () => {
    const reset: UserEvent = {
      type: 'PasswordReset',
      data: { userId: 'us_1', requestId: 'rq_7', passwordHash: 'h3', resetAt: at },
    };
    spec
      .given([registered, session('se_1'), requested])
      .when({ type: 'ResetPassword', requestId: 'rq_7', passwordHash: 'h3', now })
      .then([reset, ended('se_1')]);
    spec
      .given([registered, requested, reset])
      .when({ type: 'ResetPassword', requestId: 'rq_7', passwordHash: 'h4', now })
      .thenRefused('invalid_token');
  });
  it('refuses an expired link', () => {
    spec
      .given([registered, requested])
      .when({ type: 'ResetPassword', requestId: 'rq_7', passwordHash: 'h3', now: later(3_600_001) })
      .thenRefused('invalid_token');
  });
});

describe('invited users', () => {
  it('joins with a name and password, verified by the link', () => {
    spec
      .given([invited])
      .when({ type: 'JoinAsInvitedUser', ...profile, passwordHash: 'h5', now })
      .then([
        { type: 'InvitedUserJoined', data: { userId: 'us_1', ...profile, passwordHash: 'h5', joinedAt: at } },
      ]);
  });
  it('keeps the password of someone who already has one', () => {
    spec
      .given([registered])
      .when({ type: 'JoinAsInvitedUser', ...profile, passwordHash: 'h5', now })
      .thenNothingHappened();
  });
  it('cannot start a session before joining', () => {
    spec
      .given([invited])
      .when({
        type: 'StartSession',
        accountId: 'ac_1',
        sessionId: 'se_1',
        tokenHash: 'h',
        expiresAt: later(1000),
        now,
      })
      .thenRefused('invalid_credentials');
  });
});

describe('sessions', () => {
  it('starts a session bound to the chosen account', () => {
    spec
      .given([registered])
      .when({
        type: 'StartSession',
        accountId: 'ac_1',
        sessionId: 'se_1',
        tokenHash: 'h-se_1',
        expiresAt: later(86_400_000),
        now,
      })
      .then([session('se_1')]);
  });
  it('ends an open session once; ending it again changes nothing', () => {
    spec
      .given([registered, session('se_1')])
      .when({ type: 'EndSession', sessionId: 'se_1', now })
      .then([ended('se_1')]);
    spec
      .given([registered, session('se_1'), ended('se_1')])
      .when({ type: 'EndSession', sessionId: 'se_1', now })
      .thenNothingHappened();
  });
});

describe('NoteSignUpAttempt', () => {
  const attempted = (when: Date): UserEvent => ({
    type: 'SignUpAttempted',
    data: { userId: 'us_1', email: 'ada@example.test', attemptedAt: when.toISOString() },
  });

  it('tells the owner of the address that someone tried to sign up with it', () => {
    spec
      .given([registered])
      .when({ type: 'NoteSignUpAttempt', now })
      .then([attempted(now)]);
  });

  it('tells them at most once an hour, however often someone tries', () => {
    spec
      .given([registered, attempted(now)])
      .when({ type: 'NoteSignUpAttempt', now: later(3_599_999) })
      .thenNothingHappened();
    spec
      .given([registered, attempted(now)])
      .when({ type: 'NoteSignUpAttempt', now: later(3_600_000) })
      .then([attempted(later(3_600_000))]);
  });

  it('tells an invited person who has not joined yet too, at the address they were invited with', () => {
    spec
      .given([invited])
      .when({ type: 'NoteSignUpAttempt', now })
      .then([attempted(now)]);
  });

  it('refuses a user that does not exist (a claim whose sign-up was cut short)', () => {
    spec.given([]).when({ type: 'NoteSignUpAttempt', now }).thenRefused('user_not_found');
  });
  it('erases a user once, ending their sessions; an erased user is unknown to everything else', () => {
    const erased: UserEvent = {
      type: 'UserErased',
      data: { userId: 'us_1', erasedBy: 'us_9', erasedAt: at },
    };
    const erase = { type: 'EraseUser' as const, erasedBy: 'us_9', now };
    spec
      .given([registered, session('se_1'), session('se_2'), ended('se_1')])
      .when(erase)
      .then([ended('se_2'), erased]);
    spec.given([registered, erased]).when(erase).thenNothingHappened();
    spec
      .given([registered, erased])
      .when({
        type: 'StartSession',
        accountId: 'ac_1',
        sessionId: 'se_3',
        tokenHash: 'h',
        expiresAt: later(1),
        now,
      })
      .thenRefused('user_not_found');
    spec.given([]).when(erase).thenRefused('user_not_found');
  });
});

import { describe, it } from 'vitest';
import { deciderSpec } from '../kit/deciderSpec';
import { accountDecider, emailClaimDecider, userDecider, type UserRegistered } from './identityDeciders';

const now = new Date('2026-11-22T10:00:00.000Z');

const registered: UserRegistered = {
  type: 'UserRegistered',
  data: {
    userId: 'us_1',
    accountId: 'ac_1',
    email: 'ada@example.test',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'ADMIN',
    passwordHash: '$argon2id$stub-for-rule-tests',
    timezone: 'Europe/London',
    locale: 'en',
    emailVerified: true,
    registeredAt: now.toISOString(),
  },
};

describe('RegisterUser', () => {
  const { type: _type, registeredAt: _at, ...data } = { type: 'x', ...registered.data };
  it('registers a user with a normalised email', () => {
    deciderSpec(userDecider)
      .given([])
      .when({ type: 'RegisterUser', ...data, email: ' Ada@Example.TEST ', now })
      .then([registered]);
  });
  it('refuses to register the same user twice', () => {
    deciderSpec(userDecider).given([registered]).when({ type: 'RegisterUser', ...data, now }).thenRefused('user_already_exists');
  });
});

describe('sessions', () => {
  const start = {
    type: 'StartSession' as const,
    userId: 'us_1',
    sessionId: 'se_1',
    tokenHash: 'h',
    expiresAt: new Date('2026-11-29T10:00:00.000Z'),
    now,
  };
  const started = {
    type: 'SessionStarted' as const,
    data: {
      userId: 'us_1',
      accountId: 'ac_1',
      sessionId: 'se_1',
      tokenHash: 'h',
      startedAt: now.toISOString(),
      expiresAt: '2026-11-29T10:00:00.000Z',
    },
  };
  it('starts a session bound to the user account', () => {
    deciderSpec(userDecider).given([registered]).when(start).then([started]);
  });
  it('refuses a session for an unknown user', () => {
    deciderSpec(userDecider).given([]).when(start).thenRefused('invalid_credentials');
  });
  it('ends an open session once; ending it again changes nothing', () => {
    const end = { type: 'EndSession' as const, userId: 'us_1', sessionId: 'se_1', now };
    const ended = { type: 'SessionEnded' as const, data: { userId: 'us_1', sessionId: 'se_1', endedAt: now.toISOString() } };
    deciderSpec(userDecider).given([registered, started]).when(end).then([ended]);
    deciderSpec(userDecider).given([registered, started, ended]).when(end).thenNothingHappened();
  });
});

describe('ClaimEmail', () => {
  const claim = { type: 'ClaimEmail' as const, email: 'Ada@example.test', userId: 'us_1', now };
  const claimed = { type: 'EmailClaimed' as const, data: { email: 'ada@example.test', userId: 'us_1', claimedAt: now.toISOString() } };
  it('claims a free address', () => {
    deciderSpec(emailClaimDecider).given([]).when(claim).then([claimed]);
  });
  it('refuses an address claimed by another user', () => {
    deciderSpec(emailClaimDecider)
      .given([claimed])
      .when({ ...claim, userId: 'us_2' })
      .thenRefused('email_taken', ['email']);
  });
  it('a repeated claim by the same user changes nothing', () => {
    deciderSpec(emailClaimDecider).given([claimed]).when(claim).thenNothingHappened();
  });
});

describe('CreateAccount', () => {
  const create = { type: 'CreateAccount' as const, accountId: 'ac_1', name: 'Acme', ownerUserId: 'us_1', currency: 'EUR', timezone: 'UTC', now };
  const created = {
    type: 'AccountCreated' as const,
    data: { accountId: 'ac_1', name: 'Acme', ownerUserId: 'us_1', currency: 'EUR', timezone: 'UTC', createdAt: now.toISOString() },
  };
  it('creates an account', () => deciderSpec(accountDecider).given([]).when(create).then([created]));
  it('refuses to create it twice', () =>
    deciderSpec(accountDecider).given([created]).when(create).thenRefused('account_already_exists'));
});

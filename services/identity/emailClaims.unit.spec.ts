import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../kit/deciderSpec';
import { claimBacking, emailClaimDecider, emailClaimStream } from './emailClaims';

const now = new Date('2026-11-22T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(emailClaimDecider);
const claimed = {
  type: 'EmailClaimed' as const,
  data: { email: 'ada@example.test', userId: 'us_1', claimedAt: at },
};
const released = {
  type: 'EmailReleased' as const,
  data: { email: 'ada@example.test', userId: 'us_1', releasedAt: at },
};

describe('email claims', () => {
  it('are one stream per address, whatever its case and spaces', () => {
    expect(emailClaimStream(' Ada@Example.TEST ')).toBe(emailClaimStream('ada@example.test'));
    expect(emailClaimStream('ada@example.test')).not.toBe(emailClaimStream('bob@example.test'));
  });
  it('claim a free address', () => {
    spec
      .given([])
      .when({ type: 'ClaimEmail', email: 'Ada@example.test', userId: 'us_1', now })
      .then([claimed]);
  });
  it('refuse an address claimed by another user', () => {
    spec
      .given([claimed])
      .when({ type: 'ClaimEmail', email: 'ada@example.test', userId: 'us_2', now })
      .thenRefused('email_taken', ['email']);
  });
  it('change nothing when the same user claims again', () => {
    spec
      .given([claimed])
      .when({ type: 'ClaimEmail', email: 'ada@example.test', userId: 'us_1', now })
      .thenNothingHappened();
  });
  it('free the address when its owner releases it, so another user may claim it', () => {
    spec
      .given([claimed])
      .when({ type: 'ReleaseEmail', email: 'ada@example.test', userId: 'us_1', now })
      .then([released]);
    spec
      .given([claimed, released])
      .when({ type: 'ClaimEmail', email: 'ada@example.test', userId: 'us_2', now })
      .then([{ type: 'EmailClaimed', data: { email: 'ada@example.test', userId: 'us_2', claimedAt: at } }]);
  });
  it('ignore a release by anyone but the owner', () => {
    spec
      .given([claimed])
      .when({ type: 'ReleaseEmail', email: 'ada@example.test', userId: 'us_2', now })
      .thenNothingHappened();
  });
});

describe('what backs a claim', () => {
  const user = { exists: true as const, email: 'ada@example.test', emailChange: null };
  it('is the claimant using the address', () => {
    expect(claimBacking('Ada@Example.test', user)).toBe('in_use');
  });
  it('is the claimant switching to the address', () => {
    const switching = { ...user, emailChange: { newEmail: 'new@example.test' } };
    expect(claimBacking('new@example.test', switching)).toBe('pending_change');
  });
  it('is nothing when the claimant was never created or moved away', () => {
    expect(claimBacking('ada@example.test', { exists: false })).toBe('none');
    expect(claimBacking('old@example.test', user)).toBe('none');
  });
});

import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../kit/deciderSpec';
import { emailClaimDecider, emailClaimStream } from './emailClaims';

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

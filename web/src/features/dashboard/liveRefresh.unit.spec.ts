import { describe, expect, it } from 'vitest';
import { isNewer, refreshPlan } from './liveRefresh';

describe('live stats refresh', () => {
  it('applies only notices newer than the snapshot, comparing big positions exactly', () => {
    expect(isNewer('11', '10')).toBe(true);
    expect(isNewer('10', '10')).toBe(false);
    expect(isNewer('9', '10')).toBe(false);
    expect(isNewer('18446744073709551617', '18446744073709551616')).toBe(true);
    expect(isNewer('5', null)).toBe(true);
    expect(isNewer('nonsense', '1')).toBe(false);
  });

  it('refetches at once after a quiet spell and at most every 250 ms in a burst', () => {
    expect(refreshPlan(10_000, 0, 250)).toBe(0);
    expect(refreshPlan(10_000, 9_900, 250)).toBe(150);
    expect(refreshPlan(10_000, 10_000, 250)).toBe(250);
  });
});

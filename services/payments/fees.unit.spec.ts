import { describe, expect, it } from 'vitest';
import { applicationFeeFor } from './fees';

describe('application fee', () => {
  it('is the fixed part plus the percentage of the total, rounded to a minor unit', () => {
    expect(applicationFeeFor(10_000, { fixedMinor: 30, percent: 1.5 })).toBe(180);
    expect(applicationFeeFor(999, { fixedMinor: 0, percent: 2.5 })).toBe(25);
  });

  it('is nothing without a configured fee or for a free order, and never more than the total', () => {
    expect(applicationFeeFor(10_000, null)).toBe(0);
    expect(applicationFeeFor(0, { fixedMinor: 30, percent: 1 })).toBe(0);
    expect(applicationFeeFor(20, { fixedMinor: 50, percent: 0 })).toBe(20);
  });
});

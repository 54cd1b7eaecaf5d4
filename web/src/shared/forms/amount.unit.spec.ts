import { describe, expect, it } from 'vitest';
import { amountText, parseAmount } from './amount';

describe('fee amounts', () => {
  it('turns what is typed into minor units of the currency', () => {
    expect(parseAmount('1.50', 2)).toBe(150);
    expect(parseAmount('1,5', 2)).toBe(150);
    expect(parseAmount(' 2 ', 2)).toBe(200);
    expect(parseAmount('0.07', 2)).toBe(7);
    expect(parseAmount('500', 0)).toBe(500);
    expect(parseAmount('1.234', 3)).toBe(1234);
  });

  it('refuses negatives, too many decimals and text', () => {
    expect(parseAmount('-1', 2)).toBeNull();
    expect(parseAmount('1.505', 2)).toBeNull();
    expect(parseAmount('5.5', 0)).toBeNull();
    expect(parseAmount('', 2)).toBeNull();
    expect(parseAmount('abc', 2)).toBeNull();
  });

  it('shows minor units as the form text', () => {
    expect(amountText(150, 2)).toBe('1.50');
    expect(amountText(500, 0)).toBe('500');
    expect(amountText(parseAmount('12.34', 2) ?? 0, 2)).toBe('12.34');
  });
});

import { describe, expect, it } from 'vitest';
import { Refusal } from '../kit/refusal';
import {
  allocate,
  exact,
  isValidPercent,
  minorUnitDigits,
  percentOf,
  roundHalfUp,
  toDecimalString,
  toMinorUnits,
} from './money';

const ratio = (n: bigint, d: bigint) => ({ n, d });

function reasonOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof Refusal) return error.reason;
    throw error;
  }
  return undefined;
}

describe('money is whole minor units of the currency', () => {
  it('knows each currency’s minor unit', () => {
    expect(minorUnitDigits('EUR')).toBe(2);
    expect(minorUnitDigits('USD')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(minorUnitDigits('KRW')).toBe(0);
    expect(minorUnitDigits('BHD')).toBe(3);
    expect(minorUnitDigits('KWD')).toBe(3);
    expect(reasonOf(() => minorUnitDigits('XYZ'))).toBe('invalid_currency');
  });

  it('turns a decimal amount into minor units, refusing digits the currency does not have', () => {
    expect(toMinorUnits('12.5', 'EUR')).toBe(1250);
    expect(toMinorUnits('12.50', 'EUR')).toBe(1250);
    expect(toMinorUnits('0.01', 'EUR')).toBe(1);
    expect(toMinorUnits('12', 'EUR')).toBe(1200);
    expect(toMinorUnits('1500', 'JPY')).toBe(1500);
    expect(toMinorUnits('1.234', 'BHD')).toBe(1234);
    expect(reasonOf(() => toMinorUnits('12.345', 'EUR'))).toBe('invalid_price');
    expect(reasonOf(() => toMinorUnits('1500.5', 'JPY'))).toBe('invalid_price');
    expect(reasonOf(() => toMinorUnits('-1', 'EUR'))).toBe('invalid_price');
    expect(reasonOf(() => toMinorUnits('1e3', 'EUR'))).toBe('invalid_price');
    expect(reasonOf(() => toMinorUnits('', 'EUR'))).toBe('invalid_price');
  });

  it('writes minor units back with exactly the currency’s decimals', () => {
    expect(toDecimalString(1250, 'EUR')).toBe('12.50');
    expect(toDecimalString(5, 'EUR')).toBe('0.05');
    expect(toDecimalString(0, 'EUR')).toBe('0.00');
    expect(toDecimalString(1500, 'JPY')).toBe('1500');
    expect(toDecimalString(1234, 'KWD')).toBe('1.234');
    expect(reasonOf(() => toDecimalString(1.5, 'EUR'))).toBe('invalid_price');
  });
});

describe('percentages', () => {
  it('take up to four decimals, from 0 to 100', () => {
    expect(isValidPercent(0)).toBe(true);
    expect(isValidPercent(100)).toBe(true);
    expect(isValidPercent(7.6875)).toBe(true);
    expect(isValidPercent(0.1)).toBe(true);
    expect(isValidPercent(7.68751)).toBe(false);
    expect(isValidPercent(100.01)).toBe(false);
    expect(isValidPercent(-1)).toBe(false);
    expect(isValidPercent(Number.NaN)).toBe(false);
    expect(percentOf(21)).toEqual(ratio(21n, 100n));
    expect(percentOf(7.5)).toEqual(ratio(3n, 40n));
    expect(percentOf(0.1)).toEqual(ratio(1n, 1000n));
  });
});

describe('rounding', () => {
  it('rounds half up', () => {
    expect(roundHalfUp(ratio(1n, 2n))).toBe(1n);
    expect(roundHalfUp(ratio(5n, 2n))).toBe(3n);
    expect(roundHalfUp(ratio(49n, 100n))).toBe(0n);
    expect(roundHalfUp(ratio(151n, 100n))).toBe(2n);
    expect(roundHalfUp(exact(7))).toBe(7n);
  });

  it('splits a rounded total into parts by largest remainder, the parts adding up to it', () => {
    // 25.00 incl. 19 %: net 21.008403…, tax 3.991596…
    expect(allocate([ratio(250000n, 119n), ratio(47500n, 119n)], 2500n)).toEqual([2101n, 399n]);
    // three thirds of 1: the first two remainders tie and the earlier part wins
    const third = ratio(1n, 3n);
    expect(allocate([third, third, third], 1n)).toEqual([1n, 0n, 0n]);
    expect(allocate([exact(5), ratio(1n, 2n)], 6n)).toEqual([5n, 1n]);
    expect(() => allocate([exact(5)], 7n)).toThrow(/cannot be split/);
  });
});

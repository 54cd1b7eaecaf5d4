import { Refusal } from '../kit/refusal';

/**
 * Money is a whole number of the currency's minor unit (cents for EUR, yen for JPY, fils for BHD), so no
 * amount is ever a float. Exact fractions (a percentage of a price, a price split back into net and tax) are
 * `Exact` values, BigInt numerator over denominator, and meet the minor unit only through `roundHalfUp` or
 * `allocate` (docs/pricing.md, "Rounding").
 */
export type MinorUnits = number;

const currencies = new Set(Intl.supportedValuesOf('currency'));

// Building an Intl.NumberFormat costs far more than pricing a line; every order prices several.
const digitsByCurrency = new Map<string, number>();

/** How many decimal places the currency's minor unit has: EUR 2, JPY 0, BHD 3. */
export function minorUnitDigits(currency: string): number {
  const known = digitsByCurrency.get(currency);
  if (known !== undefined) return known;
  if (!currencies.has(currency)) throw new Refusal('invalid_currency', `Unknown currency ${currency}`);
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits as number;
  digitsByCurrency.set(currency, digits);
  return digits;
}

/** "12.5" EUR → 1250; refuses more decimals than the currency has, signs and anything but digits. */
export function toMinorUnits(decimal: string, currency: string): MinorUnits {
  const digits = minorUnitDigits(currency);
  const match = /^(\d{1,15})(?:\.(\d*))?$/.exec(decimal.trim());
  const fraction = match?.[2] ?? '';
  if (!match || fraction.length > digits)
    throw new Refusal('invalid_price', `Not an amount in ${currency} (at most ${digits} decimals)`);
  const minor = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return checkedAmount(minor, 'amount');
}

/** 1250 EUR → "12.50", 1500 JPY → "1500": the amount with exactly the currency's decimals. */
export function toDecimalString(minor: MinorUnits, currency: string): string {
  const digits = minorUnitDigits(currency);
  checkedAmount(minor, 'amount');
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A non-negative whole number of minor units, or the refusal naming the field that is not one. */
export function checkedAmount(value: number, field: string): MinorUnits {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Refusal('invalid_price', `${field} must be a whole, non-negative number of minor units`, {
      [field]: ['Must be a whole, non-negative number of minor units'],
    });
  return value;
}

/** An exact non-negative rational: numerator / denominator, denominator > 0. */
export interface Exact {
  readonly n: bigint;
  readonly d: bigint;
}

export const zero: Exact = { n: 0n, d: 1n };

export function exact(value: number | bigint): Exact {
  return { n: BigInt(value), d: 1n };
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? 1n : x;
}

function normal(n: bigint, d: bigint): Exact {
  const divisor = gcd(n, d);
  return { n: n / divisor, d: d / divisor };
}

export function add(a: Exact, b: Exact): Exact {
  return normal(a.n * b.d + b.n * a.d, a.d * b.d);
}

export function sub(a: Exact, b: Exact): Exact {
  return normal(a.n * b.d - b.n * a.d, a.d * b.d);
}

export function mul(a: Exact, b: Exact): Exact {
  return normal(a.n * b.n, a.d * b.d);
}

export function div(a: Exact, b: Exact): Exact {
  return normal(a.n * b.d, a.d * b.n);
}

export function sum(values: readonly Exact[]): Exact {
  return values.reduce(add, zero);
}

export function min(a: Exact, b: Exact): Exact {
  return compare(a, b) <= 0 ? a : b;
}

export function max(a: Exact, b: Exact): Exact {
  return compare(a, b) >= 0 ? a : b;
}

export function compare(a: Exact, b: Exact): number {
  const left = a.n * b.d;
  const right = b.n * a.d;
  return left < right ? -1 : left > right ? 1 : 0;
}

export function isZero(a: Exact): boolean {
  return a.n === 0n;
}

/** Percentages carry at most four decimals (7.6875 %), so they are whole millionths of one. */
const percentScale = 10_000;

export function percentOf(percent: number): Exact {
  return normal(BigInt(Math.round(percent * percentScale)), BigInt(100 * percentScale));
}

export function isValidPercent(percent: number): boolean {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) return false;
  const scaled = percent * percentScale;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** Half up (amounts here are never negative, so this is also half away from zero): 0.5 → 1, 0.49 → 0. */
export function roundHalfUp(value: Exact): bigint {
  return (2n * value.n + value.d) / (2n * value.d);
}

/**
 * Splits `total` minor units into parts as close as possible to the exact `parts` (largest remainder):
 * each part is rounded down, then the units still missing go one each to the parts with the largest
 * fractional remainders, earlier parts first on a tie. When `total` is the exact sum rounded, every part ends
 * within one minor unit of its exact value and the parts always add up to `total`.
 */
export function allocate(parts: readonly Exact[], total: bigint): bigint[] {
  const floors = parts.map((part) => part.n / part.d);
  let missing = total - floors.reduce((a, b) => a + b, 0n);
  const byRemainder = parts
    .map((part, index) => ({ index, remainder: normal(part.n % part.d, part.d) }))
    .sort((a, b) => compare(b.remainder, a.remainder) || a.index - b.index);
  for (const { index } of byRemainder) {
    if (missing <= 0n) break;
    floors[index] = (floors[index] ?? 0n) + 1n;
    missing -= 1n;
  }
  if (missing !== 0n) throw new Error(`allocate: ${String(total)} cannot be split into these parts`);
  return floors;
}

export function toMinor(value: bigint, field: string): MinorUnits {
  return checkedAmount(Number(value), field);
}

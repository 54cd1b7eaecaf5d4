/**
 * A fee's amount as typed in the account's currency ("1.50", "1,5", "2") and the integer minor units the API
 * takes (150), for a currency with `exponent` minor digits (2 for EUR, 0 for JPY). Null when it is not an
 * amount of 0 or more with at most `exponent` decimals.
 */
export function parseAmount(text: string, exponent: number): number | null {
  const trimmed = text.trim();
  const match = /^(\d{1,12})(?:[.,](\d*))?$/.exec(trimmed);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > exponent) return null;
  return Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
}

/** Minor units back to the text a form shows: 150 → "1.50" (exponent 2). */
export function amountText(minorUnits: number, exponent: number): string {
  return (minorUnits / 10 ** exponent).toFixed(exponent);
}

/** A whole number of 0 or more as typed: null for empty text (unlimited, unset), undefined when it is not one. */
export function parseCount(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : undefined;
}

import { pooledRandomBytes } from './random';

/**
 * Short ids in public URLs (order, attendee, check-in list link): anyone holding one may open what it names,
 * so it must be unguessable, not merely unique.
 *
 * Shape: 20 characters of Crockford's lowercase base32 (`0-9a-z` without `i`, `l`, `o`, `u`, so none can be
 * misread for another), 5 random bits each: 100 bits from the operating system's CSPRNG, drawn bit by bit
 * (no modulo bias).
 *
 * Guessing: with 10^9 live ids, an attacker trying 10^6 ids a second for a year (3.2 * 10^13 tries) finds
 * any live one with probability 10^9 * 3.2 * 10^13 / 2^100 = 2.5 * 10^-8. Collisions: by the birthday
 * bound, 10^9 ids collide with probability (10^9)^2 / 2^101 = 4 * 10^-13; the command that creates the
 * entity still refuses a taken id, so a collision costs a retry, never a shared URL.
 */
export const shortIdAlphabet = '0123456789abcdefghjkmnpqrstvwxyz';
export const shortIdLength = 20;
export const shortIdPattern = /^[0-9a-hjkmnp-tv-z]{20}$/;

export function isShortId(value: string): boolean {
  return shortIdPattern.test(value);
}

/** A fresh random short id (100 bits). */
export function randomShortId(): string {
  return base32Bits(pooledRandomBytes(13), shortIdLength);
}

/** The deterministic short id number `n` for tests: `00000000000000000001`, … (same shape as random ones). */
export function sequentialShortId(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`A sequential short id needs a whole number, got ${n}`);
  let digits = '';
  for (let rest = n; rest > 0; rest = Math.floor(rest / 32)) digits = shortIdAlphabet[rest % 32] + digits;
  return digits.padStart(shortIdLength, '0');
}

/** The first `length` 5-bit groups of `bytes` in the short-id alphabet. */
function base32Bits(bytes: Uint8Array, length: number): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += shortIdAlphabet[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (out.length < length) throw new Error('Not enough random bytes for a short id');
  return out;
}

import { describe, expect, it } from 'vitest';
import { pooledRandomBytes } from './random';

describe('pooledRandomBytes', () => {
  it('hands out fresh bytes across refills, each draw its own copy', () => {
    const first = pooledRandomBytes(16);
    const kept = Buffer.from(first);
    // Several refills of the 4 KB pool.
    const draws = Array.from({ length: 2_000 }, () => pooledRandomBytes(16).toString('hex'));
    expect(first).toEqual(kept);
    expect(new Set([kept.toString('hex'), ...draws]).size).toBe(2_001);
    expect(draws.every((hex) => hex.length === 32)).toBe(true);
  });

  it('is spread over all byte values, not a repeated or constant pattern', () => {
    const counts = new Array<number>(256).fill(0);
    for (let n = 0; n < 1_000; n++) for (const byte of pooledRandomBytes(32)) counts[byte]!++;
    // 32,000 bytes: about 125 of each value; a stuck or short pool would leave values out.
    expect(Math.min(...counts)).toBeGreaterThan(60);
    expect(Math.max(...counts)).toBeLessThan(200);
  });

  it('draws large sizes straight from the CSPRNG', () => {
    expect(pooledRandomBytes(4_096)).toHaveLength(4_096);
  });
});

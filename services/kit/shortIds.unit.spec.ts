import { describe, expect, it } from 'vitest';
import { randomIds, SequentialIds } from './clock';
import { isShortId, randomShortId, sequentialShortId, shortIdAlphabet } from './shortIds';

describe('short ids for public URLs', () => {
  it('are 20 characters of the unambiguous alphabet', () => {
    for (let i = 0; i < 200; i++) {
      const id = randomShortId();
      expect(id).toHaveLength(20);
      expect(isShortId(id)).toBe(true);
      expect(id).not.toMatch(/[ilou]/);
    }
  });

  it('use every character of the alphabet evenly (all 5 bits random)', () => {
    const counts = new Map<string, number>();
    const samples = 4000;
    for (let i = 0; i < samples; i++)
      for (const char of randomShortId()) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect([...counts.keys()].sort().join('')).toBe(shortIdAlphabet);
    const expected = (samples * 20) / 32;
    for (const count of counts.values()) expect(Math.abs(count - expected)).toBeLessThan(expected * 0.15);
  });

  it('do not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => randomShortId()));
    expect(ids.size).toBe(10_000);
  });

  it('come from the IdSource: random in production, sequential and of the same shape in tests', () => {
    expect(isShortId(randomIds.shortId())).toBe(true);
    const ids = new SequentialIds();
    expect(ids.shortId()).toBe('00000000000000000001');
    expect(ids.entity('ev')).toBe('ev_0002');
    expect(ids.shortId()).toBe('00000000000000000003');
    expect(isShortId(sequentialShortId(32 ** 5))).toBe(true);
    expect(sequentialShortId(32)).toBe('00000000000000000010');
  });

  it('refuse what is not a short id', () => {
    for (const bad of [
      '',
      '0000000000000000000',
      '000000000000000000000',
      '0000000000000000000i',
      'ABCDEFGHJKMNPQRSTVWX',
    ])
      expect(isShortId(bad)).toBe(false);
  });
});

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isEnvelope, open, seal } from './personalData';

describe('sealed personal fields', () => {
  const key = randomBytes(32);

  it('open what was sealed for the same subject with the same key, whatever its JSON value', () => {
    for (const value of ['Ann', 'ann@example.test', { qu_1: ['a', 'b'] }, 42, null]) {
      const sealed = seal(value, key, 'order:1');
      expect(isEnvelope(sealed)).toBe(true);
      expect(JSON.stringify(sealed)).not.toContain('Ann');
      expect(open(sealed, key, 'order:1')).toEqual(value);
    }
  });

  it('stay closed to another key, another subject, or a changed byte', () => {
    const sealed = seal('Ann', key, 'order:1');
    expect(open(sealed, randomBytes(32), 'order:1')).toBeUndefined();
    expect(open(sealed, key, 'order:2')).toBeUndefined();
    const bytes = Buffer.from(sealed.$pii.slice(3), 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(open({ $pii: `v1:${bytes.toString('base64')}` }, key, 'order:1')).toBeUndefined();
    expect(open({ $pii: 'v9:abc' }, key, 'order:1')).toBeUndefined();
  });

  it('are told apart from the values people enter', () => {
    expect(isEnvelope('v1:abc')).toBe(false);
    expect(isEnvelope({ $pii: 3 })).toBe(false);
    expect(isEnvelope(['$pii'])).toBe(false);
    expect(isEnvelope(null)).toBe(false);
  });
});

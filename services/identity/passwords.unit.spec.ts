import { describe, expect, it } from 'vitest';
import { hashOptions } from './passwords';

describe('the password hash cost', () => {
  it('is the OWASP argon2id baseline unless set', () => {
    expect(hashOptions({})).toMatchObject({ memoryCost: 19_456, timeCost: 2 });
    expect(hashOptions({ PASSWORD_HASH_COST: 'standard', NODE_ENV: 'production' })).toMatchObject({
      memoryCost: 19_456,
    });
  });

  it('may be lowered for a test run, never in production, and refuses a value it does not know', () => {
    expect(hashOptions({ PASSWORD_HASH_COST: 'low', NODE_ENV: 'test' })).toMatchObject({ memoryCost: 1_024 });
    expect(() => hashOptions({ PASSWORD_HASH_COST: 'low', NODE_ENV: 'production' })).toThrow(/production/);
    expect(() => hashOptions({ PASSWORD_HASH_COST: 'cheap' })).toThrow(/not allowed/);
  });
});

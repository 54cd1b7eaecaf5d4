import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Refusal } from '../refusal';
import { forbiddenCharacter } from '../text';
import { parse, singleLineText } from './validate';

function refusalOf(run: () => unknown): Refusal {
  try {
    run();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const schema = z
  .object({
    name: singleLineText().trim().max(50),
    description: z.string().max(500).optional(),
    location: z.object({ city: singleLineText().optional() }).strict().optional(),
    tags: z.array(z.string()).optional(),
  })
  .strict();

describe('text at the edge', () => {
  it('names the first forbidden character, and takes what people write', () => {
    expect(forbiddenCharacter('Ann\u0000')).toBe('U+0000');
    expect(forbiddenCharacter('a\u202Eb')).toBe('U+202E');
    expect(forbiddenCharacter('a\u2069')).toBe('U+2069');
    expect(forbiddenCharacter('\u009b')).toBe('U+009B');
    expect(forbiddenCharacter('\u007f')).toBe('U+007F');
    expect(forbiddenCharacter('x\ud800')).toBe('U+D800');
    expect(forbiddenCharacter('\udc00x')).toBe('U+DC00');
    expect(forbiddenCharacter('line\nline\ttab\r\n')).toBeNull();
    expect(forbiddenCharacter('line\nline', 'single')).toBe('U+000A');
    for (const text of ['Zoë 😀 👩‍👩‍👧', 'מזל טוב', 'مرحبا', '東京', 'a\u200db', 'e\u0301', '\u00a0'])
      expect(forbiddenCharacter(text, 'single'), text).toBeNull();
  });

  it('refuses forbidden characters anywhere in a body, under the field path, before the schema', () => {
    const cases: [unknown, string][] = [
      [{ name: 'Ann\u0000' }, 'name'],
      [{ name: 'Ann', description: 'x\u0007' }, 'description'],
      [{ name: 'Ann', location: { city: '\u202eBerlin' } }, 'location.city'],
      [{ name: 'Ann', tags: ['ok', 'b\ud800'] }, 'tags.1'],
      [{ name: 'Ann', ['k\u0000']: 1 }, '_'],
      [{ name: 'Ann', location: { ['k\u0000']: 1 } }, 'location'],
      ['\u0000', '_'],
    ];
    for (const [value, field] of cases) {
      const refusal = refusalOf(() => parse(schema, value));
      expect(refusal.reason, field).toBe('invalid_characters');
      expect(Object.keys(refusal.fieldErrors ?? {})).toEqual([field]);
      expect(refusal.fieldErrors?.[field]?.[0]).toMatch(/not allowed \(U\+[0-9A-F]{4}\)/);
    }
  });

  it('takes tabs and line breaks only where the schema allows several lines', () => {
    expect(parse(schema, { name: 'Ann', description: 'one\n\ttwo\r\n' })).toMatchObject({
      description: 'one\n\ttwo\r\n',
    });
    const refusal = refusalOf(() => parse(schema, { name: 'Ann\nLee' }));
    expect(refusal.reason).toBe('validation_failed');
    expect(refusal.fieldErrors).toHaveProperty('name');
  });

  it('answers any JSON, however deep, with data or a refusal', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`) as unknown;
    expect(refusalOf(() => parse(schema, deep)).reason).toBe('invalid_characters');
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        try {
          parse(schema, value);
        } catch (error) {
          expect(error).toBeInstanceOf(Refusal);
        }
      }),
      { numRuns: 500 },
    );
  });
});

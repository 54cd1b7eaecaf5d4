import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Refusal } from '../refusal';
import { forbiddenCharacter } from '../text';
import { parse, query, queryText, singleLineText } from './validate';

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

describe('query parameters', () => {
  const searchSchema = z
    .object({ query: queryText().max(20).optional(), page: queryText().optional() })
    .strict();
  /** What Koa hands a route: `querystring.parse`, an object without a prototype. */
  const koaQuery = (entries: Record<string, string | string[]>) =>
    Object.assign(Object.create(null) as Record<string, string | string[]>, entries);
  const contextWith = (entries: Record<string, string | string[]>) =>
    ({ query: koaQuery(entries) }) as unknown as Parameters<typeof query>[0];

  it('takes declared parameters as text', () => {
    expect(query(contextWith({ query: 'Ann Lee', page: '2' }), searchSchema)).toEqual({
      query: 'Ann Lee',
      page: '2',
    });
  });

  it('refuses control, bidi and lone surrogate characters, tabs and line breaks under the parameter', () => {
    for (const character of ['\u0000', '\u0007', '\u001b', '\u007f', '\u202e', '\ud800', '\t', '\n', '\r']) {
      const refusal = refusalOf(() => query(contextWith({ query: `a${character}b` }), searchSchema));
      expect(refusal.reason, JSON.stringify(character)).toBe('invalid_characters');
      expect(Object.keys(refusal.fieldErrors ?? {})).toEqual(['query']);
    }
    const inList = refusalOf(() => query(contextWith({ page: ['1', '2\u0000'] }), searchSchema));
    expect(Object.keys(inList.fieldErrors ?? {})).toEqual(['page.1']);
    const inName = refusalOf(() => query(contextWith({ 'pa\u0000ge': '1' }), searchSchema));
    expect(inName.reason).toBe('invalid_characters');
    expect(Object.keys(inName.fieldErrors ?? {})).toEqual(['_']);
  });

  it('refuses an undeclared parameter and a repeated one by name', () => {
    const unknown = refusalOf(() => query(contextWith({ device: 'x' }), searchSchema));
    expect(unknown.reason).toBe('validation_failed');
    expect(unknown.fieldErrors).toEqual({ device: ['Unknown field'] });
    const repeated = refusalOf(() => query(contextWith({ page: ['1', '2'] }), searchSchema));
    expect(repeated.fieldErrors).toEqual({ page: ['Give this parameter once, as text'] });
  });
});

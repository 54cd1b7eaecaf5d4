import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseListQuery, type ListSpec, type RawQuery } from './listQuery';
import { Refusal } from './refusal';

const spec: ListSpec = {
  sorts: { name: 'name', created_at: 'created_at' },
  defaultSort: 'created_at',
  defaultDirection: 'desc',
  filters: {
    status: { operators: ['eq', 'in'], values: ['DRAFT', 'LIVE'] },
    name: { operators: ['eq', 'like'] },
  },
  searchColumns: ['name'],
  tieBreaker: 'id',
};

/** What Koa hands over: `querystring.parse`, an object without a prototype. */
function rawQuery(entries: [string, string | string[]][]): RawQuery {
  const raw = Object.create(null) as RawQuery;
  for (const [key, value] of entries) raw[key] = value;
  return raw;
}

function refusalOf(run: () => unknown): Refusal {
  try {
    run();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const prototypeKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

describe('parseListQuery', () => {
  it('parses page, sort, search and filters', () => {
    const list = parseListQuery(
      rawQuery([
        ['page', '2'],
        ['per_page', '500'],
        ['sort_by', 'name'],
        ['sort_direction', 'asc'],
        ['query', ' rock '],
        ['filter_fields[status][in]', 'DRAFT,LIVE'],
      ]),
      spec,
    );
    expect(list).toEqual({
      page: 2,
      perPage: 100,
      query: 'rock',
      sortBy: 'name',
      sortDirection: 'asc',
      filters: [{ field: 'status', operator: 'in', values: ['DRAFT', 'LIVE'] }],
    });
  });

  it.each(prototypeKeys)('refuses the filter field %s with unsupported_filter', (key) => {
    for (const operator of ['eq', key]) {
      const refusal = refusalOf(() =>
        parseListQuery(rawQuery([[`filter_fields[${key}][${operator}]`, '1']]), spec),
      );
      expect(refusal.reason).toBe('unsupported_filter');
    }
    const refusal = refusalOf(() =>
      parseListQuery(rawQuery([['filter_fields[name][' + key + ']', '1']]), spec),
    );
    expect(refusal.reason).toBe('unsupported_filter');
  });

  it.each(prototypeKeys)('refuses sorting by %s with unsupported_sort', (key) => {
    expect(refusalOf(() => parseListQuery(rawQuery([['sort_by', key]]), spec)).reason).toBe(
      'unsupported_sort',
    );
  });

  it('refuses control characters in the search text and in filter values', () => {
    for (const text of ['a\u0000b', 'a\u202Eb', 'a\u0007', '\uD800']) {
      expect(refusalOf(() => parseListQuery(rawQuery([['query', text]]), spec)).fieldErrors).toHaveProperty(
        'query',
      );
      expect(
        refusalOf(() => parseListQuery(rawQuery([['filter_fields[name][eq]', text]]), spec)).fieldErrors,
      ).toHaveProperty(['filter_fields[name][eq]']);
    }
  });

  it('takes a plain object too without consulting its prototype', () => {
    const refusal = refusalOf(() => parseListQuery({ sort_by: 'constructor' }, spec));
    expect(refusal.reason).toBe('unsupported_sort');
  });

  it('answers every query string with a list query or a refusal, and never pollutes prototypes', () => {
    const key = fc.oneof(
      fc.constantFrom('page', 'per_page', 'query', 'sort_by', 'sort_direction', ...prototypeKeys),
      fc
        .tuple(
          fc.constantFrom('status', 'name', 'nope', '', ...prototypeKeys),
          fc.constantFrom('eq', 'in', 'like', 'gt', '', ...prototypeKeys),
        )
        .map(([field, operator]) => `filter_fields[${field}][${operator}]`),
      fc.string(),
    );
    const value = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.array(fc.string(), { maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { maxLength: 8 }), fc.boolean(), (entries, plain) => {
        const raw = plain ? (Object.fromEntries(entries) as RawQuery) : rawQuery(entries);
        try {
          const list = parseListQuery(raw, spec);
          expect(Object.hasOwn(spec.sorts, list.sortBy)).toBe(true);
          for (const filter of list.filters) expect(Object.hasOwn(spec.filters, filter.field)).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(Refusal);
        }
        expect(({} as Record<string, unknown>).eq).toBeUndefined();
        expect(Object.prototype).not.toHaveProperty('polluted');
      }),
      { numRuns: 2000 },
    );
    // 2000 runs take about a second alone, several on two busy cores: no timed assertion, only room.
  }, 60_000);
});

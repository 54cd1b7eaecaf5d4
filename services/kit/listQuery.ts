import type { Knex } from 'knex';
import { z } from 'zod';
import { queryText } from './http/validate';
import { Refusal, type FieldErrors } from './refusal';
import { forbiddenCharacter, forbiddenCharacterMessage } from './text';

/**
 * The one implementation of list endpoints: `page`, `per_page`, `query`, `sort_by`, `sort_direction` and
 * `filter_fields[field][operator]=value`, with allow-listed sorts, filters and operators.
 */

export type FilterOperator = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'in';
const operators: readonly FilterOperator[] = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'like', 'in'];

export interface FilterSpec {
  operators: readonly FilterOperator[];
  /** A column to compare; or `apply` for a derived field. */
  column?: string;
  /** Allowed values (case-sensitive); anything else is refused with a field error. */
  values?: readonly string[];
  apply?: (query: Knex.QueryBuilder, operator: FilterOperator, values: string[]) => void;
}

export interface ListSpec {
  /** `sort_by` value → column. */
  sorts: Record<string, string>;
  defaultSort: string;
  defaultDirection: 'asc' | 'desc';
  filters: Record<string, FilterSpec>;
  /** Columns searched by `query` (case-insensitive substring). */
  searchColumns: readonly string[];
  /** A stable tie-breaker column so pages never overlap. */
  tieBreaker: string;
}

export interface ListQuery {
  page: number;
  perPage: number;
  query: string | null;
  sortBy: string;
  sortDirection: 'asc' | 'desc';
  filters: { field: string; operator: FilterOperator; values: string[] }[];
}

export const defaultPerPage = 20;
export const maxPerPage = 100;

export type RawQuery = Record<string, string | string[] | undefined>;

/**
 * A list route's query parameters, for its contract (`route({ query: listQuerySchema(spec) })`): paging, search,
 * sort and every allowed `filter_fields[field][operator]`, each given once. Any other parameter is refused
 * (`validation_failed`) before the handler, except other `filter_fields[…]` names: those reach parseListQuery,
 * which answers them with `unsupported_filter` and the allowed fields. `extra` adds a route's own parameters.
 */
export function listQuerySchema(spec: ListSpec, extra: Record<string, z.ZodType> = {}) {
  const filters = Object.entries(spec.filters).flatMap(([field, filter]) =>
    filter.operators.map(
      (operator) => [`filter_fields[${field}][${operator}]`, queryText().optional()] as const,
    ),
  );
  const shape: Record<string, z.ZodType> = {
    page: queryText().optional().describe('Page number, from 1'),
    per_page: queryText().optional().describe(`Rows per page, at most ${maxPerPage} (${defaultPerPage})`),
    query: queryText().optional().describe('Search text'),
    sort_by: queryText()
      .optional()
      .describe(`One of ${Object.keys(spec.sorts).join(', ')} (${spec.defaultSort})`),
    sort_direction: queryText().optional().describe(`asc or desc (${spec.defaultDirection})`),
    ...Object.fromEntries(filters),
    ...extra,
  };
  return z
    .object(shape)
    .catchall(z.unknown())
    .superRefine((value, context) => {
      for (const key of Object.keys(value))
        if (!Object.hasOwn(shape, key) && !key.startsWith('filter_fields'))
          context.addIssue({ code: 'custom', path: [key], message: 'Unknown field' });
    });
}

const filterKey = /^filter_fields\[([a-z_]+)\]\[([a-z]+)\]$/;

/**
 * Reads `raw` through own properties only: Koa's `ctx.query` has no prototype, but a caller's plain object
 * does, and names such as `__proto__` or `constructor` must never reach a spec's lookups as if allowed.
 */
export function parseListQuery(raw: RawQuery, spec: ListSpec): ListQuery {
  const errors: FieldErrors = {};
  refuseForbiddenCharacters(raw);
  const single = (key: string): string | undefined => {
    if (!Object.hasOwn(raw, key)) return undefined;
    const value = raw[key];
    return Array.isArray(value) ? value.at(-1) : value;
  };
  const page = positiveInteger(single('page'), 1, 'page', errors);
  const perPage = Math.min(
    positiveInteger(single('per_page'), defaultPerPage, 'per_page', errors),
    maxPerPage,
  );
  const query = single('query')?.trim() || null;
  if (query && query.length > 200) errors.query = ['The search text must be at most 200 characters'];

  const sortBy = single('sort_by') ?? spec.defaultSort;
  if (!Object.hasOwn(spec.sorts, sortBy)) {
    throw new Refusal('unsupported_sort', `Cannot sort by ${sortBy}`, {
      sort_by: [`Allowed: ${Object.keys(spec.sorts).join(', ')}`],
    });
  }
  const direction = single('sort_direction') ?? spec.defaultDirection;
  if (direction !== 'asc' && direction !== 'desc') errors.sort_direction = ['Must be asc or desc'];

  const filters: ListQuery['filters'] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (!key.startsWith('filter_fields')) continue;
    const match = filterKey.exec(key);
    const field = match?.[1];
    const operator = match?.[2] as FilterOperator | undefined;
    const filter =
      field !== undefined && Object.hasOwn(spec.filters, field) ? spec.filters[field] : undefined;
    if (!field || !operator || !filter) {
      throw new Refusal('unsupported_filter', `Cannot filter by ${key}`, {
        [key]: [`Allowed fields: ${Object.keys(spec.filters).join(', ')}`],
      });
    }
    if (!operators.includes(operator) || !filter.operators.includes(operator)) {
      throw new Refusal('unsupported_filter', `Cannot filter ${field} with ${operator}`, {
        [key]: [`Allowed operators: ${filter.operators.join(', ')}`],
      });
    }
    const text = Array.isArray(value) ? value.join(',') : (value ?? '');
    const values = operator === 'in' ? text.split(',').filter(Boolean) : [text];
    if (filter.values && values.some((v) => !filter.values!.includes(v))) {
      errors[key] = [`Allowed values: ${filter.values.join(', ')}`];
      continue;
    }
    filters.push({ field, operator, values });
  }
  if (Object.keys(errors).length > 0) throw new Refusal('validation_failed', undefined, errors);
  return { page, perPage, query, sortBy, sortDirection: direction as 'asc' | 'desc', filters };
}

/** Query parameters are single-line text: no control, bidi or lone surrogate characters in names or values. */
function refuseForbiddenCharacters(raw: RawQuery): void {
  const errors: FieldErrors = {};
  for (const [key, value] of Object.entries(raw)) {
    const texts = [key, ...(Array.isArray(value) ? value : [value ?? ''])];
    for (const text of texts) {
      const character = forbiddenCharacter(text, 'single');
      if (character) {
        errors[forbiddenCharacter(key, 'single') ? '_' : key] = [forbiddenCharacterMessage(character)];
        break;
      }
    }
  }
  if (Object.keys(errors).length > 0) throw new Refusal('invalid_characters', undefined, errors);
}

function positiveInteger(
  value: string | undefined,
  fallback: number,
  field: string,
  errors: FieldErrors,
): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,6}$/.test(value) || Number(value) < 1) {
    errors[field] = ['Must be a whole number of at least 1'];
    return fallback;
  }
  return Number(value);
}

export interface ListMeta {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  from: number | null;
  to: number | null;
  allowed_sorts: string[];
  allowed_filter_fields: string[];
  default_sort: string;
  default_sort_direction: 'asc' | 'desc';
}

/** `base` with the list's filters and search applied (no sort, no paging): what an export of the list reads. */
export function filterList(base: Knex.QueryBuilder, list: ListQuery, spec: ListSpec): Knex.QueryBuilder {
  const filtered = base.clone();
  for (const { field, operator, values } of list.filters) {
    const filter = spec.filters[field]!;
    if (filter.apply) {
      filter.apply(filtered, operator, values);
      continue;
    }
    applyColumnFilter(filtered, filter.column ?? field, operator, values);
  }
  if (list.query) {
    const needle = `%${escapeLike(list.query.toLowerCase())}%`;
    void filtered.where((where) => {
      for (const column of spec.searchColumns)
        void where.orWhereRaw(`lower(??) like ? escape '\\'`, [column, needle]);
    });
  }
  return filtered;
}

/** Applies filters, search, sort and paging to `base` and counts the total in the same snapshot of rules. */
export async function runListQuery<Row>(
  base: Knex.QueryBuilder,
  list: ListQuery,
  spec: ListSpec,
): Promise<{ rows: Row[]; meta: ListMeta }> {
  const filtered = filterList(base, list, spec);
  const countRow = (await filtered.clone().clearSelect().clearOrder().count({ total: '*' }).first()) as
    { total: number | string } | undefined;
  const total = Number(countRow?.total ?? 0);
  const rows = (await filtered
    .orderBy(spec.sorts[list.sortBy]!, list.sortDirection)
    .orderBy(spec.tieBreaker, list.sortDirection)
    .limit(list.perPage)
    .offset((list.page - 1) * list.perPage)) as Row[];
  const from = rows.length > 0 ? (list.page - 1) * list.perPage + 1 : null;
  return {
    rows,
    meta: {
      current_page: list.page,
      per_page: list.perPage,
      total,
      last_page: Math.max(1, Math.ceil(total / list.perPage)),
      from,
      to: from === null ? null : from + rows.length - 1,
      allowed_sorts: Object.keys(spec.sorts),
      allowed_filter_fields: Object.keys(spec.filters),
      default_sort: spec.defaultSort,
      default_sort_direction: spec.defaultDirection,
    },
  };
}

function applyColumnFilter(
  query: Knex.QueryBuilder,
  column: string,
  operator: FilterOperator,
  values: string[],
): void {
  const value = values[0] ?? '';
  switch (operator) {
    case 'eq':
      void query.where(column, value);
      return;
    case 'ne':
      void query.whereNot(column, value);
      return;
    case 'gt':
      void query.where(column, '>', value);
      return;
    case 'gte':
      void query.where(column, '>=', value);
      return;
    case 'lt':
      void query.where(column, '<', value);
      return;
    case 'lte':
      void query.where(column, '<=', value);
      return;
    case 'like':
      void query.whereRaw(`lower(??) like ? escape '\\'`, [column, `%${escapeLike(value.toLowerCase())}%`]);
      return;
    case 'in':
      void query.whereIn(column, values);
      return;
  }
}

/** `text` as a LIKE pattern's literal part (`escape '\\'`): `%`, `_` and the backslash match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

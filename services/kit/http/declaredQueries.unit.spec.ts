import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listQuerySchema, type ListSpec } from '../listQuery';
import { Refusal } from '../refusal';
import { declaredQueries } from './declaredQueries';
import { openApiDocument, route } from './routeContract';
import { query, queryText } from './validate';

function refusalOf(run: () => unknown): Refusal {
  try {
    run();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** A request's context as a route sees it: Koa's parsed query string, an object without a prototype. */
const contextWith = (entries: Record<string, string | string[]>) =>
  ({ query: Object.assign(Object.create(null) as object, entries) }) as unknown as Context;

const searchQuery = z.object({ query: queryText().max(20).optional() }).strict();

/** Runs the checks `declaredQueries` put in front of the route `METHOD path` and tells whether the handler ran. */
async function reachesHandler(router: Router, method: string, path: string, ctx: Context): Promise<boolean> {
  const layer = router.stack.find(
    (candidate) => candidate.path === path && candidate.methods.includes(method),
  );
  if (!layer) throw new Error(`no route ${method} ${path}`);
  const chain = layer.stack as ((ctx: Context, next: () => unknown) => unknown)[];
  const run = async (index: number): Promise<void> => {
    await chain[index]?.(ctx, () => run(index + 1));
  };
  await run(0);
  return ctx.body === 'handled';
}

describe('declared query parameters', () => {
  const contracts = [
    route({ method: 'get', path: '/things', summary: 'Things', query: searchQuery }),
    route({ method: 'delete', path: '/things/:id', summary: 'Remove a thing' }),
  ];
  const routes = () => {
    const api = new Router({ prefix: '/api' });
    const feature = new Router();
    feature.use(async (_ctx, next) => {
      await next();
    });
    feature.get('/things', (ctx) => (ctx.body = 'handled'));
    feature.delete('/things/:id', (ctx) => (ctx.body = 'handled'));
    api.use(feature.routes());
    return api;
  };

  it('checks every request against the schema declared beside its route before the handler runs', async () => {
    const api = routes();
    declaredQueries(api, contracts);
    expect(await reachesHandler(api, 'GET', '/api/things', contextWith({ query: 'Ann' }))).toBe(true);
    for (const [entries, reason, field] of [
      [{ query: 'Ann\u0000' }, 'invalid_characters', 'query'],
      [{ query: 'x'.repeat(21) }, 'validation_failed', 'query'],
      [{ device_id: 'dev-1' }, 'validation_failed', 'device_id'],
    ] as const) {
      const refusal = await reachesHandler(api, 'GET', '/api/things', contextWith(entries)).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal, JSON.stringify(entries)).toBeInstanceOf(Refusal);
      expect((refusal as Refusal).reason).toBe(reason);
      expect(Object.keys((refusal as Refusal).fieldErrors ?? {})).toEqual([field]);
    }
  });

  it('lets a route that declares no parameters take none', async () => {
    const api = routes();
    declaredQueries(api, contracts);
    expect(await reachesHandler(api, 'DELETE', '/api/things/:id', contextWith({}))).toBe(true);
    await expect(
      reachesHandler(api, 'DELETE', '/api/things/:id', contextWith({ device_id: 'a\u0000' })),
    ).rejects.toMatchObject({
      reason: 'invalid_characters',
      fieldErrors: { device_id: [expect.any(String)] },
    });
    await expect(
      reachesHandler(api, 'DELETE', '/api/things/:id', contextWith({ device_id: 'dev-1' })),
    ).rejects.toMatchObject({ reason: 'validation_failed', fieldErrors: { device_id: ['Unknown field'] } });
  });

  it('refuses to start with a route that has no contract', () => {
    const api = routes();
    expect(() => declaredQueries(api, contracts.slice(0, 1))).toThrow(
      'Routes without a contract: DELETE /api/things/:id',
    );
  });

  it('publishes the declared parameters in the OpenAPI document, as bodies are', () => {
    const document = openApiDocument(
      [
        route({
          method: 'get',
          path: '/things/:id',
          summary: 'A thing',
          query: z
            .object({
              view: z.enum(['short', 'long']).describe('How much to show'),
              page: queryText().optional(),
            })
            .strict(),
        }),
      ],
      { title: 'Test', version: '1' },
    );
    expect(document.paths['/api/things/{id}']?.get).toMatchObject({
      parameters: [
        { name: 'id', in: 'path', required: true },
        {
          name: 'view',
          in: 'query',
          required: true,
          description: 'How much to show',
          schema: { enum: ['short', 'long'] },
        },
        { name: 'page', in: 'query', required: false, schema: { type: 'string' } },
      ],
    });
  });
});

describe('list query parameters', () => {
  const spec: ListSpec = {
    sorts: { name: 'name' },
    defaultSort: 'name',
    defaultDirection: 'asc',
    filters: { status: { operators: ['eq', 'in'], values: ['DRAFT', 'LIVE'] } },
    searchColumns: ['name'],
    tieBreaker: 'id',
  };
  const schema = listQuerySchema(spec, { format: queryText().optional() });

  it('declares paging, search, sort, each allowed filter and the route’s own parameters', () => {
    const taken = query(
      contextWith({
        page: '2',
        per_page: '10',
        query: 'Ann',
        sort_by: 'name',
        sort_direction: 'desc',
        'filter_fields[status][in]': 'DRAFT,LIVE',
        format: 'csv',
      }),
      schema,
    );
    expect(taken).toMatchObject({ page: '2', 'filter_fields[status][in]': 'DRAFT,LIVE', format: 'csv' });
    expect(Object.keys(schema.shape)).toEqual([
      'page',
      'per_page',
      'query',
      'sort_by',
      'sort_direction',
      'filter_fields[status][eq]',
      'filter_fields[status][in]',
      'format',
    ]);
  });

  it('leaves other filter names to parseListQuery (unsupported_filter) and refuses any other parameter', () => {
    expect(() => query(contextWith({ 'filter_fields[__proto__][eq]': '1' }), schema)).not.toThrow();
    for (const name of ['__proto__', 'constructor', 'device_id', 'page[]']) {
      const refusal = refusalOf(() => query(contextWith({ [name]: '1' }), schema));
      expect(refusal.reason, name).toBe('validation_failed');
      expect(refusal.fieldErrors, name).toEqual({ [name]: ['Unknown field'] });
    }
    expect(refusalOf(() => query(contextWith({ query: 'a\u0000' }), schema)).reason).toBe(
      'invalid_characters',
    );
    expect(refusalOf(() => query(contextWith({ page: ['1', '2'] }), schema)).fieldErrors).toHaveProperty(
      'page',
    );
  });
});

describe('reading the query string', () => {
  /** Every TypeScript source of the server, tests aside. */
  function sources(directory: string): string[] {
    return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.ts$/.test(entry.name) && !/\.spec\.ts$/.test(entry.name) ? [path] : [];
    });
  }

  it('goes through ctx.query, which declaredQueries checked, never around it', () => {
    const around =
      /\bctx\.(?:request\.)?(?:querystring|search|URL|url|href|originalUrl)\b|\bctx\.request\.query\b/;
    const offenders = [...sources('services'), ...sources('projections')].filter((file) =>
      around.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});

import type Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexedRouter } from '../kit/http/indexedRouter';
import { matchesOf, pathsReaching, unindexedMatch } from '../kit/http/indexedRouterTesting';
import { createApp } from './app';
import { startTestPlatform, type TestPlatform } from './testing';

/** The API's router looks only at the routes a path can reach (issue 29), and still routes every path as before. */
describe("the API's indexed routes", () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('match every path of every route exactly as matching over all of them does', () => {
    const routers = createApp(t.platform.services)
      .middleware.map((middleware) => (middleware as { router?: Router }).router)
      .filter((router) => router instanceof IndexedRouter);
    expect(routers).toHaveLength(1);
    const api = routers[0]!;
    expect(api.stack.length).toBeGreaterThan(150);
    const paths = new Set(
      api.stack.flatMap((layer) => (typeof layer.path === 'string' ? pathsReaching(layer.path) : [])),
    );
    for (const path of paths)
      expect(
        matchesOf(api, path, (p, m) => api.match(p, m)),
        path,
      ).toEqual(matchesOf(api, path, unindexedMatch(api)));
  });
});

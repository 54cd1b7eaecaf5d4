import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../kit/testing/postgres';
import { openApiPath } from '../kit/http/routeContract';
import { createApp } from './app';
import { apiRouteContracts } from './contract';
import { settle, startTestPlatform, type StorageKind, type TestPlatform } from './testing';

type Problem = { status: number; reason: string; errors?: Record<string, string[]> };

/**
 * Issue 26, item 17: every query parameter is validated as bodies are, by the schema declared beside each
 * route, before its handler. The check-out's `device_id` once skipped that and put a NUL byte into the event log.
 */
function queryParameterSuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    token = await t.login(t.admin.email, t.admin.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** `METHOD /path` of every route the app serves under /api, read from its routers (HEAD comes with GET). */
  function servedRoutes(): { method: string; path: string }[] {
    const routes = new Map<string, { method: string; path: string }>();
    for (const middleware of createApp(t.platform.services).middleware) {
      const router = (middleware as { router?: { stack: { path: string; methods: string[] }[] } }).router;
      for (const layer of router?.stack ?? []) {
        if (!layer.path.startsWith('/api')) continue;
        for (const method of layer.methods)
          if (method !== 'HEAD') routes.set(`${method} ${layer.path}`, { method, path: layer.path });
      }
    }
    return [...routes.values()];
  }

  /** The parameters the route's contract declares. */
  const declaredNames = (method: string, path: string): string[] => {
    const contract = apiRouteContracts.find(
      (candidate) => candidate.method.toUpperCase() === method && `/api${candidate.path}` === path,
    );
    if (!contract) throw new Error(`${method} ${path} has no contract`);
    return Object.keys(contract.query?.shape ?? {});
  };

  /** The declared parameters a call may not leave out. */
  const requiredNames = (method: string, path: string): string[] => {
    const contract = apiRouteContracts.find(
      (candidate) => candidate.method.toUpperCase() === method && `/api${candidate.path}` === path,
    );
    const shape: Record<string, { safeParse(value: unknown): { success: boolean } }> =
      contract?.query?.shape ?? {};
    return Object.keys(shape).filter((name) => !shape[name]?.safeParse(undefined).success);
  };

  /** Path parameters filled in; the query is checked before any of them is looked up. */
  const concrete = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => `${name}-0001`);

  async function send(method: string, path: string, name: string, value: string) {
    const query = `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
    const withBody = method !== 'GET';
    return t.client(token)<Problem>(method, `${concrete(path)}?${query}`, withBody ? { json: {} } : {});
  }

  it('declares every query parameter of every route in the OpenAPI document', async () => {
    const document = await t.client()<{
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    }>('GET', '/api/openapi.json');
    const routes = servedRoutes();
    expect(routes.length).toBeGreaterThan(100);
    for (const { method, path } of routes) {
      const published = document.body.paths[openApiPath(path)]?.[method.toLowerCase()]?.parameters ?? [];
      expect(
        published.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
        `${method} ${path}`,
      ).toEqual(declaredNames(method, path));
    }
    expect(declaredNames('DELETE', '/api/public/check-in-lists/:shortId/check-ins/:checkInId')).toEqual([
      'device_id',
    ]);
  });

  it('refuses a NUL byte, a control character or a line break in every parameter of every route, and an undeclared parameter, before anything is written', async () => {
    const before = await t.platform.services.store.head();
    let checked = 0;
    for (const { method, path } of servedRoutes()) {
      for (const name of declaredNames(method, path)) {
        for (const character of ['\u0000', '\u0007', '\u001b', '\u0085', '\u202e', '\n']) {
          const response = await send(method, path, name, `door\u0020${character}1`);
          const label = `${method} ${path}?${name}=${JSON.stringify(character)} → ${JSON.stringify(response.body)}`;
          expect(response.status, label).toBe(400);
          expect(response.body.reason, label).toBe('invalid_characters');
          expect(Object.keys(response.body.errors ?? {}), label).toEqual([name]);
          checked++;
        }
      }
      // A parameter nobody declared never reaches a handler, whatever its value.
      for (const value of ['door-1', '\u0000']) {
        const response = await send(method, path, 'device_id_undeclared', value);
        const label = `${method} ${path}?device_id_undeclared → ${JSON.stringify(response.body)}`;
        expect(response.status, label).toBe(400);
        // A required parameter the call leaves out may be named beside it, nothing else.
        const named = Object.keys(response.body.errors ?? {});
        expect(named, label).toContain('device_id_undeclared');
        for (const other of named.filter((name) => name !== 'device_id_undeclared'))
          expect(requiredNames(method, path), label).toContain(other);
      }
      // Nor does a parameter whose name holds one.
      const badName = await send(method, path, 'device\u0000id', 'door-1');
      expect(badName.status, `${method} ${path}`).toBe(400);
      expect(badName.body.reason).toBe('invalid_characters');
    }
    expect(checked).toBeGreaterThan(100);
    expect(await settle(t.platform)).toBe(true);
    expect(await t.platform.services.store.head()).toBe(before);
    // The admin's session is untouched: even logout refused its query before ending anything.
    expect((await t.client(token)('GET', '/api/users/me')).status).toBe(200);
  });
}

describe('query parameters (sqlite)', () => queryParameterSuite('sqlite'));
describeWithPostgres('query parameters (postgres)', () => queryParameterSuite('postgres'));

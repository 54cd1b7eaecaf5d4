import type Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, openApiPath } from '../kit/http/routeContract';
import { describeWithPostgres } from '../kit/testing/postgres';
import { eventRoutes } from '../catalog/events/eventRoutes';
import { promoCodeCheckSchema } from '../catalog/events/eventSchemas';
import { publicEventRoutes } from '../catalog/events/publicEventRoutes';
import { organizerRoutes } from '../catalog/organizers/routes';
import { eventDefaultsRoutes } from '../catalog/eventDefaults/routes';
import { accountRoutes, accountSchema } from '../identity/accountRoutes';
import { authRoutes } from '../identity/authRoutes';
import { memberRoutes } from '../identity/memberRoutes';
import { profileRoutes } from '../identity/profileRoutes';
import { outboxRoutes } from '../messaging/outboxRoutes';
import { PublicEventCache } from '../../projections/events/publicEventCache';
import { startTestPlatform, type StorageKind, type TestPlatform } from './testing';

interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
}

/** `/api/openapi.json` describes every route the app serves, and real answers match it. */
function contractSuite(kind: StorageKind) {
  let t: TestPlatform;
  let document: OpenApi;

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    const response = await t.client()<OpenApi>('GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    document = response.body;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every route of every feature router', () => {
    const services = t.platform.services;
    const routers: Router[] = [
      authRoutes(services),
      profileRoutes(services),
      memberRoutes(services),
      accountRoutes(services),
      outboxRoutes(services),
      eventRoutes(services),
      organizerRoutes(services),
      eventDefaultsRoutes(services),
      publicEventRoutes(services, new PublicEventCache(services.db, { now: () => 0 })),
    ];
    const served = routers.flatMap((router) =>
      router.stack.flatMap((layer) =>
        layer.methods
          .filter((method) => method !== 'HEAD')
          .map((method) => `${method.toLowerCase()} /api${openApiPath(String(layer.path))}`),
      ),
    );
    expect(served.length).toBeGreaterThan(40);
    const described = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect(served.filter((entry) => !described.includes(entry))).toEqual([]);
    expect(described).toContain('put /api/users/{id}');
    expect(document.paths['/api/events']?.post?.requestBody).toBeDefined();
  });

  it('answers match their response schemas', async () => {
    const token = await t.login(t.admin.email, t.admin.password);
    const account = await t.client(token)('GET', '/api/account');
    expect(dataOf(accountSchema).safeParse(account.body).error).toBeUndefined();
    const renamed = await t.client(token)('PUT', '/api/account', { json: { name: 'Contract Co' } });
    expect(dataOf(accountSchema).parse(renamed.body).data.name).toBe('Contract Co');
    const events = await t.client(token)<{ data: { id: string }[] }>('GET', '/api/events');
    const eventId = events.body.data[0]?.id ?? 'ev_none';
    const promo = await t.client()('GET', `/api/public/events/${eventId}/promo-codes/SUMMER`);
    expect(promo.status).toBe(200);
    expect(promoCodeCheckSchema.safeParse(promo.body).error).toBeUndefined();
    expect(document.paths['/api/account']?.get?.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { type: 'object' } } },
    });
  });
}

describe('the API contract on SQLite', () => contractSuite('sqlite'));
describeWithPostgres('the API contract on PostgreSQL', () => contractSuite('postgres'));

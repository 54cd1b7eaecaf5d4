import type Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { dataOf, openApiPath, pageOf } from '../kit/http/routeContract';
import { describeWithPostgres } from '../kit/testing/postgres';
import { eventRoutes } from '../catalog/events/eventRoutes';
import {
  eventDetailSchema,
  eventResponseSchema,
  eventSettingsResponseSchema,
  promoCodeCheckSchema,
  publicEventSchema,
  publicListEventSchema,
} from '../catalog/events/eventSchemas';
import { organizerSchema } from '../catalog/organizers/organizerSchemas';
import { eventDefaultsResponseSchema } from '../catalog/eventDefaults/eventDefaultsSchemas';
import { currentUserSchema, memberSchema, sessionSchema } from '../identity/schemas';
import { outboxSummarySchema } from '../messaging/outboxSchemas';
import { publicEventRoutes } from '../catalog/events/publicEventRoutes';
import { organizerRoutes } from '../catalog/organizers/routes';
import { eventDefaultsRoutes } from '../catalog/eventDefaults/routes';
import { accountRoutes } from '../identity/accountRoutes';
import { accountSchema } from '../identity/accountSchemas';
import { authRoutes } from '../identity/authRoutes';
import { memberRoutes } from '../identity/memberRoutes';
import { profileRoutes } from '../identity/profileRoutes';
import { outboxRoutes } from '../messaging/outboxRoutes';
import { PublicEventCache } from '../../projections/events/publicEventCache';
import { paymentRoutes } from '../payments/connection/paymentRoutes';
import { paymentConnectionResponseSchema } from '../payments/connection/paymentSchemas';
import { billingRoutes } from '../payments/billing/billingRoutes';
import { billingResponseSchema } from '../payments/billing/billingSchemas';
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
      paymentRoutes(services),
      billingRoutes(services),
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
    expectAnswer(await t.client()('GET', `/api/public/events/${eventId}`), 200, dataOf(publicEventSchema));

    const login = await t.client()('POST', '/api/auth/login', {
      json: { email: t.admin.email, password: t.admin.password },
    });
    expectAnswer(login, 200, sessionSchema);
    expectAnswer(await t.client(token)('GET', '/api/users/me'), 200, dataOf(currentUserSchema));
    expectAnswer(await t.client(token)('GET', '/api/users'), 200, pageOf(memberSchema));
    expectAnswer(
      await t.client(token)('GET', '/api/event-defaults'),
      200,
      dataOf(eventDefaultsResponseSchema),
    );
    expectAnswer(await t.client(token)('GET', '/api/outbox'), 200, pageOf(outboxSummarySchema));
    expectAnswer(
      await t.client(token)('GET', '/api/account/payment'),
      200,
      dataOf(paymentConnectionResponseSchema),
    );
    expectAnswer(await t.client(token)('GET', '/api/account/billing'), 200, dataOf(billingResponseSchema));

    const organizer = await t.client(token)<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Contract Hall', website: 'https://contract.test' },
    });
    expectAnswer(organizer, 201, dataOf(organizerSchema));
    expectAnswer(await t.client(token)('GET', '/api/organizers'), 200, pageOf(organizerSchema));
    const created = await t.client(token)<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        title: 'Contract Night',
        start_date: '2031-05-01T19:00:00Z',
        timezone: 'Europe/Berlin',
        currency: 'eur',
        organizer_id: organizer.body.data.id,
        location: { venue_name: 'Hall', city: 'Berlin' },
      },
    });
    expectAnswer(created, 201, dataOf(eventDetailSchema));
    const id = created.body.data.id;
    expectAnswer(await t.client(token)('GET', `/api/events/${id}`), 200, dataOf(eventDetailSchema));
    expectAnswer(await t.client(token)('GET', '/api/events'), 200, pageOf(eventResponseSchema));
    expectAnswer(
      await t.client(token)('GET', `/api/events/${id}/settings`),
      200,
      dataOf(eventSettingsResponseSchema),
    );
    expectAnswer(await t.client()('GET', '/api/public/events'), 200, pageOf(publicListEventSchema));
    expect(document.paths['/api/account']?.get?.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { type: 'object' } } },
    });
  });
}

/** The answer's status and that its body is exactly what the route's response schema declares. */
function expectAnswer(response: { status: number; body: unknown }, status: number, schema: z.ZodType) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const parsed = schema.safeParse(response.body);
  expect(parsed.error?.issues, JSON.stringify(response.body)).toBeUndefined();
  // zod drops keys a schema does not name: an answer with undeclared fields parses to less than it is.
  expect(parsed.data, 'the answer has fields its schema does not declare').toEqual(response.body);
}

describe('the API contract on SQLite', () => contractSuite('sqlite'));
describeWithPostgres('the API contract on PostgreSQL', () => contractSuite('postgres'));

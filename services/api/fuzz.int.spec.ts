import fc from 'fast-check';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../kit/testing/postgres';
import { eventDefaultsSchema } from '../catalog/eventDefaults/eventDefaultsSchemas';
import {
  createEventSchema,
  duplicateSchema,
  eventStatusSchema,
  settingsSchema,
} from '../catalog/events/eventSchemas';
import { createOrganizerSchema } from '../catalog/organizers/organizerSchemas';
import { accountSettingsSchema } from '../identity/accountSchemas';
import { joinSchema, loginSchema, registerSchema, resetPasswordSchema } from '../identity/authSchemas';
import { inviteSchema, updateMemberSchema } from '../identity/memberSchemas';
import { updateProfileSchema } from '../identity/profileSchemas';
import { createApp } from './app';
import { startTestPlatform, type StorageKind, type TestPlatform } from './testing';

/**
 * Issue 8, item 5: no input gives a 5xx. Every registered /api route that takes a body gets bodies generated
 * by fast-check (random JSON, wrong types, huge strings, control characters, prototype keys, the routes' own
 * field names with hostile values), and every GET route gets hostile query parameters, as an admin so the
 * requests get past authentication to validation and the handlers.
 */
const prototypeKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

/** Field names of the body schemas, so generated objects often have the right keys with wrong values. */
function fieldNames(...schemas: z.ZodType[]): string[] {
  const names = new Set<string>();
  const visit = (schema: unknown, depth: number): void => {
    if (!schema || typeof schema !== 'object' || depth > 6) return;
    const candidate = schema as { shape?: Record<string, unknown>; def?: Record<string, unknown> };
    if (candidate.shape && typeof candidate.shape === 'object') {
      for (const [name, field] of Object.entries(candidate.shape)) {
        names.add(name);
        visit(field, depth + 1);
      }
      return;
    }
    for (const key of ['in', 'out', 'innerType', 'schema']) visit(candidate.def?.[key], depth + 1);
  };
  for (const schema of schemas) visit(schema, 0);
  return [...names];
}

const knownFields = fieldNames(
  eventDefaultsSchema,
  createEventSchema,
  duplicateSchema,
  eventStatusSchema,
  settingsSchema,
  createOrganizerSchema,
  accountSettingsSchema,
  joinSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  inviteSchema,
  updateMemberSchema,
  updateProfileSchema,
);

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u202Eevil',
    '\uD800',
    '\r\n\t',
    ...prototypeKeys,
    'x'.repeat(70_000),
    '2027-03-05T18:00:00+01:00',
    'not a date',
    'Europe/Berlin',
    'Mars/Olympus',
    'EUR',
    'DRAFT',
    'LIVE',
    'ARCHIVED',
    'ADMIN',
    'INACTIVE',
    '#ffffff',
    'someone@example.test',
    'ev_0000',
    'https://example.test/',
    'javascript:alert(1)',
    '%00',
    '${1}$&',
  ),
);
/** Text with one character no text field may hold: control, bidi or a lone surrogate. */
const poisonString = fc
  .tuple(
    fc.string({ maxLength: 6 }),
    fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '\u0085', '\u202e', '\u2066', '\ud800', '\udfff'),
    fc.string({ maxLength: 6 }),
  )
  .map(([before, character, after]) => `${before}${character}${after}`);
const scalar = fc.oneof(
  poisonString,
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2, 5, 30, 120),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...knownFields), fc.string()), scalar) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);
const key = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...knownFields) },
  { weight: 1, arbitrary: fc.constantFrom(...prototypeKeys) },
  { weight: 1, arbitrary: fc.string() },
);
const body = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(key, value, { maxKeys: 8 }).map((object) => JSON.stringify(object)) },
  { weight: 1, arbitrary: fc.jsonValue().map((json) => JSON.stringify(json)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      'null',
      '[]',
      '"text"',
      '{',
      '{"a":',
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      `{"title":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
    ),
  },
);

/** Bodies each of these routes accepts: one hostile value in an otherwise valid body reaches the handler. */
const validBodies = (ids: Record<string, string>): Record<string, Record<string, unknown>> => ({
  'POST /api/events': {
    organizer_id: ids.organizers,
    title: 'Fuzzed',
    start_date: '2027-03-05T18:00:00+01:00',
    timezone: 'Europe/Berlin',
    currency: 'EUR',
  },
  'PUT /api/events/:id': { title: 'Fuzzed', description: 'Text' },
  'POST /api/organizers': { name: 'Fuzzed', description: 'Text' },
  'PUT /api/organizers/:id': { name: 'Fuzzed' },
  'PUT /api/users/me': { first_name: 'Ann', last_name: 'Lee' },
  'PUT /api/account': { name: 'Fuzzed' },
  'POST /api/users': { email: 'fuzzed@example.test', role: 'ORGANIZER', first_name: 'Ann' },
});

function bodyFor(valid: Record<string, unknown> | undefined): fc.Arbitrary<string> {
  if (!valid) return body;
  const mutated = fc
    .tuple(
      fc.oneof(fc.constantFrom(...Object.keys(valid)), key),
      fc.oneof({ weight: 2, arbitrary: poisonString }, { weight: 1, arbitrary: value }),
    )
    .map(([field, hostile]) => JSON.stringify({ ...valid, [field]: hostile }));
  return fc.oneof(body, mutated, mutated);
}

const hostileQueries = [
  'filter_fields[__proto__][eq]=1',
  'filter_fields[constructor][eq]=1',
  'filter_fields[prototype][eq]=1',
  'filter_fields[status][__proto__]=1',
  'filter_fields[status][constructor]=1',
  'filter_fields[status]=1',
  'filter_fields[status][eq][deeper]=1',
  'filter_fields=1',
  'filter_fields[]=1',
  'sort_by=__proto__',
  'sort_by=constructor',
  'sort_by[]=title&sort_by[]=__proto__',
  'sort_direction=__proto__',
  'page=__proto__',
  'page[]=1&page[]=2',
  'per_page=-1',
  'per_page=1e9',
  'query=%00',
  'query=%E2%80%AE',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
];

/** `METHOD /path` of every route on the app's routers under /api (HEAD comes with GET). */
function registeredApiRoutes(t: TestPlatform): { method: string; path: string }[] {
  const routes = new Map<string, { method: string; path: string }>();
  for (const middleware of createApp(t.platform.services).middleware) {
    const router = (middleware as { router?: { stack: { path: string; methods: string[] }[] } }).router;
    for (const layer of router?.stack ?? []) {
      if (!layer.path.startsWith('/api')) continue;
      for (const method of layer.methods)
        if (method !== 'HEAD') routes.set(`${method} ${layer.path}`, { method, path: layer.path });
    }
  }
  return [...routes.values()].sort((a, b) => `${a.method} ${a.path}`.localeCompare(`${b.method} ${b.path}`));
}

function fuzzSuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    token = await t.login(t.admin.email, t.admin.password);
    const api = t.client(token);
    const organizers = await api<{ data: { id: string }[] }>('GET', '/api/organizers');
    const events = await api<{ data: { id: string }[] }>('GET', '/api/events');
    const member = await api<{ data: { id: string } }>('POST', '/api/users', {
      json: { email: 'fuzz-member@example.test', role: 'ORGANIZER' },
    });
    ids.events = events.body.data[0]!.id;
    ids.organizers = organizers.body.data[0]!.id;
    ids.users = member.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * The two sweeps below send about a thousand requests each. They start first in a full run, beside the static
   * checks, where they took up to 42 s of the integration tier's 60; the assertions are per request, so the time
   * limit only decides how slow a machine may be.
   */
  const heavySweep = { timeout: 180_000 };

  /** Fills path parameters with existing things of the admin's account, so handlers run past lookups. */
  const pathOf = (path: string): string =>
    path.replace(/:(\w+)/g, (_, name: string) => {
      if (name === 'id') return ids[path.split('/')[2] ?? ''] ?? 'xx_0000';
      if (name === 'token') return 'x'.repeat(43);
      if (name === 'code') return 'SUMMER';
      return 'im_0000';
    });

  it('answers every generated body on every route that takes one without a 5xx', heavySweep, async () => {
    // Logging out would end the admin's session for the routes after it; deleting the event goes last.
    const routes = registeredApiRoutes(t)
      .filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method))
      .filter((route) => route.path !== '/api/auth/logout')
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    expect(routes.length).toBeGreaterThan(25);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(bodyFor(validBodies(ids)[`${route.method} ${route.path}`]), async (raw) => {
          const response = await fetch(`${t.baseUrl}${pathOf(route.path)}`, {
            method: route.method,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: raw,
          });
          const text = await response.text();
          expect(
            response.status,
            `${route.method} ${route.path} ${raw.slice(0, 300)} → ${text}`,
          ).toBeLessThan(500);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        }),
        { numRuns: 25 },
      );
    }
    // Whatever was accepted on the way, the platform still logs in and writes.
    const again = await t.login(t.admin.email, t.admin.password);
    const write = await t.client(again)('POST', '/api/organizers', { json: { name: 'After fuzzing' } });
    expect(write.status, JSON.stringify(write.body)).toBe(201);
  });

  it(
    'answers hostile query parameters on every GET route with a 4xx or the list, never a 5xx',
    heavySweep,
    async () => {
      const routes = registeredApiRoutes(t).filter((route) => route.method === 'GET');
      for (const route of routes) {
        for (const query of hostileQueries) {
          const response = await t.client(token)('GET', `${pathOf(route.path)}?${query}`);
          expect(
            response.status,
            `GET ${route.path}?${query} → ${JSON.stringify(response.body)}`,
          ).toBeLessThan(500);
        }
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it('answers prototype names as filter fields on every list route with 400 unsupported_filter, also anonymously', async () => {
    const lists = ['/api/events', '/api/organizers', '/api/users', '/api/outbox', '/api/public/events'];
    for (const path of lists) {
      for (const field of ['__proto__', 'constructor', 'prototype']) {
        for (const client of [t.client(token), t.client()]) {
          const response = await client<{ reason: string }>('GET', `${path}?filter_fields[${field}][eq]=1`);
          if (response.status === 401) continue;
          expect(response.status, `${path} ${field}`).toBe(400);
          expect(response.body.reason).toBe('unsupported_filter');
        }
      }
    }
  });
}

describe('fuzzing (sqlite)', () => fuzzSuite('sqlite'));
describeWithPostgres('fuzzing (postgres)', () => fuzzSuite('postgres'));

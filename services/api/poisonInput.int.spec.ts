import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '../eventstore/port';
import { bootstrapFirstRun } from './firstRun';
import { readAppConfig, type AppConfig } from '../kit/config';
import { createLogger } from '../kit/logger';
import { createTestDatabase, describeWithPostgres, type TestDatabase } from '../kit/testing/postgres';
import { listParked, retryParked, skipParked, type StorageConfig } from '../../projections/runner';
import { allProjections } from '../../projections';
import { startPlatform, type Platform } from './compose';
import { mailReactor } from '../worker/mailReactor';
import { startTestPlatform, type StorageKind, type TestPlatform } from './testing';

/**
 * Issue 8, item 1: one bad byte must never stop the platform. The edge refuses control, bidi and lone
 * surrogate characters in every text field; and an event a projection cannot apply (written before that edge
 * check existed) is parked, so logins, writes and restarts go on. PostgreSQL text cannot hold NUL at all.
 */
type Problem = { status: number; reason: string; errors?: Record<string, string[]> };

const forbidden = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u202e', '\u2067', '\ud800', '\udc00'];

const registration = (overrides: Record<string, unknown>) => ({
  first_name: 'Ann',
  last_name: 'Lee',
  email: `ann-${Math.random().toString(36).slice(2)}@example.test`,
  password: 'a long enough password',
  password_confirmation: 'a long enough password',
  ...overrides,
});

function edgeSuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  let organizerId: string;

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await t.client(token)<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Harbour Arts' },
    });
    organizerId = organizer.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const newEvent = (overrides: Record<string, unknown> = {}) => ({
    organizer_id: organizerId,
    title: 'Harbour Lights',
    start_date: '2027-03-05T18:00:00+01:00',
    timezone: 'Europe/Berlin',
    currency: 'EUR',
    ...overrides,
  });

  it('refuses a sign-up whose name holds a control, bidi or lone surrogate character', async () => {
    for (const character of forbidden) {
      const response = await t.client()<Problem>('POST', '/api/auth/register', {
        json: registration({ first_name: `Ann${character}` }),
      });
      expect(response.status, JSON.stringify(character)).toBe(400);
      expect(response.body.reason).toBe('invalid_characters');
      expect(Object.keys(response.body.errors ?? {})).toEqual(['first_name']);
    }
  });

  it('refuses them in every text field of an event, nested ones and keys included', async () => {
    const api = t.client(token);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'Gig\u0000' }, 'title'],
      [{ description: 'Doors open\u0000' }, 'description'],
      [{ description: 'Read \u202Eright to left' }, 'description'],
      [{ location: { city: 'Ber\u0000lin' } }, 'location.city'],
      [{ 'bad\u0000key': 1 }, '_'],
    ];
    for (const [overrides, field] of cases) {
      const response = await api<Problem>('POST', '/api/events', { json: newEvent(overrides) });
      expect(response.status, field).toBe(400);
      expect(response.body.reason).toBe('invalid_characters');
      expect(Object.keys(response.body.errors ?? {})).toEqual([field]);
    }
  });

  it('takes tabs and line breaks in multi-line text only', async () => {
    const api = t.client(token);
    const multiLine = await api('POST', '/api/events', {
      json: newEvent({ description: 'Doors open at 7.\n\tBring a coat.\r\n' }),
    });
    expect(multiLine.status).toBe(201);
    const title = await api<Problem>('POST', '/api/events', { json: newEvent({ title: 'Harbour\nLights' }) });
    expect(title.status).toBe(400);
    expect(title.body.reason).toBe('validation_failed');
    expect(title.body.errors).toHaveProperty('title');
  });

  it('refuses them in list query parameters', async () => {
    const api = t.client(token);
    for (const query of ['query=%00', 'query=a%E2%80%AEb', 'filter_fields[title][like]=%00']) {
      const response = await api<Problem>('GET', `/api/events?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.reason).toBe('invalid_characters');
    }
  });
}

/** A platform on storage that outlives it, so the test can restart it. */
async function openStorage(kind: StorageKind): Promise<{ storage: StorageConfig; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'poison-'));
  const database: TestDatabase | undefined =
    kind === 'postgres' ? await createTestDatabase('poison') : undefined;
  const storage: StorageConfig = database
    ? {
        dataDir,
        eventStore: { kind: 'postgres', url: database.url },
        readModels: { kind: 'postgres', url: database.url },
      }
    : {
        dataDir,
        eventStore: { kind: 'sqlite', file: join(dataDir, 'events.sqlite') },
        readModels: { kind: 'sqlite', file: join(dataDir, 'readmodels.sqlite') },
      };
  return {
    storage,
    async drop() {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const admin = { email: 'admin@example.test', password: 'correct horse battery staple' };

async function start(
  storage: StorageConfig,
  config: Partial<AppConfig> = {},
): Promise<{
  platform: Platform;
  baseUrl: string;
}> {
  const platform = await startPlatform(
    {
      ...readAppConfig({}),
      port: 0,
      host: '127.0.0.1',
      dataDir: storage.dataDir,
      adminEmail: admin.email,
      adminPassword: admin.password,
      logLevel: 'error',
      webDist: join(storage.dataDir, 'no-web'),
      ...config,
    },
    storage,
    { logger: createLogger('error') },
  );
  await bootstrapFirstRun(platform.services);
  const { port } = await platform.listen();
  return { platform, baseUrl: `http://127.0.0.1:${port}` };
}

async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; json?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> & { token?: string } }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.json !== undefined ? JSON.stringify(options.json) : undefined,
  });
  const text = await response.text();
  const body = (text.startsWith('{') ? JSON.parse(text) : { text }) as Record<string, unknown> & {
    token?: string;
  };
  return { status: response.status, body };
}

/** Events as a platform without the edge check wrote them: the store takes any JSON. */
function poisonEvents(): { stream: string; event: NewEvent; failsOn: StorageKind[] }[] {
  const metadata = { correlationId: 'poison', causationId: 'poison', actor: 'public' };
  const registered = (userId: string, overrides: Record<string, unknown>) => ({
    type: 'UserRegistered',
    data: {
      userId,
      email: `${userId}@example.test`,
      firstName: 'Ann',
      lastName: 'Lee',
      timezone: 'UTC',
      locale: 'en',
      passwordHash: 'not a hash',
      emailVerified: false,
      registeredAt: '2026-11-22T12:00:00.000Z',
      ...overrides,
    },
    metadata,
  });
  return [
    {
      stream: 'user-us_poisonnul',
      event: { id: 'poison-nul', ...registered('us_poisonnul', { firstName: 'Ann\u0000' }) },
      failsOn: ['postgres'],
    },
    {
      // An older shape of the event without a field the read model needs: fails on both databases.
      stream: 'user-us_poisonnull',
      event: { id: 'poison-null', ...registered('us_poisonnull', { email: null }) },
      failsOn: ['sqlite', 'postgres'],
    },
  ];
}

function parkingSuite(kind: StorageKind) {
  it('parks events a projection cannot apply: logins, writes and a restart go on, /readyz and metrics name them', async () => {
    const { storage, ...opened } = await openStorage(kind);
    let platform: Platform | undefined;
    try {
      let started = await start(storage);
      platform = started.platform;
      const poison = poisonEvents();
      for (const { stream, event } of poison)
        await platform.services.store.append(stream, [event], { expected: 'no_stream' });
      // Both the identity projection and the worker's mail reactor apply UserRegistered.
      const poisoned = poison.filter((entry) => entry.failsOn.includes(kind)).length;
      const expectedParked = poisoned * 2;

      const login = await call(started.baseUrl, 'POST', '/api/auth/login', { json: admin });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const token = login.body.token!;
      const write = await call(started.baseUrl, 'POST', '/api/organizers', {
        token,
        json: { name: 'After the poison' },
      });
      expect(write.status, JSON.stringify(write.body)).toBe(201);

      const ready = await call(started.baseUrl, 'GET', '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({
        status: 'degraded',
        failed_projections: [],
        parked_events: expectedParked,
      });
      const parked = ready.body.parked as { projection: string; type: string; error?: string }[];
      expect(parked, JSON.stringify(parked)).toHaveLength(expectedParked);
      expect(parked.filter((entry) => entry.projection === 'identity')).toHaveLength(poisoned);
      expect(parked.filter((entry) => entry.projection === 'mail-reactor')).toHaveLength(poisoned);
      expect(parked.every((entry) => entry.type === 'UserRegistered')).toBe(true);
      // The errors quote the event's data (names, emails): they stay in the logs and the CLI.
      expect(parked.every((entry) => entry.error === undefined)).toBe(true);
      const metrics = await fetch(`${started.baseUrl}/metrics`).then((response) => response.text());
      expect(metrics).toContain(`projection_parked_events{projection="identity"} ${poisoned}`);
      expect(metrics).toContain(`projection_parked_events{projection="mail-reactor"} ${poisoned}`);
      expect(metrics).toContain('projection_parked_events{projection="events"} 0');
      expect(metrics).toContain('projection_failed{projection="identity"} 0');

      // A restart does not exit because of a parked event, and does not park it twice.
      await platform.close();
      platform = undefined;
      started = await start(storage);
      platform = started.platform;
      expect((await call(started.baseUrl, 'POST', '/api/auth/login', { json: admin })).status).toBe(200);
      const listed = await listParked(platform.services.db);
      expect(listed).toHaveLength(expectedParked);

      // The operator's tools: a retry that fails again keeps the event parked; a skip removes it.
      for (const entry of listed) {
        const retried = await retryParked(
          platform.services.store,
          platform.services.db,
          [...allProjections, mailReactor({ publicUrl: 'http://localhost' })],
          entry.id,
          new Date(),
        );
        expect(retried).toMatchObject({ id: entry.id, outcome: 'failed' });
        expect(await skipParked(platform.services.db, entry.id)).toMatchObject({ id: entry.id });
      }
      expect(await listParked(platform.services.db)).toEqual([]);
      const healthy = await call(started.baseUrl, 'GET', '/readyz');
      expect(healthy.body).toMatchObject({ status: 'ready', parked_events: 0 });
      const cleared = await fetch(`${started.baseUrl}/metrics`).then((response) => response.text());
      expect(cleared).toContain('projection_parked_events{projection="identity"} 0');
      expect(cleared).not.toContain('projection_parked_events{projection="mail-reactor"}');
    } finally {
      await platform?.close();
      await opened.drop();
    }
  });

  it('with PROJECTION_ON_ERROR=stop stops only the failing projection: logins, writes and a restart go on', async () => {
    const { storage, ...opened } = await openStorage(kind);
    let platform: Platform | undefined;
    try {
      let started = await start(storage, { projectionOnError: 'stop' });
      platform = started.platform;
      await platform.services.store.append(
        'organizer-or_poison',
        [
          {
            id: 'poison-organizer',
            type: 'OrganizerCreated',
            data: {
              organizerId: 'or_poison',
              accountId: 'ac_poison',
              name: null,
              createdAt: '2026-11-22T12:00:00Z',
            },
            metadata: { correlationId: 'poison', causationId: 'poison', actor: 'public' },
          },
        ],
        { expected: 'no_stream' },
      );
      const login = await call(started.baseUrl, 'POST', '/api/auth/login', { json: admin });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const ready = await call(started.baseUrl, 'GET', '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'degraded', failed_projections: ['organizers'] });
      // The organizers' screens are stale; the rest of the platform is not held up by them.
      const write = await call(started.baseUrl, 'PUT', '/api/users/me', {
        token: login.body.token!,
        json: { timezone: 'Europe/Berlin' },
      });
      expect(write.status, JSON.stringify(write.body)).toBe(200);

      await platform.close();
      platform = undefined;
      started = await start(storage, { projectionOnError: 'stop' });
      platform = started.platform;
      expect((await call(started.baseUrl, 'GET', '/readyz')).body).toMatchObject({ status: 'degraded' });
    } finally {
      await platform?.close();
      await opened.drop();
    }
  });
}

describe('poison input (sqlite)', () => {
  edgeSuite('sqlite');
  parkingSuite('sqlite');
});
describeWithPostgres('poison input (postgres)', () => {
  edgeSuite('postgres');
  parkingSuite('postgres');
});

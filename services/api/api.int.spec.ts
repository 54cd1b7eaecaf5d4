import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../kit/clock';
import { describeWithPostgres } from '../kit/testing/postgres';
import { startTestPlatform, type StorageKind, type TestPlatform } from './testing';

type Problem = {
  type: string;
  title: string;
  status: number;
  reason: string;
  errors?: Record<string, string[]>;
};
type EventBody = {
  data: { id: string; title: string; slug: string; status: string; lifecycle: string; start_date: string };
};
type ListBody = {
  data: { id: string; title: string }[];
  meta: { total: number; per_page: number; last_page: number; current_page: number };
};

/** Events need an organizer (spec section 5); each suite creates one for its account. */
let organizerId = '';

const newEvent = (overrides: Record<string, unknown> = {}) => ({
  organizer_id: organizerId,
  title: 'Harbour Lights Festival',
  start_date: '2027-03-05T18:00:00+01:00',
  end_date: '2027-03-05T23:30:00+01:00',
  timezone: 'Europe/Berlin',
  currency: 'EUR',
  ...overrides,
});

function expectProblem(
  response: { status: number; headers: Headers; body: unknown },
  status: number,
  reason: string,
) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

function apiSuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  const clock = new ManualClock(new Date('2026-11-22T12:00:00.000Z'));

  beforeAll(async () => {
    t = await startTestPlatform(kind, { clock });
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await t.client(token)<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Harbour Arts' },
    });
    organizerId = organizer.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('system endpoints', () => {
    it('answers health, readiness with projection lag, and Prometheus metrics', async () => {
      const api = t.client();
      expect((await api('GET', '/healthz')).status).toBe(200);
      const ready = await api<{ status: string; projections: { projection: string; behind: string }[] }>(
        'GET',
        '/readyz',
      );
      expect(ready.status).toBe(200);
      expect(ready.body.projections.map((p) => p.projection)).toEqual(
        expect.arrayContaining([
          'events',
          'identity',
          'sessions',
          'eventPages',
          'organizers',
          'eventDefaults',
        ]),
      );
      const metrics = await api<string>('GET', '/metrics');
      expect(metrics.body).toContain('http_request_duration_seconds_bucket');
      expect(metrics.body).toContain('projection_lag_positions{projection="events"}');
      expect(metrics.body).toContain('command_conflicts_total');
      // The first run's commands (the admin, the sample event) were taken by this process's command handler.
      expect(metrics.body).toMatch(/^commands_total\{stream_category="[\w-]+"\} [1-9]/m);
    });

    it('sets request ids and security headers', async () => {
      const response = await t.client()('GET', '/healthz');
      expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    });

    it('answers an unknown API route with a 404 problem', async () => {
      expectProblem(await t.client(token)('GET', '/api/no-such-thing'), 404, 'route_not_found');
    });
  });

  describe('authentication', () => {
    it('logs in with the token in the body and the X-Auth-Token header', async () => {
      const response = await t.client()<{ token: string; user: { email: string; role: string } }>(
        'POST',
        '/api/auth/login',
        {
          json: { email: 'ADMIN@example.test', password: t.admin.password },
        },
      );
      expect(response.status).toBe(200);
      expect(response.body.token).toMatch(/^[\w-]{40,}$/);
      expect(response.headers.get('x-auth-token')).toBe(response.body.token);
      expect(response.body.user).toMatchObject({ email: t.admin.email, role: 'ADMIN' });
      const me = await t.client(response.body.token)<{ data: { email: string } }>('GET', '/api/users/me');
      expect(me.body.data.email).toBe(t.admin.email);
    });

    it('refuses a wrong password and an unknown email alike', async () => {
      const api = t.client();
      const wrong = expectProblem(
        await api('POST', '/api/auth/login', { json: { email: t.admin.email, password: 'nope-nope' } }),
        401,
        'invalid_credentials',
      );
      const unknown = expectProblem(
        await api('POST', '/api/auth/login', {
          json: { email: 'ghost@example.test', password: 'nope-nope' },
        }),
        401,
        'invalid_credentials',
      );
      expect(wrong.title).toBe('Please check your email and password and try again');
      expect(unknown.title).toBe(wrong.title);
    });

    it('lists field errors for a malformed login', async () => {
      const problem = expectProblem(
        await t.client()('POST', '/api/auth/login', { json: { email: 'not-an-email', password: '' } }),
        400,
        'validation_failed',
      );
      expect(Object.keys(problem.errors ?? {}).sort()).toEqual(['email', 'password']);
    });

    it('requires a token on the authenticated API', async () => {
      expectProblem(await t.client()('GET', '/api/events'), 401, 'unauthenticated');
      expectProblem(await t.client('made-up-token')('GET', '/api/events'), 401, 'token_expired');
    });

    it('stops accepting a token after logout', async () => {
      const session = await t.login(t.admin.email, t.admin.password);
      expect((await t.client(session)('POST', '/api/auth/logout')).status).toBe(204);
      expectProblem(await t.client(session)('GET', '/api/users/me'), 401, 'token_expired');
      expect((await t.client(token)('GET', '/api/users/me')).status).toBe(200);
    });

    it('stops accepting a token once it expires', async () => {
      const session = await t.login(t.admin.email, t.admin.password);
      clock.advance(8 * 24 * 3_600_000);
      try {
        expectProblem(await t.client(session)('GET', '/api/users/me'), 401, 'token_expired');
      } finally {
        clock.advance(-8 * 24 * 3_600_000);
      }
    });
  });

  describe('events', () => {
    it('creates a draft event, answering with its position and location', async () => {
      const created = await t.client(token)<EventBody>('POST', '/api/events', { json: newEvent() });
      expect(created.status).toBe(201);
      expect(created.headers.get('x-position')).toMatch(/^\d+$/);
      expect(created.headers.get('location')).toBe(`/api/events/${created.body.data.id}`);
      expect(created.body.data).toMatchObject({
        title: 'Harbour Lights Festival',
        slug: 'harbour-lights-festival',
        status: 'DRAFT',
        lifecycle: 'upcoming',
        start_date: '2027-03-05T17:00:00.000Z',
      });
      const fetched = await t.client(token)<EventBody>('GET', `/api/events/${created.body.data.id}`);
      expect(fetched.body.data.title).toBe('Harbour Lights Festival');
    });

    it('refuses bad event input with field errors, never a 500', async () => {
      const api = t.client(token);
      const types = expectProblem(
        await api('POST', '/api/events', { json: newEvent({ title: 42, currency: 'euro' }) }),
        400,
        'validation_failed',
      );
      expect(Object.keys(types.errors ?? {}).sort()).toEqual(['currency', 'title']);
      const missing = expectProblem(await api('POST', '/api/events', { json: {} }), 400, 'validation_failed');
      expect(Object.keys(missing.errors ?? {})).toEqual(
        expect.arrayContaining(['title', 'start_date', 'timezone', 'currency', 'organizer_id']),
      );
      const dates = expectProblem(
        await api('POST', '/api/events', { json: newEvent({ end_date: '2027-03-05T17:00:00+01:00' }) }),
        422,
        'event_dates_invalid',
      );
      expect(dates.errors).toHaveProperty('end_date');
      expectProblem(
        await api('POST', '/api/events', { json: newEvent({ timezone: 'Mars/Base' }) }),
        422,
        'invalid_timezone',
      );
      expectProblem(
        await api('POST', '/api/events', { json: newEvent({ unknown_field: 1 }) }),
        400,
        'validation_failed',
      );
      expectProblem(
        await api('POST', '/api/events', {
          raw: '{"title": ',
          headers: { 'content-type': 'application/json' },
        }),
        400,
        'malformed_json',
      );
      expectProblem(
        await api('POST', '/api/events', { raw: 'title=x', headers: { 'content-type': 'text/plain' } }),
        415,
        'unsupported_media_type',
      );
      const huge = JSON.stringify(newEvent({ description: 'x'.repeat(2 * 1024 * 1024) }));
      expectProblem(
        await api('POST', '/api/events', { raw: huge, headers: { 'content-type': 'application/json' } }),
        413,
        'payload_too_large',
      );
      expectProblem(
        await api('PUT', '/api/events/not an id', { json: { title: 'x' } }),
        404,
        'event_not_found',
      );
    });

    it('lists with search, sort, filters and pagination, and refuses what is not allow-listed', async () => {
      const api = t.client(token);
      for (const title of ['Alpha Night', 'Bravo Matinee', 'Charlie Gala']) {
        expect((await api('POST', '/api/events', { json: newEvent({ title }) })).status).toBe(201);
      }
      const searched = await api<ListBody>('GET', '/api/events?query=matinee');
      expect(searched.body.data.map((e) => e.title)).toEqual(['Bravo Matinee']);
      const sorted = await api<ListBody>('GET', '/api/events?sort_by=title&sort_direction=desc&per_page=2');
      expect(sorted.body.data.map((e) => e.title)).toEqual([
        'Open-Air Jazz Evening',
        'Harbour Lights Festival',
      ]);
      expect(sorted.body.meta).toMatchObject({ per_page: 2, current_page: 1 });
      expect(sorted.body.meta.last_page).toBe(Math.ceil(sorted.body.meta.total / 2));
      const page2 = await api<ListBody>(
        'GET',
        '/api/events?sort_by=title&sort_direction=desc&per_page=2&page=2',
      );
      expect(page2.body.data.map((e) => e.title)).toEqual(['Charlie Gala', 'Bravo Matinee']);
      const live = await api<ListBody>('GET', '/api/events?filter_fields[status][eq]=LIVE');
      expect(live.body.data.map((e) => e.title)).toEqual(['Open-Air Jazz Evening']);
      const capped = await api<ListBody>('GET', '/api/events?per_page=1000');
      expect(capped.body.meta.per_page).toBe(100);
      expectProblem(await api('GET', '/api/events?sort_by=password_hash'), 400, 'unsupported_sort');
      expectProblem(
        await api('GET', '/api/events?filter_fields[account_id][eq]=x'),
        400,
        'unsupported_filter',
      );
      expectProblem(
        await api('GET', '/api/events?filter_fields[status][like]=LI'),
        400,
        'unsupported_filter',
      );
      expectProblem(await api('GET', '/api/events?filter_fields[status][eq]=SOLD'), 400, 'validation_failed');
      expectProblem(await api('GET', '/api/events?page=0'), 400, 'validation_failed');
      expectProblem(await api('GET', '/api/events?sort_direction=sideways'), 400, 'validation_failed');
    });

    it('derives upcoming, ongoing and ended from the dates', async () => {
      const api = t.client(token);
      await api('POST', '/api/events', {
        json: newEvent({
          title: 'Running Now',
          start_date: '2026-11-22T10:00:00Z',
          end_date: '2026-11-22T20:00:00Z',
        }),
      });
      await api('POST', '/api/events', {
        json: newEvent({
          title: 'Long Gone',
          start_date: '2025-01-01T10:00:00Z',
          end_date: '2025-01-01T20:00:00Z',
        }),
      });
      const ongoing = await api<ListBody>('GET', '/api/events?filter_fields[lifecycle][eq]=ongoing');
      expect(ongoing.body.data.map((e) => e.title)).toEqual(['Running Now']);
      const ended = await api<ListBody>('GET', '/api/events?filter_fields[lifecycle][eq]=ended');
      expect(ended.body.data.map((e) => e.title)).toEqual(['Long Gone']);
    });

    it('edits an event and moves it through publish, draft, archive and restore', async () => {
      const api = t.client(token);
      const { body } = await api<EventBody>('POST', '/api/events', {
        json: newEvent({ title: 'Lifecycle Test' }),
      });
      const id = body.data.id;
      const edited = await api<EventBody>('PUT', `/api/events/${id}`, {
        json: { title: 'Lifecycle Test Renamed' },
      });
      expect(edited.body.data).toMatchObject({
        title: 'Lifecycle Test Renamed',
        slug: 'lifecycle-test-renamed',
      });
      expectProblem(await t.client()('GET', `/api/public/events/${id}`), 404, 'event_not_found');

      // Publishing needs a ticket (`no_tickets` otherwise).
      await api('POST', `/api/events/${id}/tickets`, { json: { type: 'FREE', title: 'Entry' } });
      expect(
        (await api<EventBody>('PUT', `/api/events/${id}/status`, { json: { status: 'LIVE' } })).body.data
          .status,
      ).toBe('LIVE');
      const publicPage = await t.client()<EventBody>('GET', `/api/public/events/${id}`);
      expect(publicPage.status).toBe(200);
      expect(publicPage.body.data.title).toBe('Lifecycle Test Renamed');
      expect(
        (await t.client()<{ valid: boolean }>('GET', `/api/public/events/${id}/promo-codes/SUMMER`)).body,
      ).toEqual({ valid: false });

      expect(
        (await api<EventBody>('PUT', `/api/events/${id}/status`, { json: { status: 'ARCHIVED' } })).body.data
          .status,
      ).toBe('ARCHIVED');
      expectProblem(
        await api('PUT', `/api/events/${id}`, { json: { title: 'Nope' } }),
        409,
        'event_archived',
      );
      expectProblem(
        await api('PUT', `/api/events/${id}/status`, { json: { status: 'LIVE' } }),
        409,
        'invalid_status_transition',
      );
      expect(
        (await api<EventBody>('PUT', `/api/events/${id}/status`, { json: { status: 'DRAFT' } })).body.data
          .status,
      ).toBe('DRAFT');
      expectProblem(
        await api('PUT', `/api/events/${id}/status`, { json: { status: 'GONE' } }),
        400,
        'validation_failed',
      );
    });

    it('shows buyers every change at once although the public event is served from memory', async () => {
      // The clock is manual, so the cache's time-to-live never runs out here: only invalidation can refresh it.
      const api = t.client(token);
      const visitor = t.client();
      const { body } = await api<EventBody>('POST', '/api/events', {
        json: newEvent({ title: 'Cache Test' }),
      });
      const id = body.data.id;
      expectProblem(await visitor('GET', `/api/public/events/${id}`), 404, 'event_not_found');
      await api('POST', `/api/events/${id}/tickets`, { json: { type: 'FREE', title: 'Entry' } });
      await api('PUT', `/api/events/${id}/status`, { json: { status: 'LIVE' } });
      for (let i = 0; i < 3; i++) {
        expect((await visitor<EventBody>('GET', `/api/public/events/${id}`)).body.data.title).toBe(
          'Cache Test',
        );
      }
      await api('PUT', `/api/events/${id}`, { json: { title: 'Cache Test Renamed' } });
      expect((await visitor<EventBody>('GET', `/api/public/events/${id}`)).body.data.title).toBe(
        'Cache Test Renamed',
      );
      await api('PUT', `/api/organizers/${organizerId}`, { json: { name: 'Harbour Arts Renamed' } });
      const withOrganizer = await visitor<{ data: { organizer: { name: string } } }>(
        'GET',
        `/api/public/events/${id}`,
      );
      expect(withOrganizer.body.data.organizer.name).toBe('Harbour Arts Renamed');
      await api('PUT', `/api/events/${id}/status`, { json: { status: 'ARCHIVED' } });
      expectProblem(await visitor('GET', `/api/public/events/${id}`), 404, 'event_not_found');
    });

    it("gives another account's event ids a 404 and never its data", async () => {
      const own = await t.client(token)<EventBody>('POST', '/api/events', {
        json: newEvent({ title: 'Private Soiree' }),
      });
      const id = own.body.data.id;
      const other = await t.otherAccount();
      const api = t.client(other.token);
      expectProblem(await api('GET', `/api/events/${id}`), 404, 'event_not_found');
      expectProblem(
        await api('PUT', `/api/events/${id}`, { json: { title: 'Hijacked' } }),
        404,
        'event_not_found',
      );
      expectProblem(
        await api('PUT', `/api/events/${id}/status`, { json: { status: 'LIVE' } }),
        404,
        'event_not_found',
      );
      const list = await api<ListBody>('GET', '/api/events');
      expect(list.body.meta.total).toBe(0);
      const mine = await t.client(token)<EventBody>('GET', `/api/events/${id}`);
      expect(mine.body.data.title).toBe('Private Soiree');
      expect(mine.body.data.status).toBe('DRAFT');
    });

    it('shows only live events on the public list', async () => {
      const list = await t.client()<ListBody>('GET', '/api/public/events');
      expect(list.status).toBe(200);
      expect(list.body.data.every((e) => e.title !== 'Private Soiree')).toBe(true);
      expect(list.body.data.map((e) => e.title)).toContain('Open-Air Jazz Evening');
    });
  });

  describe('web shell', () => {
    it('redirects / to the sample event page', async () => {
      const response = await t.client()('GET', '/');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toMatch(/^\/event\/ev_[0-9a-z]+\/open-air-jazz-evening$/);
    });
  });
}

describe('API on SQLite', () => apiSuite('sqlite'));
describeWithPostgres('API on PostgreSQL', () => apiSuite('postgres'));

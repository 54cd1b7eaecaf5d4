import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../kit/testing/postgres';
import { pngChunk } from '../kit/png';
import { pngImage } from '../catalog/images/testing';
import { startTestPlatform, type StorageKind, type TestPlatform } from './testing';

/** What an outsider sees of the platform's edges: headers, operator endpoints, waiting reads. */
function hardeningSuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  const metricsToken = 'operator-secret-token-1234';

  beforeAll(async () => {
    t = await startTestPlatform(kind, {
      config: { publicUrl: 'https://shop.example.test', metricsToken },
    });
    token = await t.login(t.admin.email, t.admin.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('security headers', () => {
    it('limit images, connections and form targets to what the pages need', async () => {
      const response = await t.client()('GET', '/healthz');
      const policy = response.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        policy.split(';').map((directive) => {
          const [name = '', ...values] = directive.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      expect(directives.get('form-action')).toEqual(["'self'"]);
      const connect = directives.get('connect-src') ?? [];
      expect(connect).toContain("'self'");
      expect(connect).not.toContain('ws:');
      expect(connect).not.toContain('wss:');
      expect(connect).not.toContain('https:');
      const images = directives.get('img-src') ?? [];
      expect(images).not.toContain('http:');
      expect(images).not.toContain('*');
      expect(images).not.toContain('https:');
    });

    it('ask browsers to keep to HTTPS when the public address is https', async () => {
      const response = await t.client()('GET', '/healthz');
      expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    });
  });

  describe('the public events list', () => {
    it('does not tell buyers which account an event belongs to', async () => {
      const list = await t.client()<{ data: Record<string, unknown>[] }>('GET', '/api/public/events');
      expect(list.status).toBe(200);
      expect(list.body.data.length).toBeGreaterThan(0);
      for (const event of list.body.data) expect(event).not.toHaveProperty('account_id');
    });
  });

  describe('uploaded images', () => {
    async function upload(content: Buffer) {
      const api = t.client(token);
      const organizer = await api<{ data: { id: string } }>('POST', '/api/organizers', {
        json: { name: 'Photo Hall' },
      });
      const created = await api<{ data: { id: string } }>('POST', '/api/events', {
        json: {
          organizer_id: organizer.body.data.id,
          title: 'Photo night',
          start_date: '2027-03-05T18:00:00+01:00',
          timezone: 'Europe/Berlin',
          currency: 'EUR',
        },
      });
      const form = new FormData();
      form.append('type', 'EVENT_COVER');
      form.append('image', new Blob([new Uint8Array(content)], { type: 'image/png' }), 'cover.png');
      const response = await fetch(`${t.baseUrl}/api/events/${created.body.data.id}/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as { data?: { url: string } } };
    }

    it('are published without the location and text their file carried', async () => {
      const original = pngImage(700, 400);
      const gps = pngChunk('tEXt', Buffer.from('GPS\0lat 52.5200 lon 13.4050', 'latin1'));
      const tagged = Buffer.concat([original.subarray(0, 33), gps, original.subarray(33)]);
      const uploaded = await upload(tagged);
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      const served = await fetch(`${t.baseUrl}${uploaded.body.data?.url ?? ''}`);
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(served.status).toBe(200);
      expect(bytes.toString('latin1')).not.toContain('52.5200');
      expect(bytes.equals(original)).toBe(true);
    });

    it('are refused when another file rides along after the picture', async () => {
      const polyglot = Buffer.concat([pngImage(700, 400), Buffer.from('<html><script>alert(1)</script>')]);
      const uploaded = await upload(polyglot);
      expect(uploaded.status).toBe(415);
    });
  });

  describe('caching', () => {
    it('forbids storing a login answer', async () => {
      const response = await t.client()('POST', '/api/auth/login', {
        json: { email: t.admin.email, password: t.admin.password },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it('forbids storing any authenticated answer, refusals included', async () => {
      const me = await t.client(token)('GET', '/api/users/me');
      expect(me.status).toBe(200);
      expect(me.headers.get('cache-control')).toBe('no-store');
      const publicList = await t.client(token)('GET', '/api/public/events');
      expect(publicList.headers.get('cache-control')).toBe('no-store');
      const missing = await t.client(token)('GET', '/api/events/ev_doesnotexist1');
      expect(missing.status).toBe(404);
      expect(missing.headers.get('cache-control')).toBe('no-store');
    });
  });

  describe('operator endpoints', () => {
    it('answer metrics only with the configured bearer token', async () => {
      const anonymous = await t.client()('GET', '/metrics');
      expect(anonymous.status).toBe(401);
      const wrong = await t.client('not-the-token')('GET', '/metrics');
      expect(wrong.status).toBe(401);
      const operator = await t.client(metricsToken)<string>('GET', '/metrics');
      expect(operator.status).toBe(200);
      expect(operator.body).toContain('http_request_duration_seconds_bucket');
    });

    it('tell anyone whether the platform is ready, and only the operator why', async () => {
      const anonymous = await t.client()<Record<string, unknown>>('GET', '/readyz');
      expect(anonymous.status).toBe(200);
      expect(anonymous.body).toEqual({ status: 'ready' });
      const operator = await t.client(metricsToken)<{ projections: unknown[] }>('GET', '/readyz');
      expect(operator.status).toBe(200);
      expect(operator.body.projections.length).toBeGreaterThan(0);
    });
  });

  describe('reading after a write', () => {
    it('does not let an anonymous request wait on a position', async () => {
      const head = await t.platform.services.store.head();
      const started = Date.now();
      const response = await t.client()('GET', '/api/public/events', {
        headers: { 'X-Min-Position': String(head + 1_000_000n) },
      });
      expect(response.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it('still lets a member wait for their own write, for a bounded time', async () => {
      const head = await t.platform.services.store.head();
      const started = Date.now();
      const response = await t.client(token)('GET', '/api/users/me', {
        headers: { 'X-Min-Position': String(head + 1_000_000n) },
      });
      expect(response.status).toBe(200);
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(1_000);
      expect(waited).toBeLessThan(10_000);
    });
  });
}

describe('edges on SQLite', () => hardeningSuite('sqlite'));
describeWithPostgres('edges on PostgreSQL', () => hardeningSuite('postgres'));

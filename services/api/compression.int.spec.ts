import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../kit/testing/postgres';
import { precompressDirectory } from '../../web/scripts/precompress';
import { startTestPlatform, type StorageKind, type TestPlatform } from './testing';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came over the wire, still encoded. */
  body: Buffer;
}

/** A GET that sends exactly the Accept-Encoding given (fetch would add its own and decode the answer). */
function rawGet(url: string, acceptEncoding: string | null, token?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (acceptEncoding !== null) headers['accept-encoding'] = acceptEncoding;
    if (token) headers.authorization = `Bearer ${token}`;
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  expect(encoding).toBeUndefined();
  return answer.body.toString('utf8');
}

const varies = (answer: RawAnswer) =>
  String(answer.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

/** A build as Vite leaves it: hashed assets, the index page, a public file; then pre-compressed. */
function fakeBuild(): { dir: string; script: string; index: string; admin: string; scanner: string } {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  const script = `export const tickets = [${Array.from({ length: 400 }, (_, i) => `"ticket ${i}"`).join(',')}];\n`;
  const index =
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Ticket Shop</title>' +
    '<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script></head>' +
    `<body><div id="root"></div>${'<!-- padding so the page is worth compressing -->'.repeat(40)}</body></html>`;
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), script);
  writeFileSync(join(dir, 'assets', 'tiny-Ef56Gh78.js'), 'export const a = 1;\n');
  writeFileSync(join(dir, 'index.html'), index);
  const admin = index.replace(
    '</head>',
    '<link rel="modulepreload" href="/assets/admin-Ij90Kl12.js"></head>',
  );
  writeFileSync(join(dir, 'admin.html'), admin);
  const scanner = admin.replace(
    '</head>',
    '<link rel="modulepreload" href="/assets/ScannerPage-Mn34Op56.js"></head>',
  );
  writeFileSync(join(dir, 'scanner.html'), scanner);
  return { dir, script, index, admin, scanner };
}

function compressionSuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  let eventId: string;
  const build = fakeBuild();

  beforeAll(async () => {
    await precompressDirectory(build.dir);
    t = await startTestPlatform(kind, { config: { webDist: build.dir } });
    token = await t.login(t.admin.email, t.admin.password);
    const api = t.client(token);
    const organizer = await api<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Compression Hall' },
    });
    const event = await api<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Packed night',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    eventId = event.body.data.id;
    const ticket = await api<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'FREE', title: 'Standing', quantity: 100 },
    });
    await api('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } });
    const buyer = t.client();
    for (let n = 0; n < 8; n++) {
      const orders = `/api/public/events/${eventId}/orders`;
      const placed = await buyer<{ data: { short_id: string } }>('POST', orders, {
        json: { lines: [{ ticket_id: ticket.body.data.id, quantity: 2 }] },
      });
      const order = `${orders}/${placed.body.data.short_id}`;
      const person = {
        first_name: `Buyer${n}`,
        last_name: 'Longname-Streaming',
        email: `b${n}@example.test`,
      };
      await buyer('PUT', `${order}/details`, {
        json: { ...person, attendees: [person, person], terms_agreed: true },
      });
      const completed = await buyer('POST', `${order}/complete`, { json: { payment_method: 'FREE' } });
      expect(completed.status).toBe(200);
    }
  });
  afterAll(async () => {
    await t?.close();
    rmSync(build.dir, { recursive: true, force: true });
  });

  describe('API answers', () => {
    const path = () => `${t.baseUrl}/api/openapi.json`;

    it('come in brotli when the client takes it, and say that they vary by Accept-Encoding', async () => {
      const plain = await rawGet(path(), null);
      const br = await rawGet(path(), 'gzip, deflate, br');
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(varies(br)).toBe(true);
      expect(br.body.length).toBeLessThan(plain.body.length / 3);
      expect(JSON.parse(decoded(br))).toEqual(JSON.parse(decoded(plain)));
    });

    it('come in gzip to a client without brotli', async () => {
      const gzip = await rawGet(path(), 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(varies(gzip)).toBe(true);
      expect(JSON.parse(decoded(gzip))).toHaveProperty('openapi');
    });

    it('come as they are to a client that takes no encoding, or refuses them', async () => {
      for (const accept of [null, 'identity', 'br;q=0, gzip;q=0']) {
        const plain = await rawGet(path(), accept);
        expect(plain.status, String(accept)).toBe(200);
        expect(plain.headers['content-encoding'], String(accept)).toBeUndefined();
        expect(varies(plain)).toBe(true);
        expect(JSON.parse(plain.body.toString('utf8'))).toHaveProperty('openapi');
      }
    });

    it('leave a small answer alone: compressing it would not pay', async () => {
      const small = await rawGet(`${t.baseUrl}/healthz`, 'br, gzip');
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(small.body.toString('utf8'))).toEqual({ status: 'ok' });
    });
  });

  describe('the built web app', () => {
    const asset = () => `${t.baseUrl}/assets/index-Ab12Cd34.js`;

    it('sends the copy the build compressed, by Accept-Encoding, cached for a year as immutable', async () => {
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        [null, undefined],
      ] as const) {
        const answer = await rawGet(asset(), accept);
        expect(answer.status, String(accept)).toBe(200);
        expect(answer.headers['content-encoding'], String(accept)).toBe(encoding);
        expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
        expect(varies(answer)).toBe(true);
        expect(decoded(answer)).toBe(build.script);
      }
      const br = await rawGet(asset(), 'br');
      expect(br.body.length).toBeLessThan(build.script.length / 4);
    });

    it('sends a file too small to have a compressed copy as it is', async () => {
      const answer = await rawGet(`${t.baseUrl}/assets/tiny-Ef56Gh78.js`, 'br, gzip');
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.body.toString('utf8')).toBe('export const a = 1;\n');
    });

    it('keeps the page itself revalidated on every visit, compressed like the rest', async () => {
      const answer = await rawGet(`${t.baseUrl}/checkout/${eventId}/n0228tzfn978begg1x9v/details`, 'br');
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['content-encoding']).toBe('br');
      expect(decoded(answer)).toBe(build.index);
    });

    it('sends the back office and the scanner the pages that preload their chunks', async () => {
      for (const path of ['/manage/events', '/account/settings', '/auth/login', '/welcome']) {
        const answer = await rawGet(`${t.baseUrl}${path}`, 'gzip');
        expect(answer.status, path).toBe(200);
        expect(answer.headers['cache-control'], path).toBe('no-cache');
        expect(decoded(answer), path).toBe(build.admin);
      }
      const scanner = await rawGet(`${t.baseUrl}/check-in/n0228tzfn978begg1x9v`, 'br');
      expect(decoded(scanner)).toBe(build.scanner);
      for (const path of ['/managers', '/widget/ev_x', '/order/ev_x/n0228tzfn978begg1x9v/print']) {
        const answer = await rawGet(`${t.baseUrl}${path}`, 'gzip');
        expect(decoded(answer), path).toBe(build.index);
      }
    });

    it('compresses an event page whose head the server writes on the fly', async () => {
      const answer = await rawGet(`${t.baseUrl}/event/${eventId}/packed-night`, 'gzip');
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(decoded(answer)).toContain('Packed night');
    });

    it("starts the event page's data call with the page, unless a promo code asks for more", async () => {
      const preload = `<link rel="preload" as="fetch" href="/api/public/events/${eventId}" crossorigin="use-credentials" />`;
      const page = decoded(await rawGet(`${t.baseUrl}/event/${eventId}/packed-night?utm_source=mail`, 'br'));
      expect(page).toContain(preload);
      expect(page.indexOf(preload)).toBeLessThan(page.indexOf('</head>'));
      const withCode = decoded(
        await rawGet(`${t.baseUrl}/event/${eventId}/packed-night?promo_code=JAZZ`, 'br'),
      );
      expect(withCode).toContain('Packed night');
      expect(withCode).not.toContain('rel="preload" as="fetch"');
    });

    it('keeps the document policies off the hashed files, which never are documents', async () => {
      const answer = await rawGet(asset(), 'br');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toBeUndefined();
      const page = await rawGet(`${t.baseUrl}/checkout/${eventId}/n0228tzfn978begg1x9v/details`, 'br');
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
      expect(page.headers['x-frame-options']).toBe('DENY');
    });
  });

  describe('streams', () => {
    it('leave an export uncompressed, streaming in chunks as it is written', async () => {
      const answer = await rawGet(
        `${t.baseUrl}/api/events/${eventId}/attendees/export?format=csv`,
        'br, gzip',
        token,
      );
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['transfer-encoding']).toBe('chunked');
      const csv = answer.body.toString('utf8');
      expect(csv.length).toBeGreaterThan(1024);
      expect(csv.match(/Longname-Streaming/g)?.length).toBe(16);
    });

    it('leave Socket.IO to itself', async () => {
      const answer = await rawGet(`${t.baseUrl}/socket.io/?EIO=4&transport=polling`, 'br, gzip');
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.body.toString('utf8')).toMatch(/^0\{"sid":/);
    });
  });
}

describe('compression on SQLite', () => compressionSuite('sqlite'));
describeWithPostgres('compression on PostgreSQL', () => compressionSuite('postgres'));

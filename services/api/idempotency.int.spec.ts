import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../kit/clock';
import { createLogger } from '../kit/logger';
import { startPlatform } from './compose';
import { describeWithPostgres } from '../kit/testing/postgres';
import { settle, startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from './testing';
import { eventually } from '../messaging/testing';
import { findUserByEmail } from '../../projections/identity';

type Created = { data: { id: string; title?: string; name?: string } };
type Problem = { reason: string; status: number };

const hour = 60 * 60 * 1000;

function idempotencySuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  let organizerId = '';
  let keys = 0;
  const clock = new ManualClock(new Date('2026-11-22T12:00:00.000Z'));
  const newKey = () => `key-${kind}-${++keys}-${Math.random().toString(36).slice(2)}`;
  const event = (title = 'Harbour Lights Festival') => ({
    organizer_id: organizerId,
    title,
    start_date: '2027-03-05T18:00:00+01:00',
    timezone: 'Europe/Berlin',
    currency: 'EUR',
  });
  const post = (path: string, json: unknown, key: string, bearer = token) =>
    t.client(bearer)<Created>('POST', path, { json, headers: { 'idempotency-key': key } });
  const head = () => t.platform.services.store.head();

  beforeAll(async () => {
    t = await startTestPlatform(kind, { clock });
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await t.client(token)<Created>('POST', '/api/organizers', {
      json: { name: 'Harbour Arts' },
    });
    organizerId = organizer.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a retry with the same key and body with the first answer and writes nothing new', async () => {
    const key = newKey();
    const first = await post('/api/events', event(), key);
    expect(first.status).toBe(201);
    const before = await head();
    const retry = await post('/api/events', event(), key);
    expect(await head()).toBe(before);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('x-position')).toBe(first.headers.get('x-position'));
    expect(retry.headers.get('location')).toBe(first.headers.get('location'));
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const list = await t.client(token)<{ data: { id: string }[] }>('GET', '/api/events?per_page=100');
    expect(list.body.data.filter((row) => row.id === first.body.data.id)).toHaveLength(1);
  });

  it('refuses the same key with a different body or route with 400 idempotency_key_reused', async () => {
    const key = newKey();
    expect((await post('/api/events', event('First'), key)).status).toBe(201);
    const before = await head();
    const reused = await post('/api/events', event('Second'), key);
    expect(reused.status).toBe(400);
    expect((reused.body as unknown as Problem).reason).toBe('idempotency_key_reused');
    const elsewhere = await post('/api/organizers', { name: 'Elsewhere' }, key);
    expect((elsewhere.body as unknown as Problem).reason).toBe('idempotency_key_reused');
    expect(await head()).toBe(before);
  });

  it('writes once when the same key arrives many times at once', async () => {
    const key = newKey();
    const before = await head();
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('/api/events', event(), key)));
    const created = answers.filter((answer) => answer.status === 201);
    const inUse = answers.filter((answer) => answer.status === 409);
    expect(created.length + inUse.length).toBe(answers.length);
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((answer) => answer.body.data.id)).size).toBe(1);
    for (const answer of inUse) {
      expect((answer.body as unknown as Problem).reason).toBe('idempotency_key_in_use');
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    const after = await head();
    const writtenOnce = await t.client(token)<{ data: { id: string }[] }>('GET', '/api/events?per_page=100');
    expect(writtenOnce.body.data.filter((row) => row.id === created[0]!.body.data.id)).toHaveLength(1);
    // One EventCreated (and whatever one creation appends), not eight.
    expect(after - before).toBeLessThan(4n);
  });

  if (kind === 'postgres')
    it('writes once when two processes sharing the database get the same key at once', async () => {
      const second = await startPlatform(t.platform.services.config, t.storage, {
        clock,
        logger: createLogger('error'),
      });
      try {
        const { port } = await second.listen();
        const urls = [t.baseUrl, `http://127.0.0.1:${port}`];
        const key = newKey();
        const answers = await Promise.all(
          Array.from({ length: 10 }, async (_, i) => {
            const response = await fetch(`${urls[i % 2]}/api/organizers`, {
              method: 'POST',
              headers: {
                authorization: `Bearer ${token}`,
                'content-type': 'application/json',
                'idempotency-key': key,
              },
              body: JSON.stringify({ name: 'Two processes' }),
            });
            return { status: response.status, body: (await response.json()) as Created & Problem };
          }),
        );
        const created = answers.filter((answer) => answer.status === 201);
        expect(created.length).toBeGreaterThan(0);
        expect(answers.filter((answer) => answer.status !== 201).map((answer) => answer.body.reason)).toEqual(
          Array.from({ length: answers.length - created.length }, () => 'idempotency_key_in_use'),
        );
        expect(new Set(created.map((answer) => answer.body.data.id)).size).toBe(1);
        const list = await t.client(token)<{ data: { name: string }[] }>(
          'GET',
          '/api/organizers?per_page=100',
        );
        expect(list.body.data.filter((row) => row.name === 'Two processes')).toHaveLength(1);
      } finally {
        await second.close();
      }
    });

  it("never fails another client's edit of the same stream queued with a replay", async () => {
    const created = await post('/api/events', event('Edited'), newKey());
    const path = `/api/events/${created.body.data.id}`;
    const key = newKey();
    const edit = { ...event('Edited once'), organizer_id: organizerId };
    const put = (json: unknown, headers: Record<string, string> = {}) =>
      t.client(token)<Created>('PUT', path, { json, headers });
    expect((await put(edit, { 'idempotency-key': key })).status).toBe(200);
    const answers: ApiResponse<Created>[] = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 2 === 0 ? put({ ...edit, title: 'Another client' }) : put(edit, { 'idempotency-key': key }),
      ),
    );
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    const fetched = await t.client(token)<Created>('GET', path);
    expect(fetched.body.data.title).toBe('Another client');
  });

  it('keeps the keys of different accounts apart', async () => {
    const other = await t.otherAccount();
    const key = newKey();
    const mine = await post('/api/organizers', { name: 'Mine' }, key);
    const theirs = await post('/api/organizers', { name: 'Theirs' }, key, other.token);
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect(theirs.body.data.name).toBe('Theirs');
  });

  it('keeps public keys per route and apart from account keys', async () => {
    const key = newKey();
    const registration = {
      email: `buyer-${keys}-${kind}@example.test`,
      password: 'a long enough password',
      password_confirmation: 'a long enough password',
      first_name: 'Bea',
      last_name: 'Buyer',
    };
    const first = await t.client()<{ message: string }>('POST', '/api/auth/register', {
      json: registration,
      headers: { 'idempotency-key': key },
    });
    expect(first.status).toBe(202);
    // The sign-up happens after its answer: once the user exists, the log is where the retry must leave it.
    await eventually(
      async () => (await findUserByEmail(t.platform.services.db, registration.email)) ?? undefined,
    );
    expect(await settle(t.platform)).toBe(true);
    const before = await head();
    const retry = await t.client()<{ message: string }>('POST', '/api/auth/register', {
      json: registration,
      headers: { 'idempotency-key': key },
    });
    expect(retry.status).toBe(202);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await settle(t.platform)).toBe(true);
    expect(await head()).toBe(before);
    // The same key used by an account is another key.
    expect((await post('/api/organizers', { name: 'Account key' }, key)).status).toBe(201);
  });

  it('forgets a key after 24 hours by the clock', async () => {
    const key = newKey();
    const first = await post('/api/organizers', { name: 'Daily' }, key);
    clock.advance(23 * hour);
    const stillKept = await post('/api/organizers', { name: 'Daily' }, key);
    expect(stillKept.body.data.id).toBe(first.body.data.id);
    clock.advance(2 * hour);
    const afterExpiry = await post('/api/organizers', { name: 'Daily' }, key);
    expect(afterExpiry.status).toBe(201);
    expect(afterExpiry.body.data.id).not.toBe(first.body.data.id);
    const afterExpiryRetry = await post('/api/organizers', { name: 'Daily' }, key);
    expect(afterExpiryRetry.body.data.id).toBe(afterExpiry.body.data.id);
  });
}

describe('Idempotency keys on SQLite', () => idempotencySuite('sqlite'));
describeWithPostgres('Idempotency keys on PostgreSQL', () => idempotencySuite('postgres'));

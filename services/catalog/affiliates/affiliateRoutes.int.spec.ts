import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../../api/testing';
import { describeWithPostgres } from '../../kit/testing/postgres';
import type { PresentedAffiliate } from '../../../projections/affiliates';

type Problem = { reason: string; errors?: Record<string, string[]> };

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

function affiliateSuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  let eventId: string;
  const api = () => t.client(token);
  const path = () => `/api/events/${eventId}/affiliates`;

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await api()<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Quay' },
    });
    const event = await api()<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Quay Sessions',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    eventId = event.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, lists, reads, updates and deletes an affiliate; the code is upper-cased and fixed', async () => {
    const created = await api()<{ data: PresentedAffiliate }>('POST', path(), {
      json: { code: ' radio-1 ', name: 'Harbour Radio', email: 'promo@harbour.example' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const affiliate = created.body.data;
    expect(affiliate).toMatchObject({
      event_id: eventId,
      code: 'RADIO-1',
      name: 'Harbour Radio',
      email: 'promo@harbour.example',
      status: 'ACTIVE',
      orders_count: 0,
      revenue: 0,
    });
    expect(created.headers.get('location')).toBe(`${path()}/${affiliate.id}`);

    const list = await api()<{ data: PresentedAffiliate[] }>('GET', path());
    expect(list.body.data.map((row) => row.code)).toEqual(['RADIO-1']);

    const updated = await api()<{ data: PresentedAffiliate }>('PUT', `${path()}/${affiliate.id}`, {
      json: { status: 'INACTIVE', email: null },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ status: 'INACTIVE', email: null, code: 'RADIO-1' });

    expectProblem(
      await api()('PUT', `${path()}/${affiliate.id}`, { json: { code: 'OTHER' } }),
      400,
      'validation_failed',
    );

    expect((await api()('DELETE', `${path()}/${affiliate.id}`)).status).toBe(204);
    expect((await api()('DELETE', `${path()}/${affiliate.id}`)).status).toBe(204);
    expectProblem(await api()('GET', `${path()}/${affiliate.id}`), 404, 'affiliate_not_found');
    // The deleted code is free again.
    expect((await api()('POST', path(), { json: { code: 'RADIO-1', name: 'Radio again' } })).status).toBe(
      201,
    );
  });

  it('lets exactly one of many concurrent creations of one code through', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        api()('POST', path(), { json: { code: index % 2 ? 'press' : 'PRESS', name: `Press ${index}` } }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201))
      expect((answer.body as Problem).reason).toBe('affiliate_code_taken');
    const list = await api()<{ data: PresentedAffiliate[] }>('GET', path());
    expect(list.body.data.filter((row) => row.code === 'PRESS')).toHaveLength(1);
  });

  it('refuses bad input with every field error at once, and unknown fields', async () => {
    const problem = expectProblem(
      await api()('POST', path(), { json: { code: 'a b', name: '', email: 'nope' } }),
      400,
      'validation_failed',
    );
    expect(Object.keys(problem.errors ?? {}).sort()).toEqual(['code', 'email', 'name']);
    const unknown = expectProblem(
      await api()('POST', path(), { json: { code: 'GOOD1', name: 'Good', revenue: 100 } }),
      400,
      'validation_failed',
    );
    expect(Object.keys(unknown.errors ?? {})).toEqual(['revenue']);
  });

  it("answers another account's event and affiliate ids like unknown ones", async () => {
    const mine = await api()<{ data: PresentedAffiliate }>('POST', path(), {
      json: { code: 'MINE1', name: 'Mine' },
    });
    const other = await t.otherAccount();
    const stranger = t.client(other.token);
    expectProblem(await stranger('GET', path()), 404, 'event_not_found');
    expectProblem(
      await stranger('POST', path(), { json: { code: 'THEIRS', name: 'X' } }),
      404,
      'event_not_found',
    );
    expectProblem(
      await stranger('PUT', `${path()}/${mine.body.data.id}`, { json: { name: 'X' } }),
      404,
      'event_not_found',
    );
    expectProblem(await stranger('DELETE', `${path()}/${mine.body.data.id}`), 404, 'event_not_found');
    expect((await api()('GET', `${path()}/${mine.body.data.id}`)).status).toBe(200);
  });
}

describe('affiliates on SQLite', () => affiliateSuite('sqlite'));
describeWithPostgres('affiliates on PostgreSQL', () => affiliateSuite('postgres'));

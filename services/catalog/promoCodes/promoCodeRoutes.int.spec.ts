import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../../api/testing';
import { ManualClock } from '../../kit/clock';
import { describeWithPostgres } from '../../kit/testing/postgres';
import type { PresentedPromoCode } from '../../../projections/promoCodes';

type Problem = { status: number; reason: string; errors?: Record<string, string[]> };

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

function promoCodeSuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  let eventId: string;
  const clock = new ManualClock(new Date('2026-11-22T10:00:00.000Z'));
  const api = () => t.client(token);
  const path = () => `/api/events/${eventId}/promo-codes`;
  const create = (json: Record<string, unknown>) =>
    api()<{ data: PresentedPromoCode }>('POST', path(), { json });
  const valid = async (code: string, event = eventId) => {
    const response = await t.client()<{ valid: boolean }>(
      'GET',
      `/api/public/events/${event}/promo-codes/${encodeURIComponent(code)}`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.valid;
  };

  beforeAll(async () => {
    t = await startTestPlatform(kind, { clock });
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await api()<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Harbour Arts' },
    });
    const event = await api()<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Harbour Lights',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    expect(event.status, JSON.stringify(event.body)).toBe(201);
    eventId = event.body.data.id;
    // Publishing needs a ticket (`no_tickets` otherwise).
    const ticket = await api()('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'FREE', title: 'Entry' },
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    const live = await api()('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, lists, reads, updates and deletes a promo code', async () => {
    const created = await create({
      code: 'EARLYBIRD',
      discount_type: 'FIXED',
      discount: 1250,
      max_allowed_usages: 100,
      expiry_date: '2027-01-01T00:00:00+01:00',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const code = created.body.data;
    expect(code).toMatchObject({
      event_id: eventId,
      code: 'EARLYBIRD',
      discount_type: 'FIXED',
      discount: 1250,
      expiry_date: '2026-12-31T23:00:00.000Z',
      max_allowed_usages: 100,
      times_used: 0,
      applicable_ticket_ids: [],
    });
    expect(created.headers.get('location')).toBe(`${path()}/${code.id}`);

    const list = await api()<{ data: PresentedPromoCode[] }>('GET', path());
    expect(list.body.data.map((row) => row.code)).toContain('EARLYBIRD');
    expect((await api()<{ data: PresentedPromoCode }>('GET', `${path()}/${code.id}`)).body.data).toEqual(
      code,
    );

    const updated = await api()<{ data: PresentedPromoCode }>('PUT', `${path()}/${code.id}`, {
      json: { code: 'EarlyBird2', discount_type: 'PERCENT', discount: 12.5, max_allowed_usages: null },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({
      code: 'EarlyBird2',
      discount_type: 'PERCENT',
      discount: 12.5,
      max_allowed_usages: null,
    });

    expect((await api()('DELETE', `${path()}/${code.id}`)).status).toBe(204);
    expectProblem(await api()('GET', `${path()}/${code.id}`), 404, 'promo_code_not_found');
    expectProblem(
      await api()('PUT', `${path()}/${code.id}`, { json: { discount: 5 } }),
      404,
      'promo_code_not_found',
    );
    // The code is free again.
    expect((await create({ code: 'earlybird2', discount_type: 'NONE' })).status).toBe(201);
  });

  it('refuses the same code in another case with promo_code_taken on the code field', async () => {
    expect((await create({ code: 'SUMMER', discount_type: 'PERCENT', discount: 10 })).status).toBe(201);
    const problem = expectProblem(
      await create({ code: ' summer ', discount_type: 'PERCENT', discount: 20 }),
      409,
      'promo_code_taken',
    );
    expect(problem.errors).toEqual({ code: ['This code is already used in this event'] });
  });

  it('refuses bad input with every field error at once', async () => {
    for (const code of ['AB', 'X'.repeat(51)]) {
      const problem = expectProblem(
        await create({ code, discount_type: 'PERCENT', discount: 10 }),
        400,
        'validation_failed',
      );
      expect(problem.errors?.code).toEqual(['The code must be 3 to 50 characters']);
    }
    const problem = expectProblem(
      await create({ code: 'TOOMUCH', discount_type: 'PERCENT', discount: 101, max_allowed_usages: 0 }),
      400,
      'validation_failed',
    );
    expect(problem.errors).toEqual({
      discount: ['A percentage must be above 0 and at most 100'],
      max_allowed_usages: ['Enter a whole number of at least 1, or leave it unlimited'],
    });
    expectProblem(
      await create({ code: 'NEG', discount_type: 'FIXED', discount: -1 }),
      400,
      'validation_failed',
    );
    expectProblem(
      await create({ code: 'SHAPE', discount_type: 'HALF', expiry_date: 'tomorrow' }),
      400,
      'validation_failed',
    );
  });

  it("answers 404 for another account's event and promo codes, and shows none of them", async () => {
    const created = await create({ code: 'PRIVATE', discount_type: 'NONE' });
    const other = t.client((await t.otherAccount()).token);
    const codePath = `${path()}/${created.body.data.id}`;
    expectProblem(await other('GET', path()), 404, 'event_not_found');
    expectProblem(
      await other('POST', path(), { json: { code: 'MINE', discount_type: 'NONE' } }),
      404,
      'event_not_found',
    );
    expectProblem(await other('GET', codePath), 404, 'event_not_found');
    expectProblem(await other('PUT', codePath, { json: { discount_type: 'NONE' } }), 404, 'event_not_found');
    expectProblem(await other('DELETE', codePath), 404, 'event_not_found');
    expect((await api()('GET', codePath)).status).toBe(200);
  });

  it('tells a buyer whether a code is valid: case-insensitive, not expired, not deleted, live events only', async () => {
    const expiring = await create({
      code: 'Flash-Sale',
      discount_type: 'PERCENT',
      discount: 50,
      expiry_date: new Date(clock.now().getTime() + 60 * 60_000).toISOString(),
    });
    expect(expiring.status).toBe(201);
    expect(await valid('Flash-Sale')).toBe(true);
    expect(await valid('flash-sale')).toBe(true);
    expect(await valid('FLASH-SALE')).toBe(true);
    expect(await valid('NOSUCHCODE')).toBe(false);

    clock.advance(60 * 60_000);
    expect(await valid('flash-sale')).toBe(false);
    clock.advance(-60 * 60_000 - 1);
    expect(await valid('flash-sale')).toBe(true);

    expect((await api()('DELETE', `${path()}/${expiring.body.data.id}`)).status).toBe(204);
    expect(await valid('flash-sale')).toBe(false);

    // A draft event has no public page, so no public codes either.
    const draft = await api()<{ data: { id: string } }>('POST', `/api/events/${eventId}/duplicate`, {
      json: {},
    });
    expect(draft.status).toBe(201);
    expectProblem(
      await t.client()('GET', `/api/public/events/${draft.body.data.id}/promo-codes/SUMMER`),
      404,
      'event_not_found',
    );
  });
}

describe('promo code routes on SQLite', () => promoCodeSuite('sqlite'));
describeWithPostgres('promo code routes on PostgreSQL', () => promoCodeSuite('postgres'));

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { io } from 'socket.io-client';
import { metadataFor } from '../eventstore/contract';
import { checkInStream, type AttendeeCheckedIn } from '../admission/checkIn/checkInEvents';
import type { ReadModelChanged } from '../kit/contracts/realtime';
import type { z } from 'zod';
import { dataOf } from '../kit/http/routeContract';
import {
  accountStatsResponseSchema,
  eventStatsResponseSchema,
  reportResponseSchema,
  statsOverviewResponseSchema,
} from './statsSchemas';
import { describeWithPostgres } from '../kit/testing/postgres';
import { ManualClock } from '../kit/clock';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../api/testing';

type Stats = {
  position: string;
  totals: Record<string, number | null>;
  range: { granularity: string };
  series: { bucket: string; orders: number; tickets_sold: number; gross: number; page_views: number }[];
  tickets: { title: string; tickets_sold: number; gross: number }[];
  promo_codes: { code: string; orders: number; discounts: number }[];
  check_ins: { day: string; per_minute: unknown[] };
};
type Report = { columns: { key: string; kind: string }[]; rows: Record<string, string | number | null>[] };

const expectProblem = (response: ApiResponse, status: number, reason: string) => {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect((response.body as { reason: string }).reason).toBe(reason);
  return response.body as { errors?: Record<string, string[]> };
};

/** The answer is exactly what the route's response schema declares (as services/api/contract.int.spec.ts checks). */
function expectDeclared(response: ApiResponse, schema: z.ZodType) {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const parsed = schema.safeParse(response.body);
  expect(parsed.error?.issues, JSON.stringify(response.body)).toBeUndefined();
  expect(parsed.data, 'the answer has fields its schema does not declare').toEqual(response.body);
}

function statsSuite(kind: StorageKind) {
  // 23:30 UTC is already the next day in Berlin: the day buckets must say so.
  const clock = new ManualClock(new Date('2027-01-10T23:30:00.000Z'));
  let t: TestPlatform;
  let token: string;
  let eventId: string;
  let seatId: string;
  let entryId: string;
  const api = () => t.client(token);
  const buyer = () => t.client();

  async function buy(
    lines: { ticket_id: string; quantity: number }[],
    method: 'FREE' | 'OFFLINE',
    promo?: string,
  ) {
    const placed = await buyer()<{ data: { short_id: string; attendees: unknown[] } }>(
      'POST',
      `/api/public/events/${eventId}/orders`,
      { json: { lines, ...(promo ? { promo_code: promo } : {}) } },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { short_id: shortId, attendees } = placed.body.data;
    const detailed = await buyer()('PUT', `/api/public/events/${eventId}/orders/${shortId}/details`, {
      json: {
        first_name: 'Ann',
        last_name: 'Lee',
        email: 'ann@example.com',
        attendees: attendees.map((_, i) => ({
          first_name: `G${i}`,
          last_name: 'Lee',
          email: `g${i}@example.com`,
        })),
        terms_agreed: true,
      },
    });
    expect(detailed.status, JSON.stringify(detailed.body)).toBe(200);
    const done = await buyer()('POST', `/api/public/events/${eventId}/orders/${shortId}/complete`, {
      json: { payment_method: method },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return done.headers.get('x-position') ?? '0';
  }

  const stats = async (query = '') => {
    const response = await api()<{ data: Stats }>('GET', `/api/events/${eventId}/stats${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  };
  /** The stats read model catches up after the command answered; the answer names the position it reflects. */
  const statsAt = async (position: string, query = '') => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const data = await stats(query);
      if (BigInt(data.position) >= BigInt(position)) return data;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`stats never reached ${position}`);
  };

  beforeAll(async () => {
    t = await startTestPlatform(kind, { clock });
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await api()<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Stats Org' },
    });
    const created = await api()<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Night Market',
        start_date: '2027-01-11T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    eventId = created.body.data.id;
    await api()('PUT', `/api/events/${eventId}/settings`, {
      json: { offline_payments_enabled: true, offline_payment_instructions: '<p>Pay</p>' },
    });
    const seat = await api()<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'PAID', title: 'Seat', price: 2500, quantity: 50, tax_and_fee_ids: [] },
    });
    seatId = seat.body.data.id;
    const entry = await api()<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'FREE', title: 'Standing', quantity: 50, tax_and_fee_ids: [] },
    });
    entryId = entry.body.data.id;
    expect((await api()('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } })).status).toBe(
      200,
    );
    const promo = await api()('POST', `/api/events/${eventId}/promo-codes`, {
      json: { code: 'HALF', discount_type: 'PERCENT', discount: 50 },
    });
    expect(promo.status, JSON.stringify(promo.body)).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts at zero, then counts free orders at once and offline orders as sold but not yet received', async () => {
    const empty = await stats();
    expect(empty.totals).toMatchObject({
      orders: 0,
      tickets_sold: 0,
      gross: 0,
      page_views: 0,
      conversion: null,
    });
    expect(empty.range.granularity).toBe('day');
    // Seven days back from 00:30 on the 11th in Berlin: eight local days, the last is the 11th.
    expect(empty.series.at(-1)?.bucket).toBe('2027-01-11');

    await buy([{ ticket_id: entryId, quantity: 3 }], 'FREE');
    const position = await buy([{ ticket_id: seatId, quantity: 2 }], 'OFFLINE', 'HALF');
    const data = await statsAt(position);
    expect(data.totals).toMatchObject({ orders: 2, tickets_sold: 5, gross: 0, awaiting_payment: 2500 });
    expect(data.series.at(-1)).toMatchObject({ bucket: '2027-01-11', orders: 2, tickets_sold: 5 });
    expect(data.tickets.map((ticket) => [ticket.title, ticket.tickets_sold])).toEqual([
      ['Seat', 2],
      ['Standing', 3],
    ]);
    expect(data.promo_codes).toEqual([
      { code: 'HALF', orders: 1, tickets_sold: 2, discounts: 2500, gross: 2500 },
    ]);
    // The headline's promo discounts are the promo table's (issue 26, item 14): granted with the sale, not when an
    // offline order's money arrives.
    expect(data.totals.discounts).toBe(2500);
    expect(data.series.at(-1)).toMatchObject({ discounts: 2500 });

    expectDeclared(
      await api()('GET', `/api/events/${eventId}/stats?range=all`),
      dataOf(eventStatsResponseSchema),
    );
    const hourly = await stats('?range=24h');
    expect(hourly.range.granularity).toBe('hour');
    expect(hourly.series.at(-1)).toMatchObject({ bucket: '2027-01-11T00:00', orders: 2 });
  });

  it("tells the event's room, and only a socket of the event's account, each order with its position", async () => {
    const owner = io(t.baseUrl, { auth: { token }, transports: ['websocket'], reconnection: false });
    const other = await t.otherAccount();
    const stranger = io(t.baseUrl, {
      auth: { token: other.token },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      expect(await owner.emitWithAck('subscribe', { room: `event:${eventId}` })).toEqual({ ok: true });
      expect(await stranger.emitWithAck('subscribe', { room: `event:${eventId}` })).toEqual({
        ok: false,
        reason: 'event_not_found',
      });
      const heard: ReadModelChanged[] = [];
      let strangerHeard = false;
      owner.on('readmodel.changed', (notice: ReadModelChanged) => heard.push(notice));
      stranger.on('readmodel.changed', (notice: ReadModelChanged) => {
        if (notice.keys.includes(`event:${eventId}`)) strangerHeard = true;
      });
      const position = await buy([{ ticket_id: entryId, quantity: 1 }], 'FREE');
      await expect
        .poll(() => heard.some((n) => n.readModel === 'stats' && BigInt(n.position) >= BigInt(position)))
        .toBe(true);
      const notice = heard.find((n) => n.readModel === 'stats');
      expect(notice?.keys).toContain(`event:${eventId}`);
      // The snapshot names a position at least as new as the notice: nothing to apply twice.
      expect(BigInt((await stats()).position)).toBeGreaterThanOrEqual(BigInt(notice?.position ?? '0'));
      expect(strangerHeard).toBe(false);
    } finally {
      owner.close();
      stranger.close();
    }
  });

  it('answers reports as JSON, CSV and a streamed XLSX, filtered by local dates', async () => {
    const json = await api()<{ data: Report }>('GET', `/api/events/${eventId}/reports/sales_by_ticket`);
    expect(json.status, JSON.stringify(json.body)).toBe(200);
    expect(json.body.data.rows).toEqual([
      expect.objectContaining({ ticket: 'Seat', tickets_sold: 2, gross: 0 }),
      expect.objectContaining({ ticket: 'Standing', tickets_sold: 4 }),
    ]);
    const byDay = await api()<{ data: Report }>(
      'GET',
      `/api/events/${eventId}/reports/sales_by_day?from=2027-01-11&to=2027-01-11`,
    );
    expect(byDay.body.data.rows).toEqual([expect.objectContaining({ date: '2027-01-11', orders: 3 })]);
    const before = await api()<{ data: Report }>(
      'GET',
      `/api/events/${eventId}/reports/sales_by_day?to=2027-01-10`,
    );
    expect(before.body.data.rows).toEqual([]);
    for (const report of [
      'sales_by_ticket',
      'sales_by_day',
      'promo_codes',
      'affiliates',
      'taxes_and_fees',
      'check_ins',
    ])
      expectDeclared(
        await api()('GET', `/api/events/${eventId}/reports/${report}`),
        dataOf(reportResponseSchema),
      );
    const promo = await api()<{ data: Report }>('GET', `/api/events/${eventId}/reports/promo_codes`);
    expect(promo.body.data.rows).toEqual([expect.objectContaining({ code: 'HALF', discounts: 2500 })]);

    const csv = await fetch(`${t.baseUrl}/api/events/${eventId}/reports/promo_codes?format=csv`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('attachment');
    expect((await csv.text()).replace('\uFEFF', '')).toBe(
      'code,orders,tickets_sold,discounts,gross,currency\r\nHALF,1,2,25.00,25.00,EUR\r\n',
    );

    const xlsx = await fetch(`${t.baseUrl}/api/events/${eventId}/reports/sales_by_ticket?format=xlsx`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.getWorksheet('sales_by_ticket');
    expect(sheet?.getRow(1).values).toEqual(
      expect.arrayContaining(['ticket', 'tickets_sold', 'gross', 'currency']),
    );
    expect(sheet?.getRow(2).getCell(1).value).toBe('Seat');
    expect(sheet?.rowCount).toBe(3);
  });

  it("answers another account's event like an unknown one, and refuses bad parameters by name", async () => {
    const other = await t.otherAccount();
    const stranger = t.client(other.token);
    expectProblem(await stranger('GET', `/api/events/${eventId}/stats`), 404, 'event_not_found');
    expectProblem(
      await stranger('GET', `/api/events/${eventId}/reports/sales_by_day`),
      404,
      'event_not_found',
    );
    expectProblem(
      await stranger('GET', `/api/events/${eventId}/reports/sales_by_day?format=csv`),
      404,
      'event_not_found',
    );
    expectProblem(await api()('GET', '/api/events/ev_unknown1234/stats'), 404, 'event_not_found');
    expectProblem(await buyer()('GET', `/api/events/${eventId}/stats`), 401, 'unauthenticated');
    expect(
      expectProblem(await api()('GET', `/api/events/${eventId}/stats?range=1y`), 400, 'validation_failed')
        .errors,
    ).toHaveProperty('range');
    expect(
      expectProblem(
        await api()('GET', `/api/events/${eventId}/stats?range=7d&granularity=minute`),
        400,
        'validation_failed',
      ).errors,
    ).toHaveProperty('granularity');
    expect(
      expectProblem(await api()('GET', `/api/events/${eventId}/stats?colour=red`), 400, 'validation_failed')
        .errors,
    ).toHaveProperty('colour');
    expect(
      expectProblem(
        await api()('GET', `/api/events/${eventId}/reports/sales_by_day?from=2027-02-30`),
        400,
        'validation_failed',
      ).errors,
    ).toHaveProperty('from');
    expectProblem(await api()('GET', `/api/events/${eventId}/reports/everything`), 404, 'not_found');
    for (const query of ['range=7d&range=30d', 'range=', 'granularity=week', 'range=%00'])
      expect((await api()('GET', `/api/events/${eventId}/stats?${query}`)).status, query).toBe(400);
    for (const query of [
      'format=pdf',
      'from=',
      'from=2027-01-12&to=2027-01-11',
      'to=tomorrow',
      'from[]=2027-01-01',
    ])
      expect((await api()('GET', `/api/events/${eventId}/reports/sales_by_day?${query}`)).status, query).toBe(
        400,
      );
    expectProblem(await api()('GET', '/api/events/not-an-id/reports/sales_by_day'), 404, 'event_not_found');
    expectProblem(await api()('GET', '/api/stats/overview?x=1'), 400, 'validation_failed');
    const strangerOverview = await stranger<{ data: { upcoming: unknown[] } }>('GET', '/api/stats/overview');
    expect(strangerOverview.body.data.upcoming).toEqual([]);
  });

  it('counts admissions per minute on the event day in its zone, and per list in the check-in report', async () => {
    // The check-in routes come with their own feature; the recorded contract is what this read model follows.
    const admit = async (attendeeId: string, scannedAt: string) => {
      const data: AttendeeCheckedIn['data'] = {
        nonce: randomUUID(),
        deviceId: 'door-1',
        gate: 'North',
        checkInId: randomUUID(),
        checkInListId: 'cl_main',
        eventId,
        attendeeId,
        ticketId: entryId,
        source: 'online',
        scannedAt,
        checkedInAt: scannedAt,
      };
      const appended = await t.platform.services.store.append(
        checkInStream('cl_main', attendeeId),
        [{ id: randomUUID(), type: 'AttendeeCheckedIn', data, metadata: metadataFor() }],
        { expected: 'any' },
      );
      return appended.position.toString();
    };
    // The event starts 2027-01-11 18:00 in Berlin (17:00 UTC).
    await admit('at_door1', '2027-01-11T16:58:10.000Z');
    await admit('at_door2', '2027-01-11T16:58:40.000Z');
    const position = await admit('at_door3', '2027-01-11T17:01:00.000Z');
    const data = await statsAt(position);
    expect(data.totals.checked_in).toBe(3);
    expect(data.check_ins).toEqual({
      day: '2027-01-11',
      per_minute: [
        { minute: '17:58', check_ins: 2 },
        { minute: '17:59', check_ins: 0 },
        { minute: '18:00', check_ins: 0 },
        { minute: '18:01', check_ins: 1 },
      ],
    });
    const report = await api()<{ data: Report }>('GET', `/api/events/${eventId}/reports/check_ins`);
    expect(report.body.data.rows).toEqual([
      { check_in_list: 'cl_main', attendees_checked_in: 3, inside_now: 3, admissions: 3 },
    ]);
  });

  it("shows the organizer's upcoming events with their sales, and the administrator the account per currency", async () => {
    const overview = await api()<{ data: { upcoming: { event_id: string; tickets_sold: number }[] } }>(
      'GET',
      '/api/stats/overview',
    );
    expect(overview.status, JSON.stringify(overview.body)).toBe(200);
    expect(overview.body.data.upcoming).toContainEqual(
      expect.objectContaining({ event_id: eventId, tickets_sold: 6 }),
    );
    expectDeclared(await api()('GET', '/api/stats/overview'), dataOf(statsOverviewResponseSchema));
    expectDeclared(await api()('GET', '/api/stats/account'), dataOf(accountStatsResponseSchema));
    const account = await api()<{ data: { currencies: { currency: string; orders: number }[] } }>(
      'GET',
      '/api/stats/account',
    );
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    expect(account.body.data.currencies).toEqual([expect.objectContaining({ currency: 'EUR', orders: 3 })]);
  });
}

describe('event stats and reports (sqlite)', () => statsSuite('sqlite'));
describeWithPostgres('event stats and reports (postgres)', () => statsSuite('postgres'));

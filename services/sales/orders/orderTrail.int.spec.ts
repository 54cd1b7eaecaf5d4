import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { ManualClock } from '../../kit/clock';
import {
  settle,
  startTestPlatform,
  type ApiResponse,
  type StorageKind,
  type TestPlatform,
} from '../../api/testing';

type Problem = { status: number; reason: string; errors?: Record<string, string[]> };
type Entry = {
  type: string;
  position: string;
  stream: string | null;
  actor: { kind: string; name: string | null };
  ip: string | null;
  check_in_list: string | null;
  device: string | null;
  amount: number | null;
  raw: { type: string; stream: string; position: string; metadata: { actor: string } } | null;
  mail: { template: string } | null;
  webhook: { type: string; url: string | null; status: string; event_position: string } | null;
};
type AsOf = {
  position: string | null;
  state: null | {
    status: string;
    paid: number;
    refunded: number;
    total: number;
    attendees: {
      first_name: string | null;
      payment: string;
      check_ins: { state: string; check_in_list: string | null }[];
    }[];
  };
};

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

/** Issue 30: an order's history across its streams, and the order as of any moment, on real storage. */
function orderTrailSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let token: string;
  let eventId: string;
  let orderId: string;
  let entries: Entry[];
  const api = () => t.client(token);
  /** A webhook receiver on 127.0.0.1 that takes every delivery. */
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.end('ok'));
  });
  const receiverUrl = () => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/orders`;

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    t = await startTestPlatform(kind, { clock, config: { webhooksAllowPrivate: true } });
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await api()<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Harbour Collective' },
    });
    const created = await api()<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Harbour Lights',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    eventId = created.body.data.id;
    await api()('PUT', `/api/events/${eventId}/settings`, { json: { offline_payments_enabled: true } });
    const ticket = await api()<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { tax_and_fee_ids: [], type: 'PAID', title: 'Seat', price: 2500, quantity: 10 },
    });
    await api()('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } });
    const list = await api()<{ data: { short_id: string } }>(
      'POST',
      `/api/events/${eventId}/check-in-lists`,
      {
        json: { name: 'North gate', ticket_ids: [ticket.body.data.id] },
      },
    );
    expect(list.status, JSON.stringify(list.body)).toBe(201);
    const hook = await api()('POST', `/api/events/${eventId}/webhooks`, {
      json: { url: receiverUrl(), event_types: ['order.created', 'order.paid'] },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);

    clock.advance(60_000);
    const placed = await t.client()<{ data: { id: string; short_id: string } }>(
      'POST',
      `/api/public/events/${eventId}/orders`,
      { json: { lines: [{ ticket_id: ticket.body.data.id, quantity: 1 }] } },
    );
    orderId = placed.body.data.id;
    const shortId = placed.body.data.short_id;
    clock.advance(60_000);
    await t.client()('PUT', `/api/public/events/${eventId}/orders/${shortId}/details`, {
      json: {
        first_name: 'Ann',
        last_name: 'Lee',
        email: 'ann@example.com',
        attendees: [{ first_name: 'Gina', last_name: 'Lee', email: 'gina@example.com' }],
        terms_agreed: true,
      },
    });
    await t.client()('POST', `/api/public/events/${eventId}/orders/${shortId}/complete`, {
      json: { payment_method: 'OFFLINE' },
    });
    clock.advance(60_000);
    await api()('POST', `/api/events/${eventId}/orders/${orderId}/mark-paid`);
    clock.advance(60_000);
    const order = await api()<{ data: { attendees: { short_id: string }[] } }>(
      'GET',
      `/api/events/${eventId}/orders/${orderId}`,
    );
    const scanned = await t.client()(
      'POST',
      `/api/public/check-in-lists/${list.body.data.short_id}/check-ins`,
      {
        json: {
          nonce: 'nonce-trail-1',
          device_id: 'door-a',
          gate: 'A',
          attendee_short_id: order.body.data.attendees[0]?.short_id,
        },
      },
    );
    expect(scanned.status, JSON.stringify(scanned.body)).toBeLessThan(300);
    clock.advance(60_000);
    const refunded = await api()('POST', `/api/events/${eventId}/orders/${orderId}/refunds`, {
      json: { amount: 2500 },
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    expect(await settle(t.platform)).toBe(true);
    const history = await api()<{ data: { entries: Entry[] } }>(
      'GET',
      `/api/events/${eventId}/orders/${orderId}/history`,
    );
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    entries = history.body.data.entries;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  const asOf = (query: string) =>
    api()<{ data: AsOf }>('GET', `/api/events/${eventId}/orders/${orderId}/as-of?${query}`);

  it("lists the events of the order's, the inventory's and the check-in streams in order, with actors and the raw event", () => {
    const events = entries.filter((entry) => entry.raw);
    const streams = new Set(events.map((entry) => entry.stream?.replace(/-.*/, '')));
    expect(streams).toEqual(new Set(['order', 'inventory', 'check']));
    const positions = events.map((entry) => BigInt(entry.position));
    expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const types = events.map((entry) => entry.type);
    for (const type of [
      'HoldPlaced',
      'OrderPlaced',
      'OrderMarkedPaid',
      'HoldConverted',
      'AttendeeCheckedIn',
      'OrderRefundRecorded',
    ])
      expect(types).toContain(type);
    const of = (type: string) => events.find((entry) => entry.type === type)!;
    expect(of('OrderPlaced').actor).toEqual({ kind: 'buyer', name: null });
    expect(of('OrderMarkedPaid').actor).toEqual({ kind: 'member', name: 'Admin User' });
    expect(of('AttendeeCheckedIn')).toMatchObject({
      actor: { kind: 'door', name: 'North gate' },
      check_in_list: 'North gate',
      device: 'A',
    });
    expect(of('OrderRefundRecorded')).toMatchObject({ actor: { kind: 'member' }, amount: 2500 });
    expect(of('OrderPlaced').raw).toMatchObject({ type: 'OrderPlaced', stream: `order-${orderId}` });
    expect(of('OrderPlaced').raw?.position).toBe(of('OrderPlaced').position);
    // Mails written for the order follow the events that caused them.
    expect(entries.some((entry) => entry.mail !== null)).toBe(true);
    // So do the webhook deliveries its events caused, with the endpoint they went to.
    const deliveries = entries.filter((entry) => entry.webhook !== null);
    expect(deliveries.map((entry) => entry.webhook?.type).sort()).toEqual(['order.created', 'order.paid']);
    for (const delivery of deliveries) {
      expect(delivery.type).toMatch(/^Webhook(Delivered|Pending|Failed)$/);
      expect(delivery.webhook?.url).toBe(receiverUrl());
      const cause = entries.findIndex((entry) => entry.raw && entry.position === delivery.position);
      expect(cause).toBeGreaterThanOrEqual(0);
      expect(entries.indexOf(delivery)).toBeGreaterThan(cause);
    }
  });

  it('folds the order up to any event: placed and unpaid with no check-in, then paid and checked in, then refunded', async () => {
    const placed = entries.find((entry) => entry.type === 'OrderPlaced')!;
    const atPlacement = await asOf(`position=${placed.position}`);
    expect(atPlacement.status, JSON.stringify(atPlacement.body)).toBe(200);
    expect(atPlacement.body.data.position).toBe(placed.position);
    expect(atPlacement.body.data.state).toMatchObject({ status: 'AWAITING_DETAILS', paid: 0, total: 2500 });
    expect(atPlacement.body.data.state?.attendees).toEqual([
      expect.objectContaining({ first_name: null, payment: 'PENDING', check_ins: [] }),
    ]);

    const scan = entries.find((entry) => entry.type === 'AttendeeCheckedIn')!;
    const checkedIn = (await asOf(`position=${scan.position}`)).body.data.state;
    expect(checkedIn).toMatchObject({ status: 'COMPLETED', paid: 2500, refunded: 0 });
    expect(checkedIn?.attendees[0]).toMatchObject({
      first_name: 'Gina',
      payment: 'PAID',
      check_ins: [{ state: 'checked_in', check_in_list: 'North gate' }],
    });

    const now = (await asOf(`at=${encodeURIComponent(clock.now().toISOString())}`)).body.data.state;
    expect(now).toMatchObject({ status: 'REFUNDED', paid: 2500, refunded: 2500 });
  });

  it('answers a time before the order existed with state null', async () => {
    const before = await asOf('at=2027-01-10T12:00:00Z');
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({ position: null, at: '2027-01-10T12:00:00.000Z', state: null });
  });

  it('refuses a malformed moment with field errors, and answers another account like an unknown order', async () => {
    for (const [query, field] of [
      ['at=yesterday', 'at'],
      ['position=-3', 'position'],
      ['position=12abc', 'position'],
      ['', 'at'],
      ['at=2027-01-10T12:00:00Z&position=4', 'position'],
    ] as const) {
      const problem = expectProblem(await asOf(query), 400, 'validation_failed');
      expect(problem.errors?.[field], query).toBeDefined();
    }
    expectProblem(
      await api()('GET', `/api/events/${eventId}/orders/or_unknown0001/history`),
      404,
      'order_not_found',
    );
    const other = await t.otherAccount();
    const stranger = t.client(other.token);
    for (const path of [`orders/${orderId}/history`, `orders/${orderId}/as-of?position=1`])
      expectProblem(await stranger('GET', `/api/events/${eventId}/${path}`), 404, 'event_not_found');
    const organizer = await stranger<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Theirs' },
    });
    const theirs = await stranger<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Theirs',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    for (const path of [`orders/${orderId}/history`, `orders/${orderId}/as-of?position=1`])
      expectProblem(
        await stranger('GET', `/api/events/${theirs.body.data.id}/${path}`),
        404,
        'order_not_found',
      );
  });
}

describe('order trail on SQLite', () => orderTrailSuite('sqlite'));
describeWithPostgres('order trail on PostgreSQL', () => orderTrailSuite('postgres'));

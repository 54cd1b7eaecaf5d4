import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import {
  settle,
  startTestPlatform,
  type ApiResponse,
  type StorageKind,
  type TestPlatform,
} from '../../api/testing';

type Problem = { status: number; reason: string };
type Scan = { result: string; attendee: { id: string; short_id: string; payment: string } | null };
type Order = {
  id: string;
  short_id: string;
  status: string;
  attendees: { short_id: string; payment: string }[];
};

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

let nonces = 0;
const nonce = () => `door-${++nonces}-${Math.random().toString(36).slice(2, 10)}`;

/** Cash at the door: an order awaiting its offline payment is marked paid by the scanner, where allowed. */
function payAtDoorSuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  let eventId: string;
  let ticketId: string;
  let listShortId: string;
  const api = () => t.client(token);
  const buyer = () => t.client();

  /** A buyer's order of one ticket, paid offline: it awaits payment, its attendee is unpaid. */
  async function offlineOrder(): Promise<Order> {
    const placed = await buyer()<{ data: Order }>('POST', `/api/public/events/${eventId}/orders`, {
      json: { lines: [{ ticket_id: ticketId, quantity: 1 }] },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const path = `/api/public/events/${eventId}/orders/${placed.body.data.short_id}`;
    const details = await buyer()('PUT', `${path}/details`, {
      json: {
        first_name: 'Cash',
        last_name: 'Payer',
        email: 'cash@example.test',
        attendees: [{ first_name: 'Cash', last_name: 'Payer', email: 'cash@example.test' }],
        terms_agreed: true,
      },
    });
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    const completed = await buyer()<{ data: Order }>('POST', `${path}/complete`, {
      json: { payment_method: 'OFFLINE' },
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body.data.status).toBe('AWAITING_PAYMENT');
    return completed.body.data;
  }

  const scanAt = (route: 'check-ins' | 'paid-check-ins', attendeeShortId: string, scanNonce = nonce()) =>
    buyer()<{ data: Scan }>('POST', `/api/public/check-in-lists/${listShortId}/${route}`, {
      json: { attendee_short_id: attendeeShortId, nonce: scanNonce, device_id: 'door-1' },
    });
  const allowPayingAtDoor = async (allowed: boolean) => {
    const saved = await api()('PUT', `/api/events/${eventId}/settings`, {
      json: { allow_orders_awaiting_offline_payment_to_check_in: allowed },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  };
  const memberOrder = async (orderId: string) =>
    (
      await api()<{ data: { status: string; history: { type: string }[] } }>(
        'GET',
        `/api/events/${eventId}/orders/${orderId}`,
      )
    ).body.data;

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await api()<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Door Collective' },
    });
    const created = await api()<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Cash at the door',
        start_date: '2030-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    eventId = created.body.data.id;
    const settings = await api()('PUT', `/api/events/${eventId}/settings`, {
      json: { offline_payments_enabled: true, offline_payment_instructions: '<p>Pay at the door</p>' },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const ticket = await api()<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'PAID', title: 'Entry', price: 1200, quantity: 20, tax_and_fee_ids: [] },
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    ticketId = ticket.body.data.id;
    const live = await api()('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    const list = await api()<{ data: { short_id: string } }>(
      'POST',
      `/api/events/${eventId}/check-in-lists`,
      {
        json: { name: 'Front door', ticket_ids: [ticketId] },
      },
    );
    expect(list.status, JSON.stringify(list.body)).toBe(201);
    listShortId = list.body.data.short_id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What the scanner is told, once everything written so far is in the read models. */
  async function listAllowsPayingAtDoor(): Promise<boolean> {
    expect(await settle(t.platform)).toBe(true);
    const list = await buyer()<{ data: { event: { allows_paying_at_check_in: boolean } } }>(
      'GET',
      `/api/public/check-in-lists/${listShortId}`,
    );
    return list.body.data.event.allows_paying_at_check_in;
  }

  it('refuses to mark paid where the event does not allow it, and then marks nothing paid', async () => {
    const order = await offlineOrder();
    const attendee = order.attendees[0]!.short_id;
    expect(await listAllowsPayingAtDoor()).toBe(false);
    expect((await scanAt('check-ins', attendee)).body.data.result).toBe('attendee_unpaid');
    expectProblem(await scanAt('paid-check-ins', attendee), 409, 'paying_at_check_in_not_allowed');
    expect((await memberOrder(order.id)).status).toBe('AWAITING_PAYMENT');
  });

  it('marks the order paid and admits once where allowed; a resent scan answers the same, a new one is a duplicate', async () => {
    await allowPayingAtDoor(true);
    const order = await offlineOrder();
    const attendee = order.attendees[0]!.short_id;
    expect(await listAllowsPayingAtDoor()).toBe(true);

    const scanNonce = nonce();
    const admitted = await scanAt('paid-check-ins', attendee, scanNonce);
    expect(admitted.status, JSON.stringify(admitted.body)).toBe(200);
    expect(admitted.body.data.result).toBe('admitted');
    expect((await scanAt('paid-check-ins', attendee, scanNonce)).body.data.result).toBe('admitted');
    expect((await scanAt('paid-check-ins', attendee)).body.data.result).toBe('already_checked_in');
    expect((await scanAt('check-ins', attendee)).body.data.result).toBe('already_checked_in');

    expect(await settle(t.platform)).toBe(true);
    const paid = await memberOrder(order.id);
    expect(paid.status).toBe('COMPLETED');
    expect(paid.history.filter((entry) => entry.type === 'OrderMarkedPaid')).toHaveLength(1);
  });

  it('answers the next scan as a duplicate while the attendees read model still shows them unpaid', async () => {
    await allowPayingAtDoor(true);
    const order = await offlineOrder();
    const attendee = order.attendees[0]!.short_id;
    expect(await listAllowsPayingAtDoor()).toBe(true);
    // The read models stand still: the attendee stays unpaid there, as in the moment after a payment at the door.
    await t.platform.runner.stop();
    try {
      expect((await scanAt('paid-check-ins', attendee)).body.data.result).toBe('admitted');
      for (const route of ['paid-check-ins', 'check-ins'] as const) {
        const again = await scanAt(route, attendee);
        expect(again.body.data.result, route).toBe('already_checked_in');
        expect(again.body.data.attendee?.payment, route).toBe('PAID');
      }
    } finally {
      await t.platform.runner.start();
    }
    expect(await settle(t.platform)).toBe(true);
    const paid = await memberOrder(order.id);
    expect(paid.history.filter((entry) => entry.type === 'OrderMarkedPaid')).toHaveLength(1);
  });

  it('never marks paid for a scan refused for another reason (a cancelled attendee)', async () => {
    await allowPayingAtDoor(true);
    const order = await offlineOrder();
    const attendee = order.attendees[0]!.short_id;
    const cancelled = await api()('POST', `/api/events/${eventId}/orders/${order.id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await settle(t.platform)).toBe(true);
    expect((await scanAt('paid-check-ins', attendee)).body.data.result).toBe('attendee_cancelled');
    const after = await memberOrder(order.id);
    expect(after.status).toBe('CANCELLED');
    expect(after.history.some((entry) => entry.type === 'OrderMarkedPaid')).toBe(false);
  });

  it('answers an unknown attendee or a code of nothing without marking anything', async () => {
    await allowPayingAtDoor(true);
    expect((await scanAt('paid-check-ins', 'att00000000000000099')).body.data.result).toBe(
      'ticket_not_found',
    );
    expectProblem(
      await buyer()('POST', `/api/public/check-in-lists/${listShortId}/paid-check-ins`, {
        json: { nonce: nonce(), device_id: 'door-1' },
      }),
      400,
      'validation_failed',
    );
  });
}

describe('paying at the door on SQLite', () => payAtDoorSuite('sqlite'));
describeWithPostgres('paying at the door on PostgreSQL', () => payAtDoorSuite('postgres'));

import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../eventstore/port';
import { presentOrderTrail, type HistoryNames, type TrailMail } from './orderHistory';
import { eventsUpTo, orderStateAsOf } from './orderTrail';

function recorded(
  position: number,
  stream: string,
  type: string,
  data: Record<string, unknown>,
  metadata: { actor: string; ip?: string } = { actor: 'public' },
): RecordedEvent {
  return {
    id: `e${position}`,
    stream,
    revision: 0n,
    position: BigInt(position),
    type,
    data: { eventId: 'ev_1', ...data },
    metadata: { correlationId: 'c', causationId: 'c', ...metadata },
    recordedAt: new Date(Date.UTC(2027, 0, 10, 12, position)),
  };
}

const names: HistoryNames = {
  member: (userId) => Promise.resolve(userId === 'us_admin1' ? 'Admin User' : null),
  checkInList: (listId) => Promise.resolve(listId === 'cl_north1' ? 'North gate' : null),
};

const trail = [
  recorded(
    3,
    'inventory-ev_1',
    'HoldPlaced',
    { holdId: 'ho_1', orderId: 'or_1' },
    { actor: 'public', ip: '203.0.113.9' },
  ),
  recorded(4, 'order-or_1', 'OrderDetailsSubmitted', {
    orderId: 'or_1',
    attendees: [{ attendeeId: 'at_1', firstName: 'Gina', lastName: 'Lee' }],
  }),
  recorded(9, 'check-in-cl_north1-at_1', 'AttendeeCheckedIn', {
    attendeeId: 'at_1',
    checkInListId: 'cl_north1',
    deviceId: 'door-a',
    gate: null,
    checkedInAt: '2027-01-10T12:09:00.000Z',
  }),
  recorded(12, 'stripe-event-evt_1', 'StripeEventReceived', { stripeType: 'charge.refunded', object: {} }),
];
const mail = (id: string, position: string, status: TrailMail['status']): TrailMail => ({
  id,
  template: 'order_confirmation',
  status,
  event_position: position,
  created_at: '2027-01-10T12:05:00.000Z',
  sent_at: status === 'sent' ? '2027-01-10T12:05:30.000Z' : null,
  attempts: 1,
});

describe("an order's full history", () => {
  it('names the door, Stripe and the buyer, keeps the IP and the raw event, and puts each mail after its cause', async () => {
    const entries = await presentOrderTrail(
      trail,
      {
        mails: [mail('ml_2', '12', 'failed'), mail('ml_1', '4', 'sent')],
        webhooks: [
          {
            id: 'whd_1',
            type: 'order.created',
            url: 'https://hooks.example.test/orders',
            status: 'delivered',
            attempts: 1,
            last_status_code: 200,
            event_position: '4',
            created_at: '2027-01-10T12:05:00.000Z',
            delivered_at: '2027-01-10T12:05:01.000Z',
          },
        ],
      },
      {
        names,
        paymentMethod: null,
      },
    );
    expect(entries.map((entry) => [entry.type, entry.actor.kind, entry.actor.name])).toEqual([
      ['HoldPlaced', 'buyer', null],
      ['OrderDetailsSubmitted', 'buyer', null],
      ['MailSent', 'system', null],
      ['WebhookDelivered', 'system', null],
      ['AttendeeCheckedIn', 'door', 'North gate'],
      ['StripeEventReceived', 'stripe', null],
      ['MailFailed', 'system', null],
    ]);
    expect(entries[0]).toMatchObject({ ip: '203.0.113.9', stream: 'inventory-ev_1', raw: { position: '3' } });
    expect(entries[2]).toMatchObject({
      at: '2027-01-10T12:05:30.000Z',
      mail_template: 'order_confirmation',
      raw: null,
    });
    expect(entries[3]).toMatchObject({
      at: '2027-01-10T12:05:01.000Z',
      raw: null,
      webhook: { type: 'order.created', last_status_code: 200 },
    });
    expect(entries[4]).toMatchObject({
      attendee_name: 'Gina Lee',
      check_in_list: 'North gate',
      device: 'door-a',
    });
    expect(entries[5]?.stripe_type).toBe('charge.refunded');
  });

  it('folds nothing before the first event: the order did not exist yet', async () => {
    expect(eventsUpTo(trail, { position: 4n }).map((event) => event.position)).toEqual([3n, 4n]);
    expect(eventsUpTo(trail, { at: new Date('2027-01-10T12:09:00.000Z') })).toHaveLength(3);
    await expect(orderStateAsOf(trail, { at: new Date('2027-01-10T12:00:00.000Z') }, names)).resolves.toEqual(
      {
        position: null,
        at: '2027-01-10T12:00:00.000Z',
        state: null,
      },
    );
    // Events of other streams before the placement: still no order.
    await expect(orderStateAsOf(trail, { position: 3n }, names)).resolves.toMatchObject({
      position: '3',
      state: null,
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../eventstore/port';
import { presentOrderHistory, type HistoryNames } from './orderHistory';

let position = 100n;
function recorded(type: string, data: Record<string, unknown>, actor = 'public'): RecordedEvent {
  position += 1n;
  return {
    id: `e${position}`,
    stream: 'order-or_1',
    revision: position - 101n,
    position,
    type,
    data: { eventId: 'ev_1', orderId: 'or_1', ...data },
    metadata: { correlationId: 'c', causationId: 'c', actor },
    recordedAt: new Date(Date.UTC(2027, 0, 10, 12, Number(position - 100n))),
  };
}

const names: HistoryNames = {
  member: (userId) => Promise.resolve(userId === 'us_admin1' ? 'Admin User' : null),
  checkInList: (listId) => Promise.resolve(listId === 'cl_north1' ? 'North gate' : null),
};

/** An offline order the buyer first tried to pay by card, corrected and then paid at the door. */
const stream = [
  recorded('OrderPlaced', { placedAt: '2027-01-10T12:01:00.000Z' }),
  recorded('OrderDetailsSubmitted', {
    buyer: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.test' },
    attendees: [
      { attendeeId: 'at_one1', firstName: 'Guest0', lastName: 'Lee', email: 'g0@example.test', answers: {} },
      { attendeeId: 'at_two1', firstName: 'Guest1', lastName: 'Lee', email: 'g1@example.test', answers: {} },
    ],
  }),
  recorded('PaymentIntentCreated', { paymentIntentId: 'pi_1', amount: 5000, currency: 'EUR', attempt: 1 }),
  recorded('OrderAwaitingOfflinePayment', { completedAt: '2027-01-10T12:04:00.000Z' }),
  recorded(
    'AttendeeDetailsChanged',
    {
      attendeeId: 'at_one1',
      firstName: 'Gina',
      lastName: 'Lee',
      email: 'gina@example.test',
      changedBy: 'us_admin1',
    },
    'us_admin1',
  ),
  recorded('AttendeeTicketResent', { attendeeId: 'at_one1', resentBy: 'us_admin1' }, 'us_admin1'),
  // The door's device has no login: the recording says `public`, the event names the check-in list.
  recorded('OrderMarkedPaid', { markedBy: 'check-in-list:cl_north1' }, 'public'),
  recorded('SomethingRecordedLater', {}),
  recorded('AttendeeCancelled', { attendeeId: 'at_two1', cancelledBy: 'us_gone1' }, 'us_gone1'),
  recorded('OrderRefundRecorded', { amount: 2500, currency: 'EUR', recordedBy: 'us_admin1' }, 'us_admin1'),
  recorded('OrderExpired', { expiredAt: '2027-01-10T12:12:00.000Z' }, 'system'),
];

describe('the order history as people read it', () => {
  it('names who did each thing, never an id, and the attendee as they were called then', async () => {
    const { history } = await presentOrderHistory(stream, { names, paymentMethod: 'OFFLINE' });
    expect(
      history.map((entry) => [
        entry.type,
        entry.actor.kind,
        entry.actor.name,
        entry.attendee_name,
        entry.amount,
      ]),
    ).toEqual([
      ['OrderPlaced', 'buyer', null, null, null],
      ['OrderDetailsSubmitted', 'buyer', null, null, null],
      ['PaymentIntentCreated', 'buyer', null, null, 5000],
      ['OrderAwaitingOfflinePayment', 'buyer', null, null, null],
      ['AttendeeDetailsChanged', 'member', 'Admin User', 'Guest0 Lee', null],
      ['AttendeeTicketResent', 'member', 'Admin User', 'Gina Lee', null],
      ['OrderMarkedPaid', 'door', 'North gate', null, null],
      // A member of another account, or one removed since: a member, unnamed.
      ['AttendeeCancelled', 'member', null, 'Guest1 Lee', null],
      ['OrderRefundRecorded', 'member', 'Admin User', null, 2500],
      ['OrderExpired', 'system', null, null, null],
    ]);
    expect(history[0]).toEqual({
      position: '101',
      at: '2027-01-10T12:01:00.000Z',
      type: 'OrderPlaced',
      actor: { kind: 'buyer', name: null },
      amount: null,
      currency: null,
      attendee_name: null,
      payment_method: null,
    });
  });

  it("lists no card attempt among an offline-paid order's payments; a card order keeps its intent", async () => {
    const offline = await presentOrderHistory(stream, { names, paymentMethod: 'OFFLINE' });
    expect(offline.money_trail.map((item) => item.type)).toEqual(['OrderMarkedPaid', 'OrderRefundRecorded']);
    const card = await presentOrderHistory(stream, { names, paymentMethod: 'CARD' });
    expect(card.money_trail.map((item) => item.type)).toEqual([
      'PaymentIntentCreated',
      'OrderMarkedPaid',
      'OrderRefundRecorded',
    ]);
    expect(card.money_trail[0]).toMatchObject({ amount: 5000, currency: 'EUR', payment_intent_id: 'pi_1' });
  });

  it('says how a completed order was paid, and who a Stripe refund came from', async () => {
    const { history } = await presentOrderHistory(
      [
        recorded(
          'OrderCompleted',
          { paymentMethod: 'CARD', completedAt: '2027-01-10T12:30:00.000Z' },
          'stripe',
        ),
        recorded(
          'OrderRefundRequested',
          { refundId: 'rf_1', amount: 700, currency: 'EUR', requestedBy: 'stripe' },
          'stripe',
        ),
      ],
      { names, paymentMethod: 'CARD' },
    );
    expect(
      history.map((entry) => [entry.type, entry.actor.kind, entry.payment_method, entry.amount]),
    ).toEqual([
      ['OrderCompleted', 'stripe', 'CARD', null],
      ['OrderRefundRequested', 'stripe', null, 700],
    ]);
  });
});

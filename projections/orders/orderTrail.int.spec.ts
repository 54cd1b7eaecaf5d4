import { afterEach, beforeEach, expect, it } from 'vitest';
import { projectionSpec, type GivenEvent } from '../runner/projectionSpec';
import { describeEachStorage, type TestStorage } from '../runner/testing';
import { orderTrailProjection } from './orderTrail';

const at = (minute: number) => `2026-11-01T19:${String(minute).padStart(2, '0')}:00.000Z`;
const scan = { nonce: 'n1', deviceId: 'door-a', gate: 'A' };
const hold = { eventId: 'ev_1', holdId: 'ho_1' };

describeEachStorage('order trail read model', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it("maps the events of the order's, the inventory's, the check-in and message streams to the order; replayed or rebuilt alike", async () => {
    const given: GivenEvent[] = [
      {
        stream: 'inventory-ev_1',
        type: 'HoldPlaced',
        data: { ...hold, orderId: 'or_1', lines: [], promoCodeId: null, placedAt: at(0), expiresAt: at(15) },
      },
      { stream: 'inventory-ev_1', type: 'HoldClientNoted', data: { ...hold, clientKey: 'k' } },
      // Another order's hold, and an event of the inventory no order owns: neither is this order's.
      {
        stream: 'inventory-ev_1',
        type: 'HoldPlaced',
        data: {
          eventId: 'ev_1',
          holdId: 'ho_2',
          orderId: 'or_2',
          lines: [],
          promoCodeId: null,
          placedAt: at(0),
          expiresAt: at(15),
        },
      },
      {
        stream: 'inventory-ev_1',
        type: 'TicketStockDefined',
        data: { eventId: 'ev_1', ticketId: 'tk_1', quantity: 10, definedAt: at(0) },
      },
      {
        stream: 'order-or_1',
        type: 'OrderPlaced',
        data: {
          eventId: 'ev_1',
          orderId: 'or_1',
          accountId: 'ac_1',
          holdId: 'ho_1',
          attendees: [{ attendeeId: 'at_1', shortId: 's1', ticketId: 'tk_1', tierId: null }],
          placedAt: at(1),
        },
      },
      {
        stream: 'order-or_1',
        type: 'OrderCompleted',
        data: { eventId: 'ev_1', orderId: 'or_1', paymentMethod: 'FREE', completedAt: at(2) },
      },
      {
        stream: 'inventory-ev_1',
        type: 'HoldConverted',
        data: { ...hold, orderId: 'or_1', afterExpiry: false, convertedAt: at(2) },
      },
      {
        stream: 'stripe-event-evt_1',
        type: 'StripeEventReceived',
        data: {
          stripeEventId: 'evt_1',
          stripeType: 'payment_intent.succeeded',
          stripeAccount: null,
          created: at(2),
          object: { metadata: { order_id: 'or_1' } },
          receivedAt: at(2),
        },
      },
      {
        stream: 'check-in-cl_1-at_1',
        type: 'AttendeeCheckedIn',
        data: {
          ...scan,
          checkInId: 'ci_1',
          checkInListId: 'cl_1',
          eventId: 'ev_1',
          attendeeId: 'at_1',
          ticketId: 'tk_1',
          source: 'online',
          scannedAt: at(3),
          checkedInAt: at(3),
        },
      },
      {
        stream: 'check-in-cl_1-at_9',
        type: 'AttendeeCheckedIn',
        data: {
          ...scan,
          checkInId: 'ci_9',
          checkInListId: 'cl_1',
          eventId: 'ev_1',
          attendeeId: 'at_9',
          ticketId: 'tk_1',
          source: 'online',
          scannedAt: at(3),
          checkedInAt: at(3),
        },
      },
      {
        stream: 'message-me_1',
        type: 'MessageScheduled',
        data: {
          messageId: 'me_1',
          eventId: 'ev_1',
          accountId: 'ac_1',
          recipients: { kind: 'order_buyer', orderId: 'or_1' },
          subject: 'Hi',
          html: '<p>Hi</p>',
          copyToSender: false,
          sender: { userId: 'us_1', email: 'm@example.com', name: 'M', locale: 'en' },
          sendAt: at(4),
          scheduledAt: at(4),
        },
      },
      {
        stream: 'message-me_1',
        type: 'MessageDispatched',
        data: { messageId: 'me_1', eventId: 'ev_1', dispatchedAt: at(4) },
      },
      {
        stream: 'inventory-ev_1',
        type: 'StockReturned',
        data: { ...hold, returnId: 'r1', lines: [], returnedAt: at(5) },
      },
    ];
    const { rows, keys } = await projectionSpec(storage, orderTrailProjection)
      .given(given)
      .then({ order_trail: ['order_id', 'position'], order_trail_links: ['link'] });
    const trail = (
      rows.order_trail as { order_id: string; stream: string; type: string; revision: unknown }[]
    )
      .filter((row) => row.order_id === 'or_1')
      .map((row) => `${row.stream} ${row.type} ${String(row.revision)}`);
    expect(trail).toEqual([
      'inventory-ev_1 HoldPlaced 0',
      'inventory-ev_1 HoldClientNoted 1',
      'order-or_1 OrderPlaced 0',
      'order-or_1 OrderCompleted 1',
      'inventory-ev_1 HoldConverted 4',
      'stripe-event-evt_1 StripeEventReceived 0',
      'check-in-cl_1-at_1 AttendeeCheckedIn 0',
      'message-me_1 MessageScheduled 0',
      'message-me_1 MessageDispatched 1',
      'inventory-ev_1 StockReturned 5',
    ]);
    expect(
      (rows.order_trail ?? []).filter((row) => (row as { order_id: string }).order_id === 'or_2'),
    ).toHaveLength(1);
    expect(rows.order_trail ?? []).toHaveLength(11);
    expect(rows.order_trail_links).toEqual([
      { link: 'attendee:at_1', order_id: 'or_1' },
      { link: 'hold:ho_1', order_id: 'or_1' },
      { link: 'hold:ho_2', order_id: 'or_2' },
      { link: 'message:me_1', order_id: 'or_1' },
      { link: 'order:or_1', order_id: 'or_1' },
    ]);
    expect(new Set(keys)).toEqual(new Set(['order:or_1', 'order:or_2']));
  });
});

import { afterEach, beforeEach, expect, it } from 'vitest';
import type { OrderEvent, OrderPaymentEvent, OrderPlaced } from '../../services/sales/orders/orderEvents';
import { projectionSpec } from '../runner/projectionSpec';
import { describeEachStorage, type TestStorage } from '../runner/testing';
import { ordersProjection } from '.';

type Given = (OrderEvent | OrderPaymentEvent) & { stream: string };
const at = '2026-11-01T10:00:00.000Z';

function placed(orderId: string, total: number): Given & OrderPlaced {
  return {
    stream: `order-${orderId}`,
    type: 'OrderPlaced',
    data: {
      eventId: 'ev_1',
      orderId,
      accountId: 'ac_1',
      shortId: `${orderId.padEnd(20, '0')}`.slice(0, 20),
      reference: orderId.toUpperCase(),
      holdId: `ho_${orderId}`,
      locale: 'en',
      promoCodeId: null,
      promoCode: null,
      affiliateCode: 'PARTNER',
      currency: 'EUR',
      displayMode: 'INCLUSIVE',
      lines: [
        {
          ticketId: 'tk_1',
          tierId: null,
          ticketTitle: 'Entry',
          tierLabel: null,
          quantity: 2,
          unitPrice: total / 2,
          base: total,
          discount: 0,
          price: total,
          feeTotal: 0,
          taxTotal: 0,
          total,
          taxes: [],
          fees: [],
        },
      ],
      totals: { subtotal: total, discountTotal: 0, feeTotal: 0, taxTotal: 0, total, taxes: [], fees: [] },
      attendees: [
        {
          attendeeId: `at_${orderId}1`,
          shortId: `${orderId}a`.padEnd(20, '1'),
          ticketId: 'tk_1',
          tierId: null,
        },
        {
          attendeeId: `at_${orderId}2`,
          shortId: `${orderId}b`.padEnd(20, '2'),
          ticketId: 'tk_1',
          tierId: null,
        },
      ],
      expiresAt: '2026-11-01T10:15:00.000Z',
      placedAt: at,
    },
  };
}

describeEachStorage('orders read model', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('keeps orders, lines and attendees through details, offline payment, payment and cancellation; the same when rebuilt', async () => {
    const person = (first: string) => ({ firstName: first, lastName: 'Lee', email: `${first}@example.test` });
    const { rows, keys } = await projectionSpec<OrderEvent>(storage, ordersProjection)
      .given([
        placed('or1', 5000),
        {
          stream: 'order-or1',
          type: 'OrderDetailsSubmitted',
          data: {
            eventId: 'ev_1',
            orderId: 'or1',
            buyer: person('ann'),
            locale: 'de',
            answers: { qu_1: 'vegan' },
            attendees: [
              { attendeeId: 'at_or11', ...person('ann'), answers: {} },
              { attendeeId: 'at_or12', ...person('bob'), answers: {} },
            ],
            submittedAt: at,
          },
        },
        {
          stream: 'order-or1',
          type: 'OrderAwaitingOfflinePayment',
          data: { eventId: 'ev_1', orderId: 'or1', completedAt: at },
        },
        {
          stream: 'order-or1',
          type: 'OrderMarkedPaid',
          data: { eventId: 'ev_1', orderId: 'or1', markedBy: 'us_1', paidAt: '2026-11-02T10:00:00.000Z' },
        },
        {
          stream: 'order-or1',
          type: 'AttendeeCancelled',
          data: {
            eventId: 'ev_1',
            orderId: 'or1',
            attendeeId: 'at_or12',
            cancelledBy: 'us_1',
            cancelledAt: '2026-11-03T10:00:00.000Z',
          },
        },
        placed('or2', 0),
        {
          stream: 'order-or2',
          type: 'OrderExpired',
          data: { eventId: 'ev_1', orderId: 'or2', expiredAt: '2026-11-01T10:15:00.000Z' },
        },
      ])
      .then({ orders: ['id'], order_lines: ['order_id', 'position'], attendees: ['order_id', 'position'] });
    expect(rows.orders).toEqual([
      expect.objectContaining({
        id: 'or1',
        status: 'COMPLETED',
        payment_method: 'OFFLINE',
        first_name: 'ann',
        locale: 'de',
        affiliate_code: 'PARTNER',
        completed_at: at,
        updated_at: '2026-11-03T10:00:00.000Z',
      }),
      expect.objectContaining({ id: 'or2', status: 'EXPIRED', first_name: null }),
    ]);
    expect(rows.order_lines).toHaveLength(2);
    expect(rows.attendees).toEqual([
      expect.objectContaining({ id: 'at_or11', status: 'ACTIVE', payment: 'PAID', first_name: 'ann' }),
      expect.objectContaining({ id: 'at_or12', status: 'CANCELLED', payment: 'PAID', first_name: 'bob' }),
      expect.objectContaining({ id: 'at_or21', status: 'ACTIVE', payment: 'PENDING' }),
      expect.objectContaining({ id: 'at_or22', status: 'ACTIVE', payment: 'PENDING' }),
    ]);
    expect(keys).toContain('order:or1');
    expect(keys).toContain('account:ac_1');
  });

  it("records a member's corrections and a manual order; resends change no row but the revision", async () => {
    const person = (first: string) => ({ firstName: first, lastName: 'Lee', email: `${first}@example.test` });
    const { rows } = await projectionSpec<OrderEvent>(storage, ordersProjection)
      .given([
        placed('or3', 1200),
        {
          stream: 'order-or3',
          type: 'ManualOrderRecorded',
          data: {
            eventId: 'ev_1',
            orderId: 'or3',
            amountPaid: 1200,
            sendTicket: false,
            createdBy: 'us_1',
            recordedAt: at,
          },
        },
        {
          stream: 'order-or3',
          type: 'OrderDetailsSubmitted',
          data: {
            eventId: 'ev_1',
            orderId: 'or3',
            buyer: person('ann'),
            locale: 'en',
            answers: {},
            attendees: [
              { attendeeId: 'at_or31', ...person('ann'), answers: {} },
              { attendeeId: 'at_or32', ...person('bob'), answers: {} },
            ],
            submittedAt: at,
          },
        },
        {
          stream: 'order-or3',
          type: 'OrderCompleted',
          data: { eventId: 'ev_1', orderId: 'or3', paymentMethod: 'OFFLINE', completedAt: at },
        },
        {
          stream: 'order-or3',
          type: 'OrderBuyerDetailsChanged',
          data: {
            eventId: 'ev_1',
            orderId: 'or3',
            buyer: person('anne'),
            changedBy: 'us_1',
            changedAt: '2026-11-02T10:00:00.000Z',
          },
        },
        {
          stream: 'order-or3',
          type: 'AttendeeDetailsChanged',
          data: {
            eventId: 'ev_1',
            orderId: 'or3',
            attendeeId: 'at_or32',
            ...person('bea'),
            locale: 'fr',
            answers: { qu_1: 'none' },
            changedBy: 'us_1',
            changedAt: '2026-11-03T10:00:00.000Z',
          },
        },
        {
          stream: 'order-or3',
          type: 'OrderConfirmationResent',
          data: { eventId: 'ev_1', orderId: 'or3', requestId: 'rq_1', resentBy: 'us_1', resentAt: at },
        },
      ])
      .then({ orders: ['id'], attendees: ['order_id', 'position'], manual_orders: ['order_id'] });
    expect(rows.orders).toEqual([
      expect.objectContaining({
        id: 'or3',
        first_name: 'anne',
        email: 'anne@example.test',
        status: 'COMPLETED',
      }),
    ]);
    expect(rows.attendees).toEqual([
      expect.objectContaining({ id: 'at_or31', first_name: 'ann', locale: 'en' }),
      expect.objectContaining({ id: 'at_or32', first_name: 'bea', locale: 'fr', answers: '{"qu_1":"none"}' }),
    ]);
    expect(rows.manual_orders).toEqual([expect.objectContaining({ order_id: 'or3', created_by: 'us_1' })]);
  });
  it('reads a refunded order as refunded whether it was cancelled before or after; cancelled only without a refund', async () => {
    const person = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.test' };
    const paidOffline = (orderId: string): Given[] => [
      placed(orderId, 5000),
      {
        stream: `order-${orderId}`,
        type: 'OrderDetailsSubmitted',
        data: {
          eventId: 'ev_1',
          orderId,
          buyer: person,
          locale: 'en',
          answers: {},
          attendees: [
            { attendeeId: `at_${orderId}1`, ...person, answers: {} },
            { attendeeId: `at_${orderId}2`, ...person, answers: {} },
          ],
          submittedAt: at,
        },
      },
      {
        stream: `order-${orderId}`,
        type: 'OrderCompleted',
        data: { eventId: 'ev_1', orderId, paymentMethod: 'OFFLINE', completedAt: at },
      },
    ];
    const cancelled = (orderId: string): Given => ({
      stream: `order-${orderId}`,
      type: 'OrderCancelled',
      data: { eventId: 'ev_1', orderId, cancelledBy: 'us_1', cancelledAt: '2026-11-02T10:00:00.000Z' },
    });
    const recorded = (orderId: string, amount: number, refundedTotal: number): Given => ({
      stream: `order-${orderId}`,
      type: 'OrderRefundRecorded',
      data: {
        eventId: 'ev_1',
        orderId,
        refundId: `rf_${orderId}_${refundedTotal}`,
        amount,
        currency: 'EUR',
        refundedTotal,
        remaining: 5000 - refundedTotal,
        cancelOrder: false,
        notifyBuyer: false,
        recordedBy: 'us_1',
        recordedAt: '2026-11-03T10:00:00.000Z',
      },
    });
    const requested = (orderId: string): Given => ({
      stream: `order-${orderId}`,
      type: 'OrderRefundRequested',
      data: {
        eventId: 'ev_1',
        orderId,
        refundId: `rf_${orderId}`,
        paymentIntentId: 'pi_1',
        amount: 5000,
        currency: 'EUR',
        reason: 'ORGANIZER',
        cancelOrder: true,
        notifyBuyer: false,
        requestedBy: 'us_1',
        requestedAt: '2026-11-01T12:00:00.000Z',
      },
    });
    const refunded = (orderId: string): Given => ({
      stream: `order-${orderId}`,
      type: 'OrderRefunded',
      data: {
        eventId: 'ev_1',
        orderId,
        refundId: `rf_${orderId}`,
        stripeRefundId: 're_1',
        amount: 5000,
        currency: 'EUR',
        refundedTotal: 5000,
        remaining: 0,
        stripeEventId: 'evt_1',
        refundedAt: '2026-11-04T10:00:00.000Z',
      },
    });
    const { rows } = await projectionSpec<OrderEvent | OrderPaymentEvent>(storage, ordersProjection)
      .given([
        // Refunded in full, then cancelled.
        ...paidOffline('ra'),
        recorded('ra', 5000, 5000),
        cancelled('ra'),
        // Refunded in part, then cancelled.
        ...paidOffline('rb'),
        recorded('rb', 2000, 2000),
        cancelled('rb'),
        // Cancelled, then refunded in part.
        ...paidOffline('rc'),
        cancelled('rc'),
        recorded('rc', 1000, 1000),
        // A card refund asked for with the cancellation, which is recorded before Stripe settles it.
        ...paidOffline('rd'),
        requested('rd'),
        cancelled('rd'),
        // Only cancelled.
        ...paidOffline('re'),
        cancelled('re'),
        // The same card refund once Stripe settled it.
        ...paidOffline('rf'),
        requested('rf'),
        cancelled('rf'),
        refunded('rf'),
      ])
      .then({ orders: ['id'], attendees: ['order_id', 'position'] });
    const orders = rows.orders as { id: string; status: string }[];
    expect(orders.map((row) => [row.id, row.status])).toEqual([
      ['ra', 'REFUNDED'],
      ['rb', 'PARTIALLY_REFUNDED'],
      ['rc', 'PARTIALLY_REFUNDED'],
      ['rd', 'REFUND_PENDING'],
      ['re', 'CANCELLED'],
      ['rf', 'REFUNDED'],
    ]);
    // The cancellation still voids every ticket.
    const attendees = rows.attendees as { status: string }[];
    expect(attendees).toHaveLength(12);
    expect(new Set(attendees.map((row) => row.status))).toEqual(new Set(['CANCELLED']));
  });
});

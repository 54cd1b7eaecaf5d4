import { afterEach, beforeEach, expect, it } from 'vitest';
import type { OrderEvent, OrderPlaced } from '../../services/sales/orders/orderEvents';
import { projectionSpec } from '../runner/projectionSpec';
import { describeEachStorage, type TestStorage } from '../runner/testing';
import { ordersProjection } from '.';

type Given = OrderEvent & { stream: string };
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
});

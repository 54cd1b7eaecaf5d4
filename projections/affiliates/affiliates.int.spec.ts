import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AffiliateEvent } from '../../services/catalog/affiliates/affiliateEvents';
import type { OrderEvent } from '../../services/sales/orders/orderEvents';
import { projectionSpec, type GivenEvent } from '../runner/projectionSpec';
import { describeEachStorage, type TestStorage } from '../runner/testing';
import { affiliatesProjection } from '.';

const created = (affiliateId: string, code: string, createdAt: string): GivenEvent<AffiliateEvent> => ({
  stream: `affiliate-${affiliateId}`,
  type: 'AffiliateCreated',
  data: {
    affiliateId,
    eventId: 'ev_1',
    code,
    name: `Partner ${code}`,
    email: null,
    status: 'ACTIVE',
    createdAt,
  },
});

describeEachStorage('affiliates read model', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('keeps each affiliate with its changes; a code deleted and created again starts afresh', async () => {
    const { rows, keys } = await projectionSpec<AffiliateEvent>(storage, affiliatesProjection)
      .given([
        created('af_1', 'RADIO', '2026-11-01T10:00:00.000Z'),
        created('af_2', 'PRESS', '2026-11-01T11:00:00.000Z'),
        {
          stream: 'affiliate-af_1',
          type: 'AffiliateUpdated',
          data: {
            affiliateId: 'af_1',
            eventId: 'ev_1',
            changes: { status: 'INACTIVE', email: 'radio@example.org' },
            updatedAt: '2026-11-02T10:00:00.000Z',
          },
        },
        {
          stream: 'affiliate-af_2',
          type: 'AffiliateDeleted',
          data: {
            affiliateId: 'af_2',
            eventId: 'ev_1',
            code: 'PRESS',
            deletedAt: '2026-11-03T10:00:00.000Z',
          },
        },
        created('af_2', 'PRESS', '2026-11-04T10:00:00.000Z'),
      ])
      .then({ affiliates: ['id'] });

    expect(rows.affiliates).toEqual([
      expect.objectContaining({
        id: 'af_1',
        code: 'RADIO',
        status: 'INACTIVE',
        email: 'radio@example.org',
        updated_at: '2026-11-02T10:00:00.000Z',
      }),
      expect.objectContaining({
        id: 'af_2',
        code: 'PRESS',
        created_at: '2026-11-04T10:00:00.000Z',
        revision: 2,
      }),
    ]);
    expect(keys).toEqual(expect.arrayContaining(['affiliate:af_1', 'affiliate:af_2', 'event:ev_1']));
  });
});

const placed = (
  orderId: string,
  affiliateCode: string | null,
  total: number,
): GivenEvent<AffiliateEvent | OrderEvent> => ({
  stream: `order-${orderId}`,
  type: 'OrderPlaced',
  data: {
    eventId: 'ev_1',
    orderId,
    accountId: 'ac_1',
    shortId: `o${orderId}`,
    reference: orderId.toUpperCase(),
    holdId: `h${orderId}`,
    locale: 'en',
    promoCodeId: null,
    promoCode: null,
    affiliateCode,
    currency: 'EUR',
    displayMode: 'INCLUSIVE',
    lines: [],
    totals: { subtotal: total, discountTotal: 0, feeTotal: 0, taxTotal: 0, total, taxes: [], fees: [] },
    attendees: [],
    expiresAt: '2026-11-05T10:15:00.000Z',
    placedAt: '2026-11-05T10:00:00.000Z',
  },
});
const orderEvent = (
  orderId: string,
  type: 'OrderCompleted' | 'OrderAwaitingOfflinePayment' | 'OrderMarkedPaid' | 'OrderCancelled',
): GivenEvent<AffiliateEvent | OrderEvent> => {
  const at = '2026-11-05T10:05:00.000Z';
  const base = { eventId: 'ev_1', orderId };
  switch (type) {
    case 'OrderCompleted':
      return { stream: `order-${orderId}`, type, data: { ...base, paymentMethod: 'FREE', completedAt: at } };
    case 'OrderAwaitingOfflinePayment':
      return { stream: `order-${orderId}`, type, data: { ...base, completedAt: at } };
    case 'OrderMarkedPaid':
      return { stream: `order-${orderId}`, type, data: { ...base, markedBy: 'us_1', paidAt: at } };
    case 'OrderCancelled':
      return { stream: `order-${orderId}`, type, data: { ...base, cancelledBy: 'us_1', cancelledAt: at } };
  }
};

describeEachStorage('affiliates read model: orders and revenue', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('counts completed orders of an active code, revenue once paid, and takes a cancellation back', async () => {
    const { rows } = await projectionSpec<AffiliateEvent | OrderEvent>(storage, affiliatesProjection)
      .given([
        created('af_1', 'RADIO', '2026-11-01T10:00:00.000Z'),
        created('af_2', 'PRESS', '2026-11-01T11:00:00.000Z'),
        {
          stream: 'affiliate-af_2',
          type: 'AffiliateUpdated',
          data: {
            affiliateId: 'af_2',
            eventId: 'ev_1',
            changes: { status: 'INACTIVE' },
            updatedAt: '2026-11-02T10:00:00.000Z',
          },
        },
        placed('o1', 'radio', 2500),
        orderEvent('o1', 'OrderCompleted'),
        placed('o2', 'RADIO', 4000),
        orderEvent('o2', 'OrderAwaitingOfflinePayment'),
        placed('o3', 'RADIO', 1000),
        orderEvent('o3', 'OrderAwaitingOfflinePayment'),
        orderEvent('o3', 'OrderMarkedPaid'),
        placed('o4', 'RADIO', 9999),
        orderEvent('o4', 'OrderCompleted'),
        orderEvent('o4', 'OrderCancelled'),
        placed('o5', 'RADIO', 7777),
        placed('o6', 'PRESS', 5000),
        orderEvent('o6', 'OrderCompleted'),
        placed('o7', 'UNKNOWN', 5000),
        orderEvent('o7', 'OrderCompleted'),
        placed('o8', null, 5000),
        orderEvent('o8', 'OrderCompleted'),
      ])
      .then({ affiliates: ['id'], affiliate_orders: ['order_id'] });

    expect(rows.affiliates).toEqual([
      expect.objectContaining({ id: 'af_1', orders_count: 3 }),
      expect.objectContaining({ id: 'af_2', orders_count: 0 }),
    ]);
    expect((rows.affiliates as { revenue: unknown }[]).map((row) => Number(row.revenue))).toEqual([
      2500 + 1000,
      0,
    ]);
    expect((rows.affiliate_orders as { order_id: string }[]).map((row) => row.order_id)).toEqual([
      'o1',
      'o2',
      'o3',
      'o4',
      'o5',
    ]);
  });
});

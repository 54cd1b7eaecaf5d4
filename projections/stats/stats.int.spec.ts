import { afterEach, beforeEach, expect, it } from 'vitest';
import type {
  OrderEvent,
  OrderLine,
  OrderRefunded,
  OrderRefundRecorded,
} from '../../services/sales/orders/orderEvents';
import type { AttendeeCheckedIn, AttendeeCheckedOut } from '../../services/admission/checkIn/checkInEvents';
import { projectionSpec, type GivenEvent } from '../runner/projectionSpec';
import { describeEachStorage, tableScans, type TestStorage } from '../runner/testing';
import { minuteOf, statsProjection } from '.';

type Refund = OrderRefunded | OrderRefundRecorded;
type Given = GivenEvent<OrderEvent | Refund | AttendeeCheckedIn | AttendeeCheckedOut>;

const line = (
  ticketId: string,
  quantity: number,
  unit: number,
  extra = { tax: 0, fee: 0, discount: 0 },
): OrderLine => ({
  ticketId,
  tierId: null,
  ticketTitle: ticketId,
  tierLabel: null,
  quantity,
  unitPrice: unit,
  base: (unit + extra.discount) * quantity,
  discount: extra.discount * quantity,
  price: unit * quantity,
  feeTotal: extra.fee * quantity,
  taxTotal: extra.tax * quantity,
  total: (unit + extra.tax + extra.fee) * quantity,
  taxes: [],
  fees: [],
});

function placed(orderId: string, lines: OrderLine[], at: string, promoCode: string | null = null): Given {
  const sum = (pick: (l: OrderLine) => number) => lines.reduce((total, l) => total + pick(l), 0);
  let n = 0;
  return {
    stream: `order-${orderId}`,
    type: 'OrderPlaced',
    data: {
      eventId: 'ev_1',
      orderId,
      accountId: 'ac_1',
      shortId: `o_${orderId}`,
      reference: orderId.toUpperCase(),
      holdId: `h_${orderId}`,
      locale: 'en',
      promoCodeId: promoCode ? 'pc_1' : null,
      promoCode,
      affiliateCode: null,
      currency: 'EUR',
      displayMode: 'INCLUSIVE',
      lines,
      totals: {
        subtotal: sum((l) => l.price),
        discountTotal: sum((l) => l.discount),
        feeTotal: sum((l) => l.feeTotal),
        taxTotal: sum((l) => l.taxTotal),
        total: sum((l) => l.total),
        taxes: [{ name: 'VAT', amount: sum((l) => l.taxTotal) }],
        fees: [],
      },
      attendees: lines.flatMap((l) =>
        Array.from({ length: l.quantity }, () => {
          n += 1;
          return {
            attendeeId: `at_${orderId}_${n}`,
            shortId: `s_${orderId}_${n}`,
            ticketId: l.ticketId,
            tierId: null,
          };
        }),
      ),
      expiresAt: '2026-11-22T13:00:00.000Z',
      placedAt: at,
    },
  };
}

const completed = (orderId: string, at: string): Given => ({
  stream: `order-${orderId}`,
  type: 'OrderCompleted',
  data: { eventId: 'ev_1', orderId, paymentMethod: 'FREE', completedAt: at },
});

const checkedIn = (listId: string, attendeeId: string, ticketId: string, at: string): Given => ({
  stream: `check-in-${listId}-${attendeeId}`,
  type: 'AttendeeCheckedIn',
  data: {
    nonce: `n_${attendeeId}_${at}`,
    deviceId: 'dev_1',
    gate: null,
    checkInId: `ci_${attendeeId}_${at}`,
    checkInListId: listId,
    eventId: 'ev_1',
    attendeeId,
    ticketId,
    source: 'online',
    scannedAt: at,
    checkedInAt: at,
  },
});

interface MinuteRow {
  ticket_id: string;
  minute: string;
  orders: number;
  tickets_sold: number;
  gross: number;
  taxes: number;
  awaiting_payment: number;
  check_ins: number;
  refunds: number;
  discounts: number;
}

const sumOf = (rows: unknown[], ticketId: string, counter: keyof MinuteRow) =>
  (rows as MinuteRow[])
    .filter((row) => row.ticket_id === ticketId)
    .reduce((sum, row) => sum + Number(row[counter]), 0);

describeEachStorage('stats read model', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('counts tickets and revenue when an order completes, in the minute it completed, per event and ticket', async () => {
    const { rows, keys } = await projectionSpec<OrderEvent | Refund | AttendeeCheckedIn | AttendeeCheckedOut>(
      storage,
      statsProjection,
    )
      .given([
        placed(
          'or_1',
          [line('ti_a', 2, 1000, { tax: 190, fee: 50, discount: 0 }), line('ti_b', 1, 500)],
          '2026-11-22T12:00:10.000Z',
        ),
        completed('or_1', '2026-11-22T12:01:30.000Z'),
        placed('or_2', [line('ti_a', 1, 1000)], '2026-11-22T12:02:00.000Z'),
      ])
      .then({ stat_minutes: ['ticket_id', 'minute'], stat_orders: ['id'] });
    expect(rows.stat_minutes).toEqual([
      expect.objectContaining({
        ticket_id: '',
        minute: '2026-11-22T12:01:00.000Z',
        orders: 1,
        tickets_sold: 3,
      }),
      expect.objectContaining({
        ticket_id: 'ti_a',
        minute: '2026-11-22T12:01:00.000Z',
        orders: 1,
        tickets_sold: 2,
      }),
      expect.objectContaining({
        ticket_id: 'ti_b',
        minute: '2026-11-22T12:01:00.000Z',
        orders: 1,
        tickets_sold: 1,
      }),
    ]);
    expect(sumOf(rows.stat_minutes ?? [], '', 'gross')).toBe(2 * 1240 + 500);
    expect(sumOf(rows.stat_minutes ?? [], '', 'taxes')).toBe(380);
    expect(sumOf(rows.stat_minutes ?? [], 'ti_a', 'gross')).toBe(2480);
    // The open order counts nowhere yet.
    expect(rows.stat_orders).toEqual([
      expect.objectContaining({ id: 'or_1', state: 'PAID' }),
      expect.objectContaining({ id: 'or_2', state: 'OPEN' }),
    ]);
    expect(keys).toContain('event:ev_1');
    expect(keys).toContain('account:ac_1');
  });

  it('sells an offline order when it completes and counts its money when it is marked paid', async () => {
    const { rows } = await projectionSpec<OrderEvent | Refund | AttendeeCheckedIn | AttendeeCheckedOut>(
      storage,
      statsProjection,
    )
      .given([
        placed('or_1', [line('ti_a', 2, 1000)], '2026-11-22T12:00:00.000Z'),
        {
          stream: 'order-or_1',
          type: 'OrderAwaitingOfflinePayment',
          data: { eventId: 'ev_1', orderId: 'or_1', completedAt: '2026-11-22T12:05:00.000Z' },
        },
      ])
      .then({ stat_minutes: ['ticket_id', 'minute'] });
    expect(sumOf(rows.stat_minutes ?? [], '', 'tickets_sold')).toBe(2);
    expect(sumOf(rows.stat_minutes ?? [], '', 'gross')).toBe(0);
    expect(sumOf(rows.stat_minutes ?? [], '', 'awaiting_payment')).toBe(2000);
  });

  it('counts promo discounts with the sale, like the promo code table: before an offline payment, out on cancel', async () => {
    const awaiting = (orderId: string, at: string): Given => ({
      stream: `order-${orderId}`,
      type: 'OrderAwaitingOfflinePayment',
      data: { eventId: 'ev_1', orderId, completedAt: at },
    });
    const cancelled = (orderId: string, at: string): Given => ({
      stream: `order-${orderId}`,
      type: 'OrderCancelled',
      data: { eventId: 'ev_1', orderId, cancelledBy: 'us_1', cancelledAt: at },
    });
    const half = { tax: 0, fee: 0, discount: 500 };
    const { rows } = await projectionSpec<OrderEvent | Refund | AttendeeCheckedIn | AttendeeCheckedOut>(
      storage,
      statsProjection,
    )
      .given([
        // Offline, not paid yet: sold, so its discount counts, though its money has not arrived.
        placed('or_1', [line('ti_a', 2, 500, half)], '2026-11-22T12:00:00.000Z', 'HALF'),
        awaiting('or_1', '2026-11-22T12:01:00.000Z'),
        // Paid, then cancelled: its money stays until refunded, its discount goes with the sale.
        placed('or_2', [line('ti_b', 1, 500, half)], '2026-11-22T12:02:00.000Z', 'HALF'),
        completed('or_2', '2026-11-22T12:03:00.000Z'),
        cancelled('or_2', '2026-11-22T12:04:00.000Z'),
        // Never completed: nothing.
        placed('or_3', [line('ti_a', 1, 500, half)], '2026-11-22T12:05:00.000Z', 'HALF'),
      ])
      .then({ stat_minutes: ['ticket_id', 'minute'] });
    const minutes = rows.stat_minutes ?? [];
    expect(sumOf(minutes, '', 'discounts')).toBe(1000);
    expect(sumOf(minutes, 'ti_a', 'discounts')).toBe(1000);
    expect(sumOf(minutes, 'ti_b', 'discounts')).toBe(0);
    expect(sumOf(minutes, '', 'gross')).toBe(500);
    expect(sumOf(minutes, '', 'awaiting_payment')).toBe(1000);
  });

  it('counts refunds at their instant, shared among the tickets; a lapsed order refunded counts nothing', async () => {
    const refund = (
      orderId: string,
      type: 'OrderRefunded' | 'OrderRefundRecorded',
      amount: number,
      at: string,
    ): Given =>
      type === 'OrderRefunded'
        ? {
            stream: `order-${orderId}`,
            type,
            data: {
              eventId: 'ev_1',
              orderId,
              refundId: `rf_${orderId}_${amount}`,
              stripeRefundId: `re_${orderId}_${amount}`,
              amount,
              currency: 'EUR',
              refundedTotal: amount,
              remaining: 0,
              stripeEventId: null,
              refundedAt: at,
            },
          }
        : {
            stream: `order-${orderId}`,
            type,
            data: {
              eventId: 'ev_1',
              orderId,
              refundId: `rf_${orderId}_${amount}`,
              amount,
              currency: 'EUR',
              refundedTotal: amount,
              remaining: 0,
              cancelOrder: false,
              notifyBuyer: false,
              recordedBy: 'us_1',
              recordedAt: at,
            },
          };
    const { rows } = await projectionSpec<OrderEvent | Refund | AttendeeCheckedIn | AttendeeCheckedOut>(
      storage,
      statsProjection,
    )
      .given([
        // 3 × 1000 of ti_a and 1 × 1000 of ti_b: a refund of 1001 is shared 750.75 / 250.25.
        placed('or_1', [line('ti_a', 3, 1000), line('ti_b', 1, 1000)], '2026-11-22T12:00:00.000Z'),
        completed('or_1', '2026-11-22T12:00:30.000Z'),
        refund('or_1', 'OrderRefunded', 1001, '2026-11-22T16:00:10.000Z'),
        refund('or_1', 'OrderRefundRecorded', 999, '2026-11-22T17:00:00.000Z'),
        // Never paid in time: its late payment's refund was never gross.
        placed('or_2', [line('ti_a', 1, 1000)], '2026-11-22T12:10:00.000Z'),
        {
          stream: 'order-or_2',
          type: 'OrderExpired',
          data: { eventId: 'ev_1', orderId: 'or_2', expiredAt: '2026-11-22T12:30:00.000Z' },
        },
        refund('or_2', 'OrderRefunded', 1000, '2026-11-22T12:31:00.000Z'),
      ])
      .then({ stat_minutes: ['ticket_id', 'minute'] });
    const minutes = rows.stat_minutes ?? [];
    expect(sumOf(minutes, '', 'gross')).toBe(4000);
    expect(sumOf(minutes, '', 'refunds')).toBe(2000);
    expect(sumOf(minutes, 'ti_a', 'refunds') + sumOf(minutes, 'ti_b', 'refunds')).toBe(2000);
    const refundsAt = (ticketId: string, minute: string) =>
      Number(
        (minutes as MinuteRow[]).find((row) => row.ticket_id === ticketId && row.minute === minute)?.refunds,
      );
    expect(refundsAt('ti_a', '2026-11-22T16:00:00.000Z')).toBe(751);
    expect(refundsAt('ti_b', '2026-11-22T16:00:00.000Z')).toBe(250);
    expect(refundsAt('', '2026-11-22T17:00:00.000Z')).toBe(999);
  });

  it('takes cancelled orders and attendees out of the sold counts, keeps received money until a refund', async () => {
    const { rows } = await projectionSpec<OrderEvent | Refund | AttendeeCheckedIn | AttendeeCheckedOut>(
      storage,
      statsProjection,
    )
      .given([
        placed('or_1', [line('ti_a', 3, 1000)], '2026-11-22T12:00:00.000Z'),
        completed('or_1', '2026-11-22T12:00:30.000Z'),
        {
          stream: 'order-or_1',
          type: 'AttendeeCancelled',
          data: {
            eventId: 'ev_1',
            orderId: 'or_1',
            attendeeId: 'at_or_1_1',
            cancelledBy: 'us_1',
            cancelledAt: '2026-11-22T13:00:00.000Z',
          },
        },
        placed('or_2', [line('ti_a', 2, 1000)], '2026-11-22T12:10:00.000Z'),
        {
          stream: 'order-or_2',
          type: 'OrderAwaitingOfflinePayment',
          data: { eventId: 'ev_1', orderId: 'or_2', completedAt: '2026-11-22T12:11:00.000Z' },
        },
        {
          stream: 'order-or_2',
          type: 'OrderCancelled',
          data: {
            eventId: 'ev_1',
            orderId: 'or_2',
            cancelledBy: 'us_1',
            cancelledAt: '2026-11-22T14:00:00.000Z',
          },
        },
        {
          stream: 'order-or_1',
          type: 'OrderCancelled',
          data: {
            eventId: 'ev_1',
            orderId: 'or_1',
            cancelledBy: 'us_1',
            cancelledAt: '2026-11-22T15:00:00.000Z',
          },
        },
        placed('or_3', [line('ti_a', 1, 1000)], '2026-11-22T12:20:00.000Z'),
        {
          stream: 'order-or_3',
          type: 'OrderExpired',
          data: { eventId: 'ev_1', orderId: 'or_3', expiredAt: '2026-11-22T12:40:00.000Z' },
        },
      ])
      .then({ stat_minutes: ['ticket_id', 'minute'] });
    const minutes = rows.stat_minutes ?? [];
    expect(sumOf(minutes, '', 'tickets_sold')).toBe(0);
    expect(sumOf(minutes, '', 'orders')).toBe(0);
    expect(sumOf(minutes, '', 'awaiting_payment')).toBe(0);
    expect(sumOf(minutes, '', 'gross')).toBe(3000);
    // The attendee's cancellation counts at its own minute.
    expect(minutes).toContainEqual(
      expect.objectContaining({ ticket_id: '', minute: '2026-11-22T13:00:00.000Z', tickets_sold: -1 }),
    );
    expect(minutes).toContainEqual(
      expect.objectContaining({
        ticket_id: '',
        minute: '2026-11-22T15:00:00.000Z',
        tickets_sold: -2,
        orders: -1,
      }),
    );
  });

  it('counts each admission at its scan minute and who is inside per list', async () => {
    const { rows } = await projectionSpec<OrderEvent | Refund | AttendeeCheckedIn | AttendeeCheckedOut>(
      storage,
      statsProjection,
    )
      .given([
        checkedIn('cl_1', 'at_1', 'ti_a', '2026-11-22T19:00:05.000Z'),
        checkedIn('cl_1', 'at_2', 'ti_a', '2026-11-22T19:00:45.000Z'),
        {
          stream: 'check-in-cl_1-at_2',
          type: 'AttendeeCheckedOut',
          data: {
            nonce: 'n_out',
            deviceId: 'dev_1',
            gate: null,
            checkInId: 'ci_x',
            checkInListId: 'cl_1',
            eventId: 'ev_1',
            attendeeId: 'at_2',
            ticketId: 'ti_a',
            checkedOutAt: '2026-11-22T19:30:00.000Z',
          },
        },
        checkedIn('cl_1', 'at_2', 'ti_a', '2026-11-22T19:40:00.000Z'),
      ])
      .then({ stat_minutes: ['ticket_id', 'minute'], stat_check_ins: ['check_in_list_id', 'attendee_id'] });
    expect(rows.stat_minutes).toEqual([
      expect.objectContaining({ ticket_id: '', minute: '2026-11-22T19:00:00.000Z', check_ins: 2 }),
      expect.objectContaining({ ticket_id: '', minute: '2026-11-22T19:40:00.000Z', check_ins: 1 }),
      expect.objectContaining({ ticket_id: 'ti_a', minute: '2026-11-22T19:00:00.000Z', check_ins: 2 }),
      expect.objectContaining({ ticket_id: 'ti_a', minute: '2026-11-22T19:40:00.000Z', check_ins: 1 }),
    ]);
    expect(rows.stat_check_ins).toEqual([
      expect.objectContaining({ attendee_id: 'at_1', checked_in: 1, admissions: 1 }),
      expect.objectContaining({ attendee_id: 'at_2', checked_in: 1, admissions: 2 }),
    ]);
  });

  it('reads an admission by its list and attendee, at several lists in one batch, never scanning the table', async () => {
    const spec = projectionSpec<OrderEvent | Refund | AttendeeCheckedIn | AttendeeCheckedOut>(
      storage,
      statsProjection,
    ).given([
      checkedIn('cl_1', 'at_1', 'ti_a', '2026-11-22T19:00:05.000Z'),
      checkedIn('cl_2', 'at_1', 'ti_a', '2026-11-22T19:00:10.000Z'),
      checkedIn('cl_2', 'at_2', 'ti_a', '2026-11-22T19:00:20.000Z'),
      checkedIn('cl_2', 'at_1', 'ti_a', '2026-11-22T19:10:00.000Z'),
    ]);
    let rows: Record<string, unknown[]> = {};
    const scans = await tableScans(storage.db, ['stat_check_ins'], async () => {
      ({ rows } = await spec.then({ stat_check_ins: ['check_in_list_id', 'attendee_id'] }));
    });
    expect(rows.stat_check_ins).toEqual([
      expect.objectContaining({ check_in_list_id: 'cl_1', attendee_id: 'at_1', admissions: 1 }),
      expect.objectContaining({ check_in_list_id: 'cl_2', attendee_id: 'at_1', admissions: 2 }),
      expect.objectContaining({ check_in_list_id: 'cl_2', attendee_id: 'at_2', admissions: 1 }),
    ]);
    // The door's every admission reads its row: by the key (list, attendee), not by a scan of every admission.
    expect(scans).toEqual([]);
  });
});

it('buckets an instant into its UTC minute', () => {
  expect(minuteOf('2026-11-22T12:01:59.999Z')).toBe('2026-11-22T12:01:00.000Z');
  expect(minuteOf('2026-11-22T13:01:00+01:00')).toBe('2026-11-22T12:01:00.000Z');
});

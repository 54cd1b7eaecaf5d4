import { describe, it } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import type { PlatformFeeCharged } from '../../payments/paymentEvents';
import {
  orderPaymentDecider,
  type AcceptCardPayment,
  type RecordForeignStripeEvent,
  type RequestRefund,
  type SettleRefund,
  type SucceededPayment,
} from './orderPaymentDecider';
import type { ForeignStripeEventIgnored, OrderEvent, OrderPaymentEvent, OrderPlaced } from './orderEvents';

type Event = OrderEvent | OrderPaymentEvent | PlatformFeeCharged | ForeignStripeEventIgnored;
const spec = deciderSpec(orderPaymentDecider);
const before = new Date('2026-03-01T10:10:00.000Z');
const late = new Date('2026-03-01T10:30:00.000Z');
const ids = { eventId: 'ev_1', orderId: 'or_1' };

const placed: OrderPlaced = {
  type: 'OrderPlaced',
  data: {
    ...ids,
    accountId: 'ac_1',
    shortId: 'abcdefghjkmnpqrstvwx',
    reference: 'ABCD1234',
    holdId: 'ho_1',
    locale: 'en',
    promoCodeId: null,
    promoCode: null,
    affiliateCode: null,
    currency: 'EUR',
    displayMode: 'INCLUSIVE',
    lines: [],
    totals: { subtotal: 2000, discountTotal: 0, feeTotal: 0, taxTotal: 0, total: 2000, taxes: [], fees: [] },
    attendees: [{ attendeeId: 'at_1', shortId: 'a0000000000000000001', ticketId: 'tk_1', tierId: null }],
    expiresAt: '2026-03-01T10:15:00.000Z',
    placedAt: '2026-03-01T10:00:00.000Z',
  },
};
const buyer = { firstName: 'Ann', lastName: 'Doe', email: 'ann@example.com' };
const details: Event = {
  type: 'OrderDetailsSubmitted',
  data: {
    ...ids,
    buyer,
    locale: 'en',
    answers: {},
    attendees: [{ attendeeId: 'at_1', ...buyer, answers: {} }],
    submittedAt: before.toISOString(),
  },
};
const intentCreated: Event = {
  type: 'PaymentIntentCreated',
  data: {
    ...ids,
    paymentIntentId: 'pi_1',
    attempt: 1,
    amount: 2000,
    currency: 'EUR',
    applicationFee: 60,
    stripeAccount: 'acct_1',
    createdAt: before.toISOString(),
  },
};
const payment: SucceededPayment = {
  paymentIntentId: 'pi_1',
  chargeId: 'ch_1',
  amount: 2000,
  currency: 'eur',
  stripeEventId: 'evt_ok',
  stripeAccount: 'acct_1',
};
const accept = (overrides: Partial<AcceptCardPayment> = {}): AcceptCardPayment => ({
  type: 'AcceptCardPayment',
  orderId: 'or_1',
  payment,
  afterExpiry: false,
  applicationFee: 60,
  now: before,
  ...overrides,
});
const received = (afterExpiry = false, at = before): Event => ({
  type: 'OrderPaymentReceived',
  data: {
    ...ids,
    paymentIntentId: 'pi_1',
    chargeId: 'ch_1',
    amount: 2000,
    currency: 'EUR',
    afterExpiry,
    stripeEventId: 'evt_ok',
    receivedAt: at.toISOString(),
  },
});
const completed = (at = before): Event => ({
  type: 'OrderCompleted',
  data: { ...ids, paymentMethod: 'CARD', completedAt: at.toISOString() },
});
const fee = (at = before): Event => ({
  type: 'PlatformFeeCharged',
  data: {
    accountId: 'ac_1',
    ...ids,
    orderShortId: 'abcdefghjkmnpqrstvwx',
    paymentIntentId: 'pi_1',
    chargeId: 'ch_1',
    currency: 'EUR',
    orderTotal: 2000,
    fee: 60,
    chargedAt: at.toISOString(),
  },
});
const paid: Event[] = [placed, details, intentCreated, received(), completed(), fee()];

const refund = (overrides: Partial<RequestRefund> = {}): RequestRefund => ({
  type: 'RequestRefund',
  orderId: 'or_1',
  refundId: 'rf_1',
  amount: 500,
  cancelOrder: false,
  notifyBuyer: true,
  by: 'us_1',
  now: before,
  ...overrides,
});
const refundRequested = (amount = 500, refundId = 'rf_1'): Event => ({
  type: 'OrderRefundRequested',
  data: {
    ...ids,
    refundId,
    paymentIntentId: 'pi_1',
    amount,
    currency: 'EUR',
    reason: 'ORGANIZER',
    cancelOrder: false,
    notifyBuyer: true,
    requestedBy: 'us_1',
    requestedAt: before.toISOString(),
  },
});
const submitted = (refundId = 'rf_1', stripeRefundId = 're_1'): Event => ({
  type: 'OrderRefundSubmitted',
  data: { ...ids, refundId, stripeRefundId, submittedAt: before.toISOString() },
});
const settle = (overrides: Partial<SettleRefund> = {}): SettleRefund => ({
  type: 'SettleRefund',
  orderId: 'or_1',
  stripeRefundId: 're_1',
  refundId: 'rf_1',
  paymentIntentId: 'pi_1',
  amount: 500,
  status: 'succeeded',
  failureReason: null,
  stripeEventId: 'evt_re',
  stripeAccount: 'acct_1',
  now: before,
  ...overrides,
});
const refunded = (amount = 500, refundedTotal = 500, refundId = 'rf_1', stripeRefundId = 're_1'): Event => ({
  type: 'OrderRefunded',
  data: {
    ...ids,
    refundId,
    stripeRefundId,
    amount,
    currency: 'EUR',
    refundedTotal,
    remaining: 2000 - refundedTotal,
    stripeEventId: 'evt_re',
    refundedAt: before.toISOString(),
  },
});

describe('a card payment (payment_intent.succeeded)', () => {
  it('completes the order with the method CARD and records the platform fee, with Stripe ids', () => {
    spec.given([placed, details, intentCreated]).when(accept()).then([received(), completed(), fee()]);
  });

  it('without a fee records none', () => {
    spec
      .given([placed, details, intentCreated])
      .when(accept({ applicationFee: 0 }))
      .then([received(), completed()]);
  });

  it('is quiet when delivered twice', () => {
    spec.given(paid).when(accept()).thenNothingHappened();
  });

  it('is refused (so the workflow refunds it) when the order was paid by another of its intents', () => {
    const second: Event = {
      type: 'PaymentIntentCreated',
      data: {
        ...ids,
        paymentIntentId: 'pi_2',
        attempt: 2,
        amount: 2000,
        currency: 'EUR',
        applicationFee: 60,
        stripeAccount: 'acct_1',
        createdAt: before.toISOString(),
      },
    };
    spec
      .given([placed, details, intentCreated, second, received(), completed(), fee()])
      .when(accept({ payment: { ...payment, paymentIntentId: 'pi_2' } }))
      .thenRefused('order_already_processed');
  });

  it('that came after the hold expired is accepted once the stock was taken again', () => {
    const expired: Event = { type: 'OrderExpired', data: { ...ids, expiredAt: late.toISOString() } };
    spec
      .given([placed, details, intentCreated, expired])
      .when(accept({ afterExpiry: true, now: late }))
      .then([received(true, late), completed(late), fee(late)]);
  });

  it('for a different amount or currency is flagged and never completes the order', () => {
    const other = { ...payment, amount: 1999 };
    spec
      .given([placed, details, intentCreated])
      .when(accept({ payment: other }))
      .thenRefused('payment_amount_mismatch');
    spec
      .given([placed, details, intentCreated])
      .when({ type: 'FlagPaymentMismatch', orderId: 'or_1', payment: other, now: before })
      .then([
        {
          type: 'PaymentAmountMismatch',
          data: {
            ...ids,
            paymentIntentId: 'pi_1',
            amount: 1999,
            currency: 'EUR',
            expectedAmount: 2000,
            expectedCurrency: 'EUR',
            stripeEventId: 'evt_ok',
            flaggedAt: before.toISOString(),
          },
        },
      ]);
    spec
      .given([placed, details, intentCreated])
      .when(accept({ payment: { ...payment, currency: 'usd' } }))
      .thenRefused('payment_amount_mismatch');
  });
});

describe('a late payment without stock', () => {
  const lateRefund = {
    type: 'RefundUnfulfillablePayment' as const,
    orderId: 'or_1',
    payment,
    refundId: 'late-pi_1',
    now: late,
  };
  const expired: Event = { type: 'OrderExpired', data: { ...ids, expiredAt: late.toISOString() } };

  it('records the money and refunds all of it, telling the buyer', () => {
    spec
      .given([placed, details, intentCreated, expired])
      .when(lateRefund)
      .then([
        received(true, late),
        {
          type: 'OrderRefundRequested',
          data: {
            ...ids,
            refundId: 'late-pi_1',
            paymentIntentId: 'pi_1',
            amount: 2000,
            currency: 'EUR',
            reason: 'LATE_PAYMENT',
            cancelOrder: false,
            notifyBuyer: true,
            requestedBy: 'stripe',
            requestedAt: late.toISOString(),
          },
        },
      ]);
  });

  it('is quiet when the webhook comes again', () => {
    spec
      .given([placed, details, intentCreated, expired, received(true, late)])
      .when(lateRefund)
      .thenNothingHappened();
  });
});

describe('a failed payment (payment_intent.payment_failed)', () => {
  const fail = {
    type: 'FailCardPayment' as const,
    orderId: 'or_1',
    paymentIntentId: 'pi_1',
    failureCode: 'card_declined',
    failureMessage: 'Your card was declined.',
    stripeEventId: 'evt_fail',
    stripeAccount: 'acct_1',
    now: before,
  };
  it('marks the payment failed; the buyer may retry with the same intent', () => {
    spec
      .given([placed, details, intentCreated])
      .when(fail)
      .then([
        {
          type: 'OrderPaymentFailed',
          data: {
            ...ids,
            paymentIntentId: 'pi_1',
            failureCode: 'card_declined',
            failureMessage: 'Your card was declined.',
            stripeEventId: 'evt_fail',
            failedAt: before.toISOString(),
          },
        },
      ]);
  });

  it('delivered after the success changes nothing (out of order)', () => {
    spec.given(paid).when(fail).thenNothingHappened();
  });

  it('then a success still completes the order', () => {
    const failed: Event = {
      type: 'OrderPaymentFailed',
      data: {
        ...ids,
        paymentIntentId: 'pi_1',
        failureCode: 'x',
        failureMessage: null,
        stripeEventId: 'e',
        failedAt: before.toISOString(),
      },
    };
    spec
      .given([placed, details, intentCreated, failed])
      .when(accept())
      .then([received(), completed(), fee()]);
  });
});

describe('the payment intent', () => {
  const record = {
    type: 'RecordPaymentIntent' as const,
    orderId: 'or_1',
    paymentIntentId: 'pi_1',
    attempt: 1,
    amount: 2000,
    currency: 'EUR',
    applicationFee: 60,
    stripeAccount: 'acct_1',
    now: before,
  };
  it('is recorded once for an order with details', () => {
    spec.given([placed, details]).when(record).then([intentCreated]);
    spec.given([placed, details, intentCreated]).when(record).thenNothingHappened();
  });
  it('needs the details first, an open order and nothing paid yet', () => {
    spec.given([placed]).when(record).thenRefused('order_details_missing');
    spec
      .given([placed, details])
      .when({ ...record, now: late })
      .thenRefused('order_expired');
    spec
      .given(paid)
      .when({ ...record, paymentIntentId: 'pi_2' })
      .thenRefused('order_already_processed');
  });
});

describe('a refund', () => {
  it('is requested for at most what remains; one pending at a time', () => {
    spec.given(paid).when(refund()).then([refundRequested()]);
    spec
      .given(paid)
      .when(refund({ amount: 2001 }))
      .thenRefused('refund_amount_exceeds_remaining', ['amount']);
    spec
      .given(paid)
      .when(refund({ amount: 0 }))
      .thenRefused('validation_failed', ['amount']);
    spec
      .given(paid)
      .when(refund({ amount: -5 }))
      .thenRefused('validation_failed', ['amount']);
    spec
      .given([...paid, refundRequested()])
      .when(refund({ refundId: 'rf_2' }))
      .thenRefused('refund_pending');
    spec
      .given([...paid, refundRequested(), submitted(), refunded()])
      .when(refund({ refundId: 'rf_2', amount: 1501 }))
      .thenRefused('refund_amount_exceeds_remaining');
  });

  it('repeated with the same refund id is quiet', () => {
    spec
      .given([...paid, refundRequested()])
      .when(refund())
      .thenNothingHappened();
  });

  it('of an unpaid order or a manual one is refused', () => {
    spec.given([placed, details]).when(refund()).thenRefused('order_not_refundable');
    const manual: Event = {
      type: 'ManualOrderRecorded',
      data: {
        ...ids,
        amountPaid: 2000,
        sendTicket: false,
        createdBy: 'us_1',
        recordedAt: before.toISOString(),
      },
    };
    spec
      .given([placed, manual, details, completed()])
      .when(refund())
      .thenRefused('manual_order_not_refundable');
  });

  it('of an offline-paid order is recorded as a manual refund', () => {
    const offline: Event[] = [
      placed,
      details,
      { type: 'OrderAwaitingOfflinePayment', data: { ...ids, completedAt: before.toISOString() } },
      { type: 'OrderMarkedPaid', data: { ...ids, markedBy: 'us_1', paidAt: before.toISOString() } },
    ];
    spec
      .given(offline)
      .when(refund({ amount: 2000 }))
      .then([
        {
          type: 'OrderRefundRecorded',
          data: {
            ...ids,
            refundId: 'rf_1',
            amount: 2000,
            currency: 'EUR',
            refundedTotal: 2000,
            remaining: 0,
            cancelOrder: false,
            notifyBuyer: true,
            recordedBy: 'us_1',
            recordedAt: before.toISOString(),
          },
        },
      ]);
  });

  it('succeeds from refund.updated, once (duplicates and a stale pending update are quiet)', () => {
    const given = [...paid, refundRequested(), submitted()];
    spec.given(given).when(settle()).then([refunded()]);
    spec
      .given([...given, refunded()])
      .when(settle())
      .thenNothingHappened();
    spec
      .given([...given, refunded()])
      .when(settle({ status: 'pending' }))
      .thenNothingHappened();
  });

  it('settled before its Stripe id was recorded (refund update before created) records the id, then the outcome', () => {
    spec
      .given([...paid, refundRequested()])
      .when(settle())
      .then([submitted(), refunded()]);
  });

  it('made on Stripe’s side is recorded from Stripe’s object', () => {
    const external = settle({ refundId: null, stripeRefundId: 're_x', amount: 2000 });
    spec
      .given(paid)
      .when(external)
      .then([
        {
          type: 'OrderRefundRequested',
          data: {
            ...ids,
            refundId: 're_x',
            paymentIntentId: 'pi_1',
            amount: 2000,
            currency: 'EUR',
            reason: 'STRIPE',
            cancelOrder: false,
            notifyBuyer: false,
            requestedBy: 'stripe',
            requestedAt: before.toISOString(),
          },
        },
        submitted('re_x', 're_x'),
        refunded(2000, 2000, 're_x', 're_x'),
      ]);
  });

  it('that failed frees the order for another refund', () => {
    const failed: Event = {
      type: 'OrderRefundFailed',
      data: {
        ...ids,
        refundId: 'rf_1',
        stripeRefundId: 're_1',
        amount: 500,
        failureReason: 'lost_or_stolen_card',
        stripeEventId: 'evt_re',
        failedAt: before.toISOString(),
      },
    };
    const given = [...paid, refundRequested(), submitted()];
    spec
      .given(given)
      .when(settle({ status: 'failed', failureReason: 'lost_or_stolen_card' }))
      .then([failed]);
    spec
      .given([...given, failed])
      .when(settle({ status: 'failed', failureReason: 'x' }))
      .thenNothingHappened();
    spec
      .given([...given, failed])
      .when(refund({ refundId: 'rf_2', amount: 2000 }))
      .then([refundRequested(2000, 'rf_2')]);
  });

  it('partial then the rest: the remaining reaches zero', () => {
    spec
      .given([...paid, refundRequested(), submitted(), refunded()])
      .when(refund({ refundId: 'rf_2', amount: 1500 }))
      .then([refundRequested(1500, 'rf_2')]);
    spec
      .given([
        ...paid,
        refundRequested(),
        submitted(),
        refunded(),
        refundRequested(1500, 'rf_2'),
        submitted('rf_2', 're_2'),
      ])
      .when(settle({ refundId: 'rf_2', stripeRefundId: 're_2', amount: 1500 }))
      .then([refunded(1500, 2000, 'rf_2', 're_2')]);
  });
});

describe('a Stripe event about money the order does not know (foreign)', () => {
  const elsewhere = { ...payment, paymentIntentId: 'pi_foreign', stripeEventId: 'evt_foreign' };
  const otherAccount = { ...payment, stripeAccount: 'acct_2', stripeEventId: 'evt_foreign' };
  const record = (overrides: Partial<RecordForeignStripeEvent> = {}): RecordForeignStripeEvent => ({
    type: 'RecordForeignStripeEvent',
    orderId: 'or_1',
    stripeEventId: 'evt_foreign',
    stripeType: 'payment_intent.succeeded',
    stripeAccount: 'acct_1',
    paymentIntentId: 'pi_foreign',
    objectId: 'pi_foreign',
    amount: 2000,
    currency: 'eur',
    now: before,
    ...overrides,
  });
  const ignored = (overrides: Partial<ForeignStripeEventIgnored['data']> = {}): Event => ({
    type: 'ForeignStripeEventIgnored',
    data: {
      ...ids,
      stripeEventId: 'evt_foreign',
      stripeType: 'payment_intent.succeeded',
      stripeAccount: 'acct_1',
      expectedStripeAccount: null,
      paymentIntentId: 'pi_foreign',
      objectId: 'pi_foreign',
      amount: 2000,
      currency: 'EUR',
      reason: 'UNKNOWN_PAYMENT_INTENT',
      ignoredAt: before.toISOString(),
      ...overrides,
    },
  });

  it('a payment on an intent the order never created neither completes it nor is refunded', () => {
    spec
      .given([placed, details, intentCreated])
      .when(accept({ payment: elsewhere }))
      .thenNothingHappened();
    const expired: Event = { type: 'OrderExpired', data: { ...ids, expiredAt: late.toISOString() } };
    spec
      .given([placed, details, intentCreated, expired])
      .when({
        type: 'RefundUnfulfillablePayment',
        orderId: 'or_1',
        payment: elsewhere,
        refundId: 'x',
        now: late,
      })
      .thenNothingHappened();
    spec
      .given([placed, details, intentCreated])
      .when({
        type: 'FlagPaymentMismatch',
        orderId: 'or_1',
        payment: { ...elsewhere, amount: 1 },
        now: before,
      })
      .thenNothingHappened();
  });

  it('a payment on the order’s own intent from another connected account changes nothing', () => {
    spec
      .given([placed, details, intentCreated])
      .when(accept({ payment: otherAccount }))
      .thenNothingHappened();
    spec
      .given(paid)
      .when({
        type: 'RefundUnfulfillablePayment',
        orderId: 'or_1',
        payment: otherAccount,
        refundId: 'x',
        now: late,
      })
      .thenNothingHappened();
  });

  it('a failure of a foreign intent does not mark the order failed', () => {
    const fail = {
      type: 'FailCardPayment' as const,
      orderId: 'or_1',
      failureCode: 'card_declined',
      failureMessage: null,
      stripeEventId: 'evt_fail',
      now: before,
    };
    spec
      .given([placed, details, intentCreated])
      .when({ ...fail, paymentIntentId: 'pi_foreign', stripeAccount: 'acct_1' })
      .thenNothingHappened();
    spec
      .given([placed, details, intentCreated])
      .when({ ...fail, paymentIntentId: 'pi_1', stripeAccount: 'acct_2' })
      .thenNothingHappened();
  });

  it('a refund of a foreign intent, or from another account, is not recorded as a refund of this order', () => {
    spec
      .given(paid)
      .when(settle({ refundId: null, stripeRefundId: 're_x', paymentIntentId: 'pi_foreign', amount: 2000 }))
      .thenNothingHappened();
    spec
      .given(paid)
      .when(settle({ refundId: null, stripeRefundId: 're_x', stripeAccount: 'acct_2', amount: 2000 }))
      .thenNothingHappened();
    spec
      .given([...paid, refundRequested(), submitted()])
      .when(settle({ stripeAccount: 'acct_2' }))
      .thenNothingHappened();
  });

  it('is recorded once per Stripe event, with why, so the organizer sees it', () => {
    spec.given([placed, details, intentCreated]).when(record()).then([ignored()]);
    spec
      .given([placed, details, intentCreated])
      .when(record({ paymentIntentId: 'pi_1', objectId: 'pi_1', stripeAccount: 'acct_2' }))
      .then([
        ignored({
          paymentIntentId: 'pi_1',
          objectId: 'pi_1',
          stripeAccount: 'acct_2',
          expectedStripeAccount: 'acct_1',
          reason: 'OTHER_CONNECTED_ACCOUNT',
        }),
      ]);
    spec.given([placed, details, intentCreated, ignored()]).when(record()).thenNothingHappened();
  });

  it('an event about the order’s own intent from its own account is not foreign', () => {
    spec
      .given([placed, details, intentCreated])
      .when(record({ paymentIntentId: 'pi_1', objectId: 'pi_1' }))
      .thenNothingHappened();
  });

  it('after a foreign event the order’s own payment still completes it', () => {
    spec
      .given([placed, details, intentCreated, ignored()])
      .when(accept())
      .then([received(), completed(), fee()]);
  });
});

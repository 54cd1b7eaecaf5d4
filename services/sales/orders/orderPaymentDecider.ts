import type { Decider } from '../../kit/decider';
import { refuse } from '../../kit/refusal';
import type { PlatformFeeCharged } from '../../payments/paymentEvents';
import { effectiveStatus, isOpen, orderDecider, type ExistingOrder, type OrderState } from './orderDecider';
import type {
  ForeignStripeEventIgnored,
  ForeignStripeEventReason,
  OrderEvent,
  OrderPaymentEvent,
  RefundReason,
} from './orderEvents';

/**
 * The order's money (docs/payments.md): card payments through Stripe and refunds, on the ORDER's stream beside
 * the order decider's events. Every command about a Stripe object is quiet when it repeats (Stripe delivers
 * at least once, in any order); Stripe's word on money that moved wins over what we expected, but only about
 * an intent this order created, on the account recorded with it: anything else is foreign and changes nothing.
 */

// ---------- commands

export type RecordPaymentIntent = {
  type: 'RecordPaymentIntent';
  orderId: string;
  paymentIntentId: string;
  attempt: number;
  amount: number;
  currency: string;
  applicationFee: number;
  stripeAccount: string | null;
  now: Date;
};

/** What Stripe's verified `payment_intent.succeeded` said. */
export interface SucceededPayment {
  paymentIntentId: string;
  chargeId: string | null;
  amount: number;
  /** Lower-case, as Stripe writes it. */
  currency: string;
  stripeEventId: string;
  /** The connected account the event came from (`event.account`), null for the platform's own. */
  stripeAccount: string | null;
}

/** The hold is sold (the inventory decided it first): the order is paid and completed. */
export type AcceptCardPayment = {
  type: 'AcceptCardPayment';
  orderId: string;
  payment: SucceededPayment;
  afterExpiry: boolean;
  /** The platform's fee taken on this payment (connect mode), 0 for none. */
  applicationFee: number;
  now: Date;
};
/** The money came but the order cannot be fulfilled (no stock left after its hold expired): all of it goes back. */
export type RefundUnfulfillablePayment = {
  type: 'RefundUnfulfillablePayment';
  orderId: string;
  payment: SucceededPayment;
  refundId: string;
  now: Date;
};
export type FlagPaymentMismatch = {
  type: 'FlagPaymentMismatch';
  orderId: string;
  payment: SucceededPayment;
  now: Date;
};
export type FailCardPayment = {
  type: 'FailCardPayment';
  orderId: string;
  paymentIntentId: string;
  failureCode: string | null;
  failureMessage: string | null;
  stripeEventId: string;
  /** The connected account the event came from. */
  stripeAccount: string | null;
  now: Date;
};
/**
 * A verified Stripe event named this order but is not about an intent it created on the account recorded with
 * it (see `foreignReason`): recorded once per Stripe event so the organizer sees it; nothing else changes.
 */
export type RecordForeignStripeEvent = {
  type: 'RecordForeignStripeEvent';
  orderId: string;
  stripeEventId: string;
  stripeType: string;
  stripeAccount: string | null;
  paymentIntentId: string | null;
  objectId: string | null;
  amount: number | null;
  currency: string | null;
  now: Date;
};
export type RequestRefund = {
  type: 'RequestRefund';
  orderId: string;
  refundId: string;
  amount: number;
  cancelOrder: boolean;
  notifyBuyer: boolean;
  by: string;
  now: Date;
};
export type SubmitRefund = {
  type: 'SubmitRefund';
  orderId: string;
  refundId: string;
  stripeRefundId: string;
  now: Date;
};
/** Stripe refused to create the refund (its 4xx): nothing is pending any more. */
export type RejectRefund = {
  type: 'RejectRefund';
  orderId: string;
  refundId: string;
  failureReason: string;
  now: Date;
};
/** Stripe's word on a refund (`refund.updated`, or a refund read back on `charge.refunded`). */
export type SettleRefund = {
  type: 'SettleRefund';
  orderId: string;
  stripeRefundId: string;
  /** Our refund id from the refund's metadata; null for a refund made on Stripe's side. */
  refundId: string | null;
  paymentIntentId: string;
  amount: number;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  failureReason: string | null;
  stripeEventId: string | null;
  /** The connected account the refund lives on, as the event (or our read-back) said. */
  stripeAccount: string | null;
  now: Date;
};

export type OrderPaymentCommand =
  | RecordPaymentIntent
  | AcceptCardPayment
  | RefundUnfulfillablePayment
  | FlagPaymentMismatch
  | FailCardPayment
  | RecordForeignStripeEvent
  | RequestRefund
  | SubmitRefund
  | RejectRefund
  | SettleRefund;

// ---------- state

export interface PaymentIntentState {
  paymentIntentId: string;
  attempt: number;
  amount: number;
  currency: string;
  applicationFee: number;
  stripeAccount: string | null;
}

export type RefundStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';
export interface RefundState {
  refundId: string;
  stripeRefundId: string | null;
  /** null: an offline order's refund recorded by hand. */
  paymentIntentId: string | null;
  amount: number;
  reason: RefundReason;
  status: RefundStatus;
}

export interface PaymentState {
  intents: readonly PaymentIntentState[];
  /** The card payment taken for this order (completed, or refunded when it came too late). */
  received: { paymentIntentId: string; chargeId: string | null; amount: number; currency: string } | null;
  mismatched: readonly string[];
  failures: number;
  refunds: readonly RefundState[];
  /** Stripe events recorded as foreign to this order (their ids: each is recorded once). */
  foreignEvents: readonly string[];
}

export interface OrderPaymentState {
  order: OrderState;
  payment: PaymentState;
}

type Event = OrderEvent | OrderPaymentEvent | PlatformFeeCharged | ForeignStripeEventIgnored;

const noPayment: PaymentState = {
  intents: [],
  received: null,
  mismatched: [],
  failures: 0,
  refunds: [],
  foreignEvents: [],
};

/** What the buyer paid: the card payment, or an offline order's total once marked paid. */
export function paidAmount(state: OrderPaymentState): number {
  if (state.payment.received) return state.payment.received.amount;
  const order = state.order;
  if (order.exists && order.paymentMethod === 'OFFLINE' && order.attendees.some((a) => a.payment === 'PAID'))
    return order.placed.totals.total;
  return 0;
}

const sumOf = (refunds: readonly RefundState[], status: RefundStatus) =>
  refunds.filter((refund) => refund.status === status).reduce((sum, refund) => sum + refund.amount, 0);

export const refundedTotal = (state: OrderPaymentState): number => sumOf(state.payment.refunds, 'SUCCEEDED');

/** What may still be refunded: paid, less what is refunded or on its way back. */
export const refundableRemaining = (state: OrderPaymentState): number =>
  paidAmount(state) - refundedTotal(state) - sumOf(state.payment.refunds, 'PENDING');

export const pendingRefund = (state: OrderPaymentState): RefundState | undefined =>
  state.payment.refunds.find((refund) => refund.status === 'PENDING');

/** The intent the buyer pays now: the newest one recorded. */
export const currentIntent = (state: OrderPaymentState): PaymentIntentState | undefined =>
  state.payment.intents.at(-1);

/** An intent this order created (`PaymentIntentCreated`), with the connected account recorded with it. */
export const recordedIntent = (
  state: OrderPaymentState,
  paymentIntentId: string | null,
): PaymentIntentState | undefined =>
  paymentIntentId === null
    ? undefined
    : state.payment.intents.find((intent) => intent.paymentIntentId === paymentIntentId);

/**
 * Why a Stripe object is not this order's, or null when it is: the order trusts only an intent it created and
 * only from the connected account recorded with that intent (null = the platform's own, direct mode). A signed
 * event proves Stripe sent it, not that it is about this order: its metadata is whatever its creator wrote.
 */
export function foreignReason(
  state: OrderPaymentState,
  object: { paymentIntentId: string | null; stripeAccount: string | null },
): ForeignStripeEventReason | null {
  const intent = recordedIntent(state, object.paymentIntentId);
  if (!intent) return 'UNKNOWN_PAYMENT_INTENT';
  if (intent.stripeAccount !== object.stripeAccount) return 'OTHER_CONNECTED_ACCOUNT';
  return null;
}

function existingOrder(state: OrderPaymentState): ExistingOrder {
  if (!state.order.exists) refuse('order_not_found');
  return state.order;
}

const withRefund = (payment: PaymentState, refundId: string, change: Partial<RefundState>): PaymentState => ({
  ...payment,
  refunds: payment.refunds.map((refund) =>
    refund.refundId === refundId ? { ...refund, ...change } : refund,
  ),
});

function evolvePayment(payment: PaymentState, event: Event): PaymentState {
  switch (event.type) {
    case 'PaymentIntentCreated': {
      const { paymentIntentId, attempt, amount, currency, applicationFee, stripeAccount } = event.data;
      return {
        ...payment,
        intents: [
          ...payment.intents,
          { paymentIntentId, attempt, amount, currency, applicationFee, stripeAccount },
        ],
      };
    }
    case 'OrderPaymentReceived': {
      const { paymentIntentId, chargeId, amount, currency } = event.data;
      return { ...payment, received: { paymentIntentId, chargeId, amount, currency } };
    }
    case 'PaymentAmountMismatch':
      return { ...payment, mismatched: [...payment.mismatched, event.data.paymentIntentId] };
    case 'OrderPaymentFailed':
      return { ...payment, failures: payment.failures + 1 };
    case 'OrderRefundRequested':
      return {
        ...payment,
        refunds: [
          ...payment.refunds,
          {
            refundId: event.data.refundId,
            stripeRefundId: null,
            paymentIntentId: event.data.paymentIntentId,
            amount: event.data.amount,
            reason: event.data.reason,
            status: 'PENDING',
          },
        ],
      };
    case 'OrderRefundSubmitted':
      return withRefund(payment, event.data.refundId, { stripeRefundId: event.data.stripeRefundId });
    case 'OrderRefunded':
      return withRefund(payment, event.data.refundId, {
        stripeRefundId: event.data.stripeRefundId,
        status: 'SUCCEEDED',
      });
    case 'OrderRefundFailed':
      return withRefund(payment, event.data.refundId, {
        stripeRefundId: event.data.stripeRefundId,
        status: 'FAILED',
      });
    case 'ForeignStripeEventIgnored':
      return { ...payment, foreignEvents: [...payment.foreignEvents, event.data.stripeEventId] };
    case 'OrderRefundRecorded':
      return {
        ...payment,
        refunds: [
          ...payment.refunds,
          {
            refundId: event.data.refundId,
            stripeRefundId: null,
            paymentIntentId: null,
            amount: event.data.amount,
            reason: 'ORGANIZER',
            status: 'SUCCEEDED',
          },
        ],
      };
    default:
      return payment;
  }
}

function differs(order: ExistingOrder, payment: SucceededPayment): boolean {
  return (
    payment.amount !== order.placed.totals.total ||
    payment.currency.toUpperCase() !== order.placed.currency.toUpperCase()
  );
}

function received(order: ExistingOrder, payment: SucceededPayment, afterExpiry: boolean, now: Date): Event {
  return {
    type: 'OrderPaymentReceived',
    data: {
      eventId: order.placed.eventId,
      orderId: order.placed.orderId,
      paymentIntentId: payment.paymentIntentId,
      chargeId: payment.chargeId,
      amount: payment.amount,
      currency: payment.currency.toUpperCase(),
      afterExpiry,
      stripeEventId: payment.stripeEventId,
      receivedAt: now.toISOString(),
    },
  };
}

export const orderPaymentDecider: Decider<OrderPaymentCommand, Event, OrderPaymentState> = {
  initialState: () => ({ order: orderDecider.initialState(), payment: noPayment }),

  evolve(state, event) {
    return {
      order: orderDecider.evolve(state.order, event as OrderEvent),
      payment: evolvePayment(state.payment, event),
    };
  },

  decide(command, state) {
    const base = () => {
      const order = existingOrder(state);
      return { eventId: order.placed.eventId, orderId: order.placed.orderId };
    };
    switch (command.type) {
      case 'RecordPaymentIntent': {
        const order = existingOrder(state);
        if (state.payment.intents.some((intent) => intent.paymentIntentId === command.paymentIntentId))
          return [];
        if (state.payment.received) refuse('order_already_processed');
        const status = effectiveStatus(order, command.now);
        if (status === 'EXPIRED' || status === 'ABANDONED') refuse('order_expired');
        if (!isOpen(status)) refuse(status === 'CANCELLED' ? 'order_cancelled' : 'order_already_processed');
        if (order.buyer === null) refuse('order_details_missing');
        if (order.placed.totals.total === 0) refuse('payment_method_unavailable');
        return [
          {
            type: 'PaymentIntentCreated',
            data: {
              ...base(),
              paymentIntentId: command.paymentIntentId,
              attempt: command.attempt,
              amount: command.amount,
              currency: command.currency,
              applicationFee: command.applicationFee,
              stripeAccount: command.stripeAccount,
              createdAt: command.now.toISOString(),
            },
          },
        ];
      }

      case 'AcceptCardPayment': {
        const order = existingOrder(state);
        const { payment } = command;
        if (foreignReason(state, payment)) return [];
        if (state.payment.received?.paymentIntentId === payment.paymentIntentId) return [];
        if (differs(order, payment)) refuse('payment_amount_mismatch');
        // Completed another way meanwhile: the workflow refunds this payment instead (never sells twice).
        if (
          state.payment.received ||
          order.status === 'COMPLETED' ||
          order.status === 'AWAITING_PAYMENT' ||
          order.status === 'CANCELLED'
        )
          refuse('order_already_processed');
        if (order.buyer === null) refuse('order_details_missing');
        const at = command.now.toISOString();
        const events: Event[] = [
          received(order, payment, command.afterExpiry, command.now),
          { type: 'OrderCompleted', data: { ...base(), paymentMethod: 'CARD', completedAt: at } },
        ];
        if (command.applicationFee > 0)
          events.push({
            type: 'PlatformFeeCharged',
            data: {
              accountId: order.accountId,
              eventId: order.placed.eventId,
              orderId: order.placed.orderId,
              orderShortId: order.placed.shortId,
              paymentIntentId: payment.paymentIntentId,
              chargeId: payment.chargeId,
              currency: order.placed.currency,
              orderTotal: order.placed.totals.total,
              fee: command.applicationFee,
              chargedAt: at,
            },
          });
        return events;
      }

      case 'RefundUnfulfillablePayment': {
        const order = existingOrder(state);
        const { payment } = command;
        // Never refund money that is not this order's: it may live on another account.
        if (foreignReason(state, payment)) return [];
        if (state.payment.refunds.some((refund) => refund.refundId === command.refundId)) return [];
        if (state.payment.received?.paymentIntentId === payment.paymentIntentId) return [];
        const events: Event[] = [];
        // A second payment of an order already paid is not this order's money: it is only refunded.
        if (!state.payment.received) events.push(received(order, payment, true, command.now));
        events.push({
          type: 'OrderRefundRequested',
          data: {
            ...base(),
            refundId: command.refundId,
            paymentIntentId: payment.paymentIntentId,
            amount: payment.amount,
            currency: payment.currency.toUpperCase(),
            reason: 'LATE_PAYMENT',
            cancelOrder: false,
            notifyBuyer: true,
            requestedBy: 'stripe',
            requestedAt: command.now.toISOString(),
          },
        });
        return events;
      }

      case 'FlagPaymentMismatch': {
        const order = existingOrder(state);
        const { payment } = command;
        if (foreignReason(state, payment)) return [];
        if (state.payment.mismatched.includes(payment.paymentIntentId)) return [];
        if (!differs(order, payment)) return [];
        return [
          {
            type: 'PaymentAmountMismatch',
            data: {
              ...base(),
              paymentIntentId: payment.paymentIntentId,
              amount: payment.amount,
              currency: payment.currency.toUpperCase(),
              expectedAmount: order.placed.totals.total,
              expectedCurrency: order.placed.currency,
              stripeEventId: payment.stripeEventId,
              flaggedAt: command.now.toISOString(),
            },
          },
        ];
      }

      case 'FailCardPayment': {
        const order = existingOrder(state);
        if (foreignReason(state, command)) return [];
        // Out of order: a failure delivered after the success (or for an order no longer open) changes nothing.
        if (state.payment.received || !isOpen(order.status)) return [];
        return [
          {
            type: 'OrderPaymentFailed',
            data: {
              ...base(),
              paymentIntentId: command.paymentIntentId,
              failureCode: command.failureCode,
              failureMessage: command.failureMessage,
              stripeEventId: command.stripeEventId,
              failedAt: command.now.toISOString(),
            },
          },
        ];
      }

      case 'RecordForeignStripeEvent': {
        existingOrder(state);
        if (state.payment.foreignEvents.includes(command.stripeEventId)) return [];
        const reason = foreignReason(state, command);
        if (!reason) return [];
        return [
          {
            type: 'ForeignStripeEventIgnored',
            data: {
              ...base(),
              stripeEventId: command.stripeEventId,
              stripeType: command.stripeType,
              stripeAccount: command.stripeAccount,
              expectedStripeAccount: recordedIntent(state, command.paymentIntentId)?.stripeAccount ?? null,
              paymentIntentId: command.paymentIntentId,
              objectId: command.objectId,
              amount: command.amount,
              currency: command.currency?.toUpperCase() ?? null,
              reason,
              ignoredAt: command.now.toISOString(),
            },
          },
        ];
      }

      case 'RequestRefund': {
        const order = existingOrder(state);
        if (state.payment.refunds.some((refund) => refund.refundId === command.refundId)) return [];
        if (order.manual) refuse('manual_order_not_refundable');
        if (!Number.isSafeInteger(command.amount) || command.amount <= 0)
          refuse('validation_failed', undefined, { amount: ['Enter an amount greater than zero'] });
        if (paidAmount(state) === 0) refuse('order_not_refundable');
        if (pendingRefund(state)) refuse('refund_pending');
        const remaining = refundableRemaining(state);
        if (command.amount > remaining)
          refuse('refund_amount_exceeds_remaining', undefined, {
            amount: [`At most ${remaining} can be refunded`],
          });
        const at = command.now.toISOString();
        const card = state.payment.received;
        if (!card)
          return [
            {
              type: 'OrderRefundRecorded',
              data: {
                ...base(),
                refundId: command.refundId,
                amount: command.amount,
                currency: order.placed.currency,
                refundedTotal: refundedTotal(state) + command.amount,
                remaining: remaining - command.amount,
                cancelOrder: command.cancelOrder,
                notifyBuyer: command.notifyBuyer,
                recordedBy: command.by,
                recordedAt: at,
              },
            },
          ];
        return [
          {
            type: 'OrderRefundRequested',
            data: {
              ...base(),
              refundId: command.refundId,
              paymentIntentId: card.paymentIntentId,
              amount: command.amount,
              currency: card.currency,
              reason: 'ORGANIZER',
              cancelOrder: command.cancelOrder,
              notifyBuyer: command.notifyBuyer,
              requestedBy: command.by,
              requestedAt: at,
            },
          },
        ];
      }

      case 'SubmitRefund': {
        const refund = state.payment.refunds.find((candidate) => candidate.refundId === command.refundId);
        if (!refund) refuse('refund_not_found');
        if (refund.stripeRefundId !== null || refund.status !== 'PENDING') return [];
        return [
          {
            type: 'OrderRefundSubmitted',
            data: {
              ...base(),
              refundId: command.refundId,
              stripeRefundId: command.stripeRefundId,
              submittedAt: command.now.toISOString(),
            },
          },
        ];
      }

      case 'RejectRefund': {
        const refund = state.payment.refunds.find((candidate) => candidate.refundId === command.refundId);
        if (!refund) refuse('refund_not_found');
        if (refund.status !== 'PENDING') return [];
        return [
          {
            type: 'OrderRefundFailed',
            data: {
              ...base(),
              refundId: refund.refundId,
              stripeRefundId: refund.stripeRefundId,
              amount: refund.amount,
              failureReason: command.failureReason,
              stripeEventId: null,
              failedAt: command.now.toISOString(),
            },
          },
        ];
      }

      case 'SettleRefund': {
        const order = existingOrder(state);
        // A refund of an intent this order did not create, or on another account, is not this order's money.
        if (foreignReason(state, command)) return [];
        const at = command.now.toISOString();
        const events: Event[] = [];
        let refund = state.payment.refunds.find(
          (candidate) =>
            candidate.stripeRefundId === command.stripeRefundId ||
            (command.refundId !== null && candidate.refundId === command.refundId),
        );
        if (!refund) {
          // Made on Stripe's side (or its record overtook ours): Stripe's object is the record.
          const refundId = command.refundId ?? command.stripeRefundId;
          refund = {
            refundId,
            stripeRefundId: null,
            paymentIntentId: command.paymentIntentId,
            amount: command.amount,
            reason: 'STRIPE',
            status: 'PENDING',
          };
          events.push({
            type: 'OrderRefundRequested',
            data: {
              ...base(),
              refundId,
              paymentIntentId: command.paymentIntentId,
              amount: command.amount,
              currency: state.payment.received?.currency ?? order.placed.currency,
              reason: 'STRIPE',
              cancelOrder: false,
              notifyBuyer: false,
              requestedBy: 'stripe',
              requestedAt: at,
            },
          });
        }
        if (refund.stripeRefundId === null)
          events.push({
            type: 'OrderRefundSubmitted',
            data: {
              ...base(),
              refundId: refund.refundId,
              stripeRefundId: command.stripeRefundId,
              submittedAt: at,
            },
          });
        // Settled already: a duplicate, or a stale `pending` update arriving after the outcome.
        if (refund.status === 'SUCCEEDED') return events;
        if (command.status === 'succeeded') {
          const refunded = refundedTotal(state) + refund.amount;
          events.push({
            type: 'OrderRefunded',
            data: {
              ...base(),
              refundId: refund.refundId,
              stripeRefundId: command.stripeRefundId,
              amount: refund.amount,
              currency: state.payment.received?.currency ?? order.placed.currency,
              refundedTotal: refunded,
              remaining: Math.max(0, paidAmount(state) - refunded),
              stripeEventId: command.stripeEventId,
              refundedAt: at,
            },
          });
        } else if (
          (command.status === 'failed' || command.status === 'canceled') &&
          refund.status === 'PENDING'
        ) {
          events.push({
            type: 'OrderRefundFailed',
            data: {
              ...base(),
              refundId: refund.refundId,
              stripeRefundId: command.stripeRefundId,
              amount: refund.amount,
              failureReason: command.failureReason,
              stripeEventId: command.stripeEventId,
              failedAt: at,
            },
          });
        }
        return events;
      }
    }
  },
};

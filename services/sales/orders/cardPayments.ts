import type { CommandContext, CommandHandler } from '../../kit/commandHandler';
import type { PaymentsConfig, StripeConfig } from '../../kit/config';
import type { Logger } from '../../kit/logger';
import { isRefusal, refuse } from '../../kit/refusal';
import { runChain, step, type AnyStep } from '../../kit/workflow';
import { applicationFeeFor } from '../../payments/fees';
import { cardDestination } from '../../payments/cardReadiness';
import { stripeClient, type Stripe } from '../../payments/stripeClient';
import type {
  StripeEventHandler,
  StripeEventHandlers,
  StripeHandlerContext,
  StripeWebhookEvent,
} from '../../payments/webhooks/stripeEventHandlers';
import { orderStream } from './orderEvents';
import { acceptCardPayment } from './orderWorkflows';
import {
  currentIntent,
  foreignReason,
  orderPaymentDecider,
  recordedIntent,
  type OrderPaymentState,
  type RejectRefund,
  type SettleRefund,
  type SubmitRefund,
  type SucceededPayment,
} from './orderPaymentDecider';

/**
 * The order's card payment workflow (docs/payments.md): the payment step's PaymentIntent, the process manager
 * that turns Stripe's verified webhooks into order events, and refunds. Stripe calls carry idempotency keys
 * derived from our ids, so a retry (of a request, or of a parked webhook) makes nothing twice on Stripe.
 */

export interface CardPaymentDeps {
  commands: CommandHandler;
  logger: Logger;
  stripe: Stripe;
  config: StripeConfig;
}

export async function loadOrderPayment(
  commands: Pick<CommandHandler, 'load'>,
  orderId: string,
): Promise<OrderPaymentState> {
  return (await commands.load(orderPaymentDecider, orderStream(orderId))).state;
}

const stripeOptions = (idempotencyKey: string | undefined, stripeAccount: string | null) => ({
  ...(idempotencyKey ? { idempotencyKey } : {}),
  ...(stripeAccount ? { stripeAccount } : {}),
});

/** A Stripe call from a request: its failure is `payment_provider_unavailable`, logged. */
export async function callStripe<Result>(logger: Logger, call: () => Promise<Result>): Promise<Result> {
  try {
    return await call();
  } catch (error) {
    logStripeError(logger, error);
    refuse('payment_provider_unavailable');
  }
}

function logStripeError(logger: Logger, error: unknown) {
  const stripeError = error as Partial<Stripe.errors.StripeError>;
  logger.error('stripe call failed', {
    type: stripeError.type,
    code: stripeError.code,
    status: stripeError.statusCode,
    message: stripeError.message,
  });
}

/** Stripe answered the request and said no (a 4xx): retrying the same request will not help. */
const stripeRefused = (error: unknown): error is Stripe.errors.StripeError => {
  const status = (error as { statusCode?: number }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
};

export interface PaymentIntentAnswer {
  payment_intent_id: string;
  client_secret: string;
  publishable_key: string;
  stripe_account: string | null;
  amount: number;
  currency: string;
  status: string;
  /** Only with the local test double (`STRIPE_API_HOST`): its card page, for when Stripe.js cannot load. */
  test_page_url: string | null;
}

/**
 * The payment step: the order's PaymentIntent for its exact total, reused while it can still be paid (a retry
 * after a decline pays the same intent), or a new attempt once the last one was cancelled.
 */
export async function paymentIntentFor(
  deps: CardPaymentDeps,
  context: CommandContext,
  orderId: string,
  now: Date,
): Promise<{ answer: PaymentIntentAnswer; position: bigint | null }> {
  const state = await loadOrderPayment(deps.commands, orderId);
  if (!state.order.exists) refuse('order_not_found');
  const order = state.order;
  const destination = await cardDestination(deps.commands, deps.config, order.accountId);
  if (!destination) refuse('payment_method_unavailable');
  const amount = order.placed.totals.total;
  const currency = order.placed.currency.toLowerCase();
  const answer = (intent: Stripe.PaymentIntent, stripeAccount: string | null): PaymentIntentAnswer => ({
    payment_intent_id: intent.id,
    client_secret: intent.client_secret ?? '',
    publishable_key: deps.config.publishableKey,
    stripe_account: stripeAccount,
    amount: intent.amount,
    currency: intent.currency.toUpperCase(),
    status: intent.status,
    test_page_url: deps.config.api
      ? `${deps.config.api.protocol}://${deps.config.api.host}:${deps.config.api.port}/test/pay/${intent.id}`
      : null,
  });

  const last = currentIntent(state);
  const attempt = (last?.attempt ?? 0) + 1;
  // Decided before Stripe is called, and before an intent is reused: an order that cannot be paid refuses.
  orderPaymentDecider.decide(
    {
      type: 'RecordPaymentIntent',
      orderId,
      paymentIntentId: 'pi_pending',
      attempt,
      amount,
      currency: order.placed.currency,
      applicationFee: 0,
      stripeAccount: destination.stripeAccount,
      now,
    },
    state,
  );
  if (last && last.amount === amount && last.stripeAccount === destination.stripeAccount) {
    const intent = await callStripe(deps.logger, () =>
      deps.stripe.paymentIntents.retrieve(
        last.paymentIntentId,
        {},
        stripeOptions(undefined, last.stripeAccount),
      ),
    );
    if (intent.status !== 'canceled') return { answer: answer(intent, last.stripeAccount), position: null };
  }
  const applicationFee =
    deps.config.mode === 'connect' ? applicationFeeFor(amount, deps.config.applicationFee) : 0;
  const intent = await callStripe(deps.logger, () =>
    deps.stripe.paymentIntents.create(
      {
        amount,
        currency,
        automatic_payment_methods: { enabled: true },
        ...(applicationFee > 0 ? { application_fee_amount: applicationFee } : {}),
        ...(order.buyer ? { receipt_email: order.buyer.email } : {}),
        description: `Order ${order.placed.reference}`,
        metadata: {
          order_id: orderId,
          event_id: order.placed.eventId,
          account_id: order.accountId,
          order_reference: order.placed.reference,
        },
      },
      stripeOptions(`order-payment-${orderId}-${attempt}`, destination.stripeAccount),
    ),
  );
  const result = await deps.commands.handle(
    orderPaymentDecider,
    orderStream(orderId),
    {
      type: 'RecordPaymentIntent',
      orderId,
      paymentIntentId: intent.id,
      attempt,
      amount,
      currency: order.placed.currency,
      applicationFee,
      stripeAccount: destination.stripeAccount,
      now,
    },
    context,
  );
  return {
    answer: answer(intent, destination.stripeAccount),
    position: result.events.length > 0 ? result.position : null,
  };
}

// ---------- refunds

/**
 * Asks Stripe for a recorded refund (idempotent per refund id) and records its id; a refusal by Stripe (a 4xx)
 * records the refund failed. Throws `payment_provider_unavailable` when Stripe could not be asked: the refund
 * stays pending and the same request (same `refund_id`) asks again.
 */
export async function submitRefund(
  deps: CardPaymentDeps,
  context: CommandContext,
  orderId: string,
  refundId: string,
  now: Date,
): Promise<bigint | null> {
  const submission = await refundSubmission(deps, orderId, refundId, now);
  return submission ? (await runChain(deps.commands, [submission], context)).position : null;
}

/**
 * Asks Stripe for a recorded refund still pending and answers the step that records what Stripe said (null:
 * nothing to ask); `submitRefund` runs it, a route through `execute`.
 */
export async function refundSubmission(
  deps: CardPaymentDeps,
  orderId: string,
  refundId: string,
  now: Date,
): Promise<AnyStep | null> {
  const record = (name: string, command: RejectRefund | SubmitRefund) =>
    step({ name, decider: orderPaymentDecider, stream: orderStream(orderId), command });
  const state = await loadOrderPayment(deps.commands, orderId);
  const refund = state.payment.refunds.find((candidate) => candidate.refundId === refundId);
  if (!state.order.exists || !refund?.paymentIntentId || refund.stripeRefundId || refund.status !== 'PENDING')
    return null;
  const paymentIntentId = refund.paymentIntentId;
  const intent = recordedIntent(state, paymentIntentId);
  if (!intent) {
    // Only an intent the order created says which account holds the money; never guess (never the platform's).
    deps.logger.warn('refund of an intent the order did not create: not asked of Stripe', {
      orderId,
      refundId,
      paymentIntentId,
    });
    return record('refund-rejected', {
      type: 'RejectRefund',
      orderId,
      refundId,
      failureReason: 'payment_intent_not_recorded',
      now,
    });
  }
  const stripeAccount = intent.stripeAccount;
  let stripeRefund: Stripe.Refund;
  try {
    stripeRefund = await deps.stripe.refunds.create(
      {
        payment_intent: paymentIntentId,
        amount: refund.amount,
        metadata: { order_id: orderId, refund_id: refundId, event_id: state.order.placed.eventId },
      },
      stripeOptions(`order-refund-${refundId}`, stripeAccount),
    );
  } catch (error) {
    logStripeError(deps.logger, error);
    if (!stripeRefused(error)) refuse('payment_provider_unavailable');
    return record('refund-rejected', {
      type: 'RejectRefund',
      orderId,
      refundId,
      failureReason: error.code ?? error.type,
      now,
    });
  }
  return record('refund-submitted', {
    type: 'SubmitRefund',
    orderId,
    refundId,
    stripeRefundId: stripeRefund.id,
    now,
  });
}

// ---------- the process manager: Stripe's verified webhooks

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const metadataOf = (object: Record<string, unknown>) => (object.metadata ?? {}) as Record<string, unknown>;

/** The warning logged for a Stripe event foreign to the order it names (docs/payments.md, "Foreign events"). */
export const foreignEventLog = 'stripe event foreign to the order it names, ignored';

/** Stock refusals of a late conversion: the payment cannot be fulfilled and goes back. */
const unfulfillable = new Set([
  'sold_out',
  'capacity_exceeded',
  'promo_code_exhausted',
  'hold_not_found',
  'hold_expired',
]);

/** The handlers the worker registers for the order payment step, with the SDK built from the configuration. */
export function orderPaymentHandlers(payments: PaymentsConfig): StripeEventHandlers {
  if (payments.mode === 'off') return {};
  const stripe = stripeClient(payments);
  return orderPaymentHandlersWith(stripe, payments);
}

export function orderPaymentHandlersWith(stripe: Stripe, config: StripeConfig): StripeEventHandlers {
  /**
   * Records (once) and logs a Stripe event about this order that is not about an intent the order created on
   * the account recorded with it; true when it was foreign, and the handler then changes nothing else.
   */
  async function ignoredAsForeign(
    event: StripeWebhookEvent,
    context: StripeHandlerContext,
    state: OrderPaymentState,
    orderId: string,
    object: { paymentIntentId: string | null; amount: number | null; currency: string | null },
  ): Promise<boolean> {
    const reason = foreignReason(state, { ...object, stripeAccount: event.account });
    if (!reason) return false;
    context.logger.warn(foreignEventLog, {
      stripeEventId: event.id,
      stripeType: event.type,
      stripeAccount: event.account,
      expectedStripeAccount: recordedIntent(state, object.paymentIntentId)?.stripeAccount ?? null,
      orderId,
      paymentIntentId: object.paymentIntentId,
      reason,
    });
    await context.commands.handle(
      orderPaymentDecider,
      orderStream(orderId),
      {
        type: 'RecordForeignStripeEvent',
        orderId,
        stripeEventId: event.id,
        stripeType: event.type,
        stripeAccount: event.account,
        paymentIntentId: object.paymentIntentId,
        objectId: text(event.object.id),
        amount: object.amount,
        currency: object.currency,
        now: context.clock.now(),
      },
      { ...context.command, idempotencyKey: `${context.command.idempotencyKey}:foreign` },
    );
    return true;
  }

  /** `payment_intent.succeeded`: sell the hold (late: only if its units are still free), then complete. */
  const succeeded: StripeEventHandler = async (event, context) => {
    const intent = event.object;
    const orderId = text(metadataOf(intent).order_id);
    const paymentIntentId = text(intent.id);
    if (!orderId || !paymentIntentId) {
      context.logger.info('stripe payment for no order of ours, ignored', { stripeEventId: event.id });
      return;
    }
    const state = await loadOrderPayment(context.commands, orderId);
    if (!state.order.exists) {
      context.logger.info('stripe payment for an unknown order, ignored', {
        stripeEventId: event.id,
        orderId,
      });
      return;
    }
    const order = state.order;
    const payment: SucceededPayment = {
      paymentIntentId,
      chargeId: text(intent.latest_charge),
      amount: Number(intent.amount_received ?? intent.amount),
      currency: text(intent.currency) ?? '',
      stripeEventId: event.id,
      stripeAccount: event.account,
    };
    // Before anything is sold or refunded: money on an intent the order did not create is not its money.
    if (await ignoredAsForeign(event, context, state, orderId, payment)) return;
    if (state.payment.received?.paymentIntentId === paymentIntentId) return;
    const key = (suffix: string) => ({
      ...context.command,
      idempotencyKey: `${context.command.idempotencyKey}:${suffix}`,
    });
    const now = context.clock.now();
    const handle = (command: Parameters<typeof orderPaymentDecider.decide>[0], suffix: string) =>
      context.commands.handle(orderPaymentDecider, orderStream(orderId), command, key(suffix));

    if (
      payment.amount !== order.placed.totals.total ||
      payment.currency.toUpperCase() !== order.placed.currency.toUpperCase()
    ) {
      context.logger.warn('stripe payment amount differs from the order total', { orderId, paymentIntentId });
      await handle({ type: 'FlagPaymentMismatch', orderId, payment, now }, 'mismatch');
      return;
    }
    const refundInFull = async () => {
      const refundId = `late-${paymentIntentId}`;
      await handle({ type: 'RefundUnfulfillablePayment', orderId, payment, refundId, now }, 'late-refund');
      const deps: CardPaymentDeps = { commands: context.commands, logger: context.logger, stripe, config };
      // A Stripe outage throws: the event is parked and retried, and the refund's key keeps it single.
      await submitRefund(deps, key('late-refund'), orderId, refundId, now);
    };
    const processed =
      state.payment.received !== null ||
      order.status === 'COMPLETED' ||
      order.status === 'AWAITING_PAYMENT' ||
      order.status === 'CANCELLED';
    if (processed) {
      await refundInFull();
      return;
    }
    const applicationFee =
      typeof intent.application_fee_amount === 'number'
        ? intent.application_fee_amount
        : (recordedIntent(state, paymentIntentId)?.applicationFee ?? 0);
    try {
      await runChain(
        context.commands,
        acceptCardPayment(order, { payment, applicationFee, now }),
        context.command,
      );
    } catch (error) {
      if (!isRefusal(error) || !unfulfillable.has(error.reason)) throw error;
      context.logger.info('late payment without stock: refunded in full', { orderId, reason: error.reason });
      await refundInFull();
    }
  };

  /** `payment_intent.payment_failed`: the order shows the failure; the buyer may pay the same intent again. */
  const failed: StripeEventHandler = async (event, context) => {
    const intent = event.object;
    const orderId = text(metadataOf(intent).order_id);
    const paymentIntentId = text(intent.id);
    if (!orderId || !paymentIntentId) return;
    const state = await loadOrderPayment(context.commands, orderId);
    if (!state.order.exists) {
      context.logger.info('stripe payment failure for an unknown order, ignored', {
        stripeEventId: event.id,
      });
      return;
    }
    const amount = typeof intent.amount === 'number' ? intent.amount : null;
    const currency = text(intent.currency);
    if (await ignoredAsForeign(event, context, state, orderId, { paymentIntentId, amount, currency })) return;
    const error = (intent.last_payment_error ?? {}) as Record<string, unknown>;
    await context.commands.handle(
      orderPaymentDecider,
      orderStream(orderId),
      {
        type: 'FailCardPayment',
        orderId,
        paymentIntentId,
        failureCode: text(error.decline_code) ?? text(error.code),
        failureMessage: text(error.message),
        stripeEventId: event.id,
        stripeAccount: event.account,
        now: context.clock.now(),
      },
      context.command,
    );
  };

  /** The order a refund (or charge) belongs to: our metadata, else its payment intent's. */
  async function orderOf(object: Record<string, unknown>, account: string | null): Promise<string | null> {
    const own = text(metadataOf(object).order_id);
    if (own) return own;
    const paymentIntentId = text(object.payment_intent);
    if (!paymentIntentId) return null;
    const intent = await stripe.paymentIntents.retrieve(
      paymentIntentId,
      {},
      stripeOptions(undefined, account),
    );
    return text(intent.metadata.order_id);
  }

  const settle = (
    refund: Record<string, unknown>,
    orderId: string,
    stripeEventId: string | null,
    stripeAccount: string | null,
    now: Date,
  ): SettleRefund => ({
    type: 'SettleRefund',
    orderId,
    stripeRefundId: String(refund.id),
    refundId: text(metadataOf(refund).refund_id),
    paymentIntentId: text(refund.payment_intent) ?? '',
    amount: Number(refund.amount),
    status: (text(refund.status) ?? 'pending') as SettleRefund['status'],
    failureReason: text(refund.failure_reason),
    stripeEventId,
    stripeAccount,
    now,
  });

  /** `refund.updated` (and `refund.created`): the refund's status, as Stripe has it. */
  const refundUpdated: StripeEventHandler = async (event, context) => {
    const refund = event.object;
    if (!text(refund.id)) return;
    const orderId = await orderOf(refund, event.account);
    const state = orderId ? await loadOrderPayment(context.commands, orderId) : null;
    if (!orderId || !state?.order.exists) {
      context.logger.info('stripe refund for no order of ours, ignored', { stripeEventId: event.id });
      return;
    }
    const object = {
      paymentIntentId: text(refund.payment_intent),
      amount: typeof refund.amount === 'number' ? refund.amount : null,
      currency: text(refund.currency),
    };
    if (await ignoredAsForeign(event, context, state, orderId, object)) return;
    await context.commands.handle(
      orderPaymentDecider,
      orderStream(orderId),
      settle(refund, orderId, event.id, event.account, context.clock.now()),
      context.command,
    );
  };

  /** `charge.refunded`: reads back every refund of the order still pending and settles it. */
  const chargeRefunded: StripeEventHandler = async (event, context) => {
    const charge = event.object;
    const orderId = await orderOf(charge, event.account);
    const state = orderId ? await loadOrderPayment(context.commands, orderId) : null;
    if (!orderId || !state?.order.exists) {
      context.logger.info('stripe charge refund for no order of ours, ignored', { stripeEventId: event.id });
      return;
    }
    const object = {
      paymentIntentId: text(charge.payment_intent),
      amount: typeof charge.amount_refunded === 'number' ? charge.amount_refunded : null,
      currency: text(charge.currency),
    };
    if (await ignoredAsForeign(event, context, state, orderId, object)) return;
    for (const refund of state.payment.refunds) {
      if (refund.status !== 'PENDING' || !refund.stripeRefundId) continue;
      const stripeAccount = recordedIntent(state, refund.paymentIntentId)?.stripeAccount ?? null;
      const current = await stripe.refunds.retrieve(
        refund.stripeRefundId,
        {},
        stripeOptions(undefined, stripeAccount),
      );
      await context.commands.handle(
        orderPaymentDecider,
        orderStream(orderId),
        settle(
          current as unknown as Record<string, unknown>,
          orderId,
          event.id,
          stripeAccount,
          context.clock.now(),
        ),
        { ...context.command, idempotencyKey: `${context.command.idempotencyKey}:${refund.refundId}` },
      );
    }
  };

  return {
    'payment_intent.succeeded': succeeded,
    'payment_intent.payment_failed': failed,
    'refund.created': refundUpdated,
    'refund.updated': refundUpdated,
    'charge.refunded': chargeRefunded,
  };
}

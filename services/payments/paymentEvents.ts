/**
 * What the payments module records (docs/payments.md). Projections and reactors import this file only.
 * Recorded events never change shape or name.
 */

/** One Stripe connected account per account, for Connect mode (`/account/payment`). */
export const paymentConnectionStream = (accountId: string): string => `payment-connection-${accountId}`;

/** The account created (or reused) its connected account on Stripe; onboarding comes next. */
export type ConnectedAccountCreated = {
  type: 'ConnectedAccountCreated';
  data: { accountId: string; stripeAccountId: string; createdAt: string };
};

/** Stripe said (`account.updated`) how far the connected account is; `stripeEventCreated` orders the updates. */
export type ConnectedAccountUpdated = {
  type: 'ConnectedAccountUpdated';
  data: {
    accountId: string;
    stripeAccountId: string;
    chargesEnabled: boolean;
    detailsSubmitted: boolean;
    stripeEventId: string;
    stripeEventCreated: string;
    updatedAt: string;
  };
};

export type PaymentConnectionEvent = ConnectedAccountCreated | ConnectedAccountUpdated;
export const paymentConnectionEventTypes = [
  'ConnectedAccountCreated',
  'ConnectedAccountUpdated',
] as const satisfies readonly PaymentConnectionEvent['type'][];

/**
 * The platform's application fee taken on one paid order. Appended to the ORDER's stream by the order payment
 * step when Stripe confirms the payment (`payment_intent.succeeded`), with Stripe's ids, so billing reconciles
 * with Stripe. Amounts are minor units of `currency`.
 */
export type PlatformFeeCharged = {
  type: 'PlatformFeeCharged';
  data: {
    accountId: string;
    eventId: string;
    orderId: string;
    /** The order's public reference, as shown to the organizer. */
    orderShortId: string;
    paymentIntentId: string;
    chargeId: string | null;
    currency: string;
    orderTotal: number;
    fee: number;
    chargedAt: string;
  };
};

/** Uniqueness of a Stripe event: its first delivery claims `stripe-event-<id>`; every later one is a duplicate. */
export const stripeEventStream = (stripeEventId: string): string => `stripe-event-${stripeEventId}`;

/**
 * A verified Stripe webhook, recorded once. The worker's dispatcher hands it to the handler registered for its
 * type (services/payments/webhooks/stripeEventHandlers.ts).
 */
export type StripeEventReceived = {
  type: 'StripeEventReceived';
  data: {
    stripeEventId: string;
    stripeType: string;
    /** The connected account the event is about (Connect), or null. */
    stripeAccount: string | null;
    /** When Stripe created the event (ISO): handlers order updates of one object by it. */
    created: string;
    /** `data.object` of the event, as Stripe sent it. */
    object: Record<string, unknown>;
    receivedAt: string;
  };
};

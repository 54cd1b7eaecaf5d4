import { z } from 'zod';
import type { PaymentsConfig } from '../../kit/config';
import { dataOf, route } from '../../kit/http/routeContract';
import type { PaymentConnectionRow } from '../../../projections/payments';
import { paymentConnectionsProjection } from '../../../projections/payments';

/** `POST /account/payment/connect` takes nothing (an empty object at most). */
export const connectPaymentSchema = z.object({}).strict();

export const paymentConnectionResponseSchema = z.object({
  /** Whether the platform takes card payments at all (`STRIPE_MODE` is not `off`). */
  card_payments: z.boolean(),
  mode: z.enum(['connect', 'direct']).nullable(),
  status: z.enum(['NOT_CONNECTED', 'SETUP_INCOMPLETE', 'CONNECTED']),
  stripe_account_id: z.string().nullable(),
  charges_enabled: z.boolean(),
  details_submitted: z.boolean(),
  /** For Stripe.js: the platform's publishable key, when card payments are on. */
  publishable_key: z.string().nullable(),
  application_fee: z.object({ fixed: z.number().int(), percent: z.number() }).nullable(),
});

export const paymentConnectLinkResponseSchema = z.object({
  /** Stripe's onboarding page: the browser goes there, and comes back to `/account/payment`. */
  url: z.string(),
  stripe_account_id: z.string(),
});

/** The account's card payment connection: in direct mode the platform's own keys make every account connected. */
export function presentPaymentConnection(payments: PaymentsConfig, row: PaymentConnectionRow | null) {
  if (payments.mode === 'off')
    return {
      card_payments: false,
      mode: null,
      status: 'NOT_CONNECTED' as const,
      stripe_account_id: null,
      charges_enabled: false,
      details_submitted: false,
      publishable_key: null,
      application_fee: null,
    };
  const applicationFee = payments.applicationFee
    ? { fixed: payments.applicationFee.fixedMinor, percent: payments.applicationFee.percent }
    : null;
  if (payments.mode === 'direct')
    return {
      card_payments: true,
      mode: 'direct' as const,
      status: 'CONNECTED' as const,
      stripe_account_id: null,
      charges_enabled: true,
      details_submitted: true,
      publishable_key: payments.publishableKey,
      application_fee: applicationFee,
    };
  return {
    card_payments: true,
    mode: 'connect' as const,
    status: row?.status ?? ('NOT_CONNECTED' as const),
    stripe_account_id: row?.stripeAccountId ?? null,
    charges_enabled: row?.chargesEnabled ?? false,
    details_submitted: row?.detailsSubmitted ?? false,
    publishable_key: payments.publishableKey,
    application_fee: applicationFee,
  };
}

export const paymentRouteContracts = [
  route({
    method: 'get',
    path: '/account/payment',
    reads: [paymentConnectionsProjection],
    summary: "The account's card payment connection",
    response: dataOf(paymentConnectionResponseSchema),
  }),
  route({
    method: 'post',
    path: '/account/payment/connect',
    summary: 'Create or reuse the Stripe connected account and get its onboarding link',
    body: connectPaymentSchema,
    response: dataOf(paymentConnectLinkResponseSchema),
  }),
];

import { z } from 'zod';
import { dataOf, route } from '../../kit/http/routeContract';
import { platformFeesProjection } from '../../../projections/payments';

/** The billing API (`/api/account/billing`): the answer and the contract. */

export const billingResponseSchema = z.object({
  /** The platform's fee on each paid order; null when the platform charges none. */
  application_fee: z.object({ fixed: z.number().int(), percent: z.number() }).nullable(),
  months: z.array(
    z.object({
      month: z.string(),
      currency: z.string(),
      orders: z.number().int(),
      order_total: z.number().int(),
      fees: z.number().int(),
    }),
  ),
  fees: z.array(
    z.object({
      order_id: z.string(),
      order_short_id: z.string(),
      event_id: z.string(),
      payment_intent_id: z.string(),
      currency: z.string(),
      order_total: z.number().int(),
      fee: z.number().int(),
      charged_at: z.string(),
    }),
  ),
});

export const billingRouteContracts = [
  route({
    method: 'get',
    path: '/account/billing',
    reads: [platformFeesProjection],
    summary: "The platform's fees charged per order and per month",
    response: dataOf(billingResponseSchema),
  }),
];

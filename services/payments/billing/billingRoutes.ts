import Router from '@koa/router';
import { z } from 'zod';
import type { Services } from '../../kit/http/context';
import { requireAuth } from '../../kit/http/context';
import { dataOf, route } from '../../kit/http/routeContract';
import { allow } from '../../identity/policy';
import { listPlatformFees, platformFeesByMonth } from '../../../projections/payments';

/** How many of the newest fees the page lists one by one (the months sum them all). */
const recentFees = 100;

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

/** `/account/billing`: the platform's application fees charged to this account (admins). */
export function billingRoutes(services: Services) {
  const router = new Router();
  const payments = services.config.payments;
  const applicationFee =
    payments.mode === 'connect' && payments.applicationFee
      ? { fixed: payments.applicationFee.fixedMinor, percent: payments.applicationFee.percent }
      : null;

  router.get('/account/billing', allow('billing.manage'), async (ctx) => {
    const auth = requireAuth(ctx);
    const [months, fees] = await Promise.all([
      platformFeesByMonth(services.db, auth.accountId),
      listPlatformFees(services.db, auth.accountId, recentFees),
    ]);
    ctx.body = {
      data: {
        application_fee: applicationFee,
        months: months.map((month) => ({
          month: month.month,
          currency: month.currency,
          orders: month.orders,
          order_total: month.orderTotal,
          fees: month.fees,
        })),
        fees: fees.map((fee) => ({
          order_id: fee.orderId,
          order_short_id: fee.orderShortId,
          event_id: fee.eventId,
          payment_intent_id: fee.paymentIntentId,
          currency: fee.currency,
          order_total: fee.orderTotal,
          fee: fee.fee,
          charged_at: fee.chargedAt,
        })),
      },
    };
  });

  return router;
}

export const billingRouteContracts = [
  route({
    method: 'get',
    path: '/account/billing',
    summary: "The platform's fees charged per order and per month",
    response: dataOf(billingResponseSchema),
  }),
];

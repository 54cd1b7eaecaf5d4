import Router from '@koa/router';
import type { Services } from '../../kit/http/context';
import { requireAuth } from '../../kit/http/context';
import { allow } from '../../kit/http/policy';
import { listPlatformFees, platformFeesByMonth } from '../../../projections/payments';

/** How many of the newest fees the page lists one by one (the months sum them all). */
const recentFees = 100;

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

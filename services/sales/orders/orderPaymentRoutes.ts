import Router from '@koa/router';
import type { Services } from '../../kit/http/context';
import { execute } from '../../kit/http/context';
import { allow } from '../../kit/http/policy';
import { body } from '../../kit/http/validate';
import type { TicketSigningKeys } from '../../admission/signingKeys';
import { stripeClient } from '../../payments/stripeClient';
import { ordersProjection } from '../../../projections/orders';
import { refundSubmission } from './cardPayments';
import { orderDecider } from './orderDecider';
import { orderStream } from './orderEvents';
import { orderPaymentDecider } from './orderPaymentDecider';
import { refundOrderSchema } from './orderSchemas';
import { cancelOrder } from './orderWorkflows';
import { ownedOrders } from './ownedOrders';

const readModels = [ordersProjection.name];

/** The organizer's side of an order's money (docs/payments.md): an offline payment marked paid, refunds. */
export function orderPaymentRoutes(services: Services, keys: TicketSigningKeys) {
  const router = new Router();
  const payments = services.config.payments;
  const stripe = payments.mode === 'off' ? null : stripeClient(payments);
  const { ownedOrder, orderDetail } = ownedOrders(services, keys);
  router.use('/events/:eventId/orders', allow('events.manage'));

  router.post('/events/:eventId/orders/:orderId/mark-paid', async (ctx) => {
    const { auth, eventId, orderId } = await ownedOrder(ctx);
    await execute(ctx, services, {
      decider: orderDecider,
      stream: orderStream(orderId),
      command: { type: 'MarkOrderPaid', orderId, by: auth.userId, now: services.clock.now() },
      readModels,
    });
    ctx.body = { data: await orderDetail(auth.accountId, eventId, orderId) };
  });

  /**
   * A refund: recorded first (one pending at a time, at most what remains), then asked of Stripe with the
   * refund's id as the idempotency key; an offline-paid order's refund is only recorded. With `cancel_order`
   * the order is cancelled too (its stock comes back). Each write answers its own position; the last is the
   * latest.
   */
  router.post('/events/:eventId/orders/:orderId/refunds', async (ctx) => {
    const { auth, eventId, orderId, order } = await ownedOrder(ctx);
    const input = body(ctx, refundOrderSchema);
    const now = services.clock.now();
    const refundId = input.refund_id ?? services.ids.uuid();
    await execute(ctx, services, {
      decider: orderPaymentDecider,
      stream: orderStream(orderId),
      command: {
        type: 'RequestRefund',
        orderId,
        refundId,
        amount: input.amount,
        cancelOrder: input.cancel_order ?? false,
        notifyBuyer: input.notify_buyer ?? false,
        by: auth.userId,
        now,
      },
      readModels,
    });
    if (payments.mode !== 'off' && stripe) {
      const deps = { commands: services.commands, logger: services.logger, stripe, config: payments };
      const submission = await refundSubmission(deps, orderId, refundId, now);
      if (submission) await execute(ctx, services, { chain: [submission], readModels });
    }
    if (input.cancel_order)
      await execute(ctx, services, { chain: cancelOrder(order, auth.userId, now), readModels });
    ctx.status = 201;
    ctx.body = { data: await orderDetail(auth.accountId, eventId, orderId) };
  });

  return router;
}

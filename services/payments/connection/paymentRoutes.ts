import Router from '@koa/router';
import type { Services } from '../../kit/http/context';
import { execute, requireAuth } from '../../kit/http/context';
import { body } from '../../kit/http/validate';
import { refuse } from '../../kit/refusal';
import { allow } from '../../kit/http/policy';
import { findPaymentConnection, paymentConnectionsProjection } from '../../../projections/payments';
import { paymentConnectionStream } from '../paymentEvents';
import { stripeClient, type Stripe } from '../stripeClient';
import { paymentConnectionDecider } from './connectionDecider';
import { connectPaymentSchema, presentPaymentConnection } from './paymentSchemas';

/**
 * `/account/payment`: the account's card payment connection. Admins connect; every member reads it (the
 * getting-started checklist and the ticket pages say whether paid tickets can be sold).
 */
export function paymentRoutes(services: Services) {
  const router = new Router();
  const payments = services.config.payments;
  const stripe = payments.mode === 'off' ? null : stripeClient(payments);

  router.get('/account/payment', allow('events.manage'), async (ctx) => {
    const auth = requireAuth(ctx);
    ctx.body = {
      data: presentPaymentConnection(payments, await findPaymentConnection(services.db, auth.accountId)),
    };
  });

  router.post('/account/payment/connect', allow('account.manage'), async (ctx) => {
    const auth = requireAuth(ctx);
    body(ctx, connectPaymentSchema);
    if (!stripe) refuse('card_payments_not_configured');
    if (payments.mode !== 'connect') refuse('payment_connect_not_available');
    const stream = paymentConnectionStream(auth.accountId);
    const { state } = await services.commands.load(paymentConnectionDecider, stream);
    let stripeAccountId: string;
    if (state.exists) {
      stripeAccountId = state.stripeAccountId;
    } else {
      // One key per account: a retry (or a second click) gets the same connected account back from Stripe.
      const account = await callStripe(services, () =>
        stripe.accounts.create(
          { type: 'express', metadata: { account_id: auth.accountId } },
          { idempotencyKey: `connect-account-${auth.accountId}` },
        ),
      );
      stripeAccountId = account.id;
      await execute(ctx, services, {
        decider: paymentConnectionDecider,
        stream,
        command: {
          type: 'RecordConnectedAccount',
          accountId: auth.accountId,
          stripeAccountId,
          now: services.clock.now(),
        },
        readModels: [paymentConnectionsProjection.name],
      });
    }
    const back = `${services.config.publicUrl}/account/payment`;
    const link = await callStripe(services, () =>
      stripe.accountLinks.create({
        account: stripeAccountId,
        type: 'account_onboarding',
        return_url: `${back}?onboarding=returned`,
        refresh_url: `${back}?onboarding=refresh`,
      }),
    );
    ctx.body = { data: { url: link.url, stripe_account_id: stripeAccountId } };
  });

  return router;
}

/** A Stripe call: its failure (unreachable, or an error answer) is `payment_provider_unavailable`, logged. */
async function callStripe<Result>(
  services: Pick<Services, 'logger'>,
  call: () => Promise<Result>,
): Promise<Result> {
  try {
    return await call();
  } catch (error) {
    const stripeError = error as Partial<Stripe.errors.StripeError>;
    services.logger.error('stripe call failed', {
      type: stripeError.type,
      code: stripeError.code,
      status: stripeError.statusCode,
      message: stripeError.message,
    });
    refuse('payment_provider_unavailable');
  }
}

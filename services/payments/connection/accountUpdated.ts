import { isRefusal } from '../../kit/refusal';
import { findAccountOfStripeAccount } from '../../../projections/payments';
import { paymentConnectionStream } from '../paymentEvents';
import type { StripeEventHandler } from '../webhooks/stripeEventHandlers';
import { paymentConnectionDecider } from './connectionDecider';

/**
 * `account.updated`: how far a connected account's onboarding is. The account is ours by the `account_id`
 * the connect route put in its metadata (or, for an account made elsewhere, by the read model).
 */
export const syncConnectedAccount: StripeEventHandler = async (event, context) => {
  const account = event.object;
  const stripeAccountId = typeof account.id === 'string' ? account.id : null;
  if (!stripeAccountId) {
    context.logger.warn('stripe account.updated without an account id', { stripeEventId: event.id });
    return;
  }
  const metadata = (account.metadata ?? {}) as Record<string, unknown>;
  const accountId =
    typeof metadata.account_id === 'string' && metadata.account_id !== ''
      ? metadata.account_id
      : await findAccountOfStripeAccount(context.db, stripeAccountId);
  if (!accountId) {
    context.logger.info('stripe account.updated for an unknown account, ignored', {
      stripeEventId: event.id,
      stripeAccountId,
    });
    return;
  }
  try {
    await context.commands.handle(
      paymentConnectionDecider,
      paymentConnectionStream(accountId),
      {
        type: 'SyncConnectedAccount',
        accountId,
        stripeAccountId,
        chargesEnabled: account.charges_enabled === true,
        detailsSubmitted: account.details_submitted === true,
        stripeEventId: event.id,
        stripeEventCreated: event.created,
        now: context.clock.now(),
      },
      context.command,
    );
  } catch (error) {
    if (!isRefusal(error)) throw error;
    context.logger.warn('stripe account.updated refused', { stripeEventId: event.id, reason: error.reason });
  }
};

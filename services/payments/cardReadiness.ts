import type { CommandHandler } from '../kit/commandHandler';
import type { PaymentsConfig } from '../kit/config';
import { paymentConnectionDecider } from './connection/connectionDecider';
import { paymentConnectionStream } from './paymentEvents';

/**
 * Whether and where an account can be paid by card now; the checkout (sales) and the public event page (catalog)
 * both ask, so the answer lives with the payments setup it reads.
 */

/**
 * Where the account's card payments land: the connected account (connect mode, only once Stripe enabled its
 * charges), the platform's own (direct mode). null: this account cannot take card payments now.
 */
export async function cardDestination(
  commands: Pick<CommandHandler, 'load'>,
  payments: PaymentsConfig,
  accountId: string,
): Promise<{ stripeAccount: string | null } | null> {
  if (payments.mode === 'off') return null;
  if (payments.mode === 'direct') return { stripeAccount: null };
  const { state } = await commands.load(paymentConnectionDecider, paymentConnectionStream(accountId));
  return state.exists && state.status === 'CONNECTED' ? { stripeAccount: state.stripeAccountId } : null;
}

/**
 * Whether the seller can be paid for an order that costs money: offline payments are on for the event, or the
 * account takes cards now. When neither, paid tickets are "payment setup incomplete" and no such order is placed.
 */
export async function canTakePaidOrders(
  commands: Pick<CommandHandler, 'load'>,
  payments: PaymentsConfig,
  seller: { accountId: string; offlinePaymentsEnabled: boolean },
): Promise<boolean> {
  if (seller.offlinePaymentsEnabled) return true;
  return (await cardDestination(commands, payments, seller.accountId)) !== null;
}

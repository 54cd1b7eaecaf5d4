import type { Knex } from 'knex';
import type { Clock } from '../../kit/clock';
import type { CommandContext, CommandHandler } from '../../kit/commandHandler';
import type { Logger } from '../../kit/logger';
import type { StripeEventReceived } from '../paymentEvents';
import { syncConnectedAccount } from '../connection/accountUpdated';

/** A verified, first-time Stripe event as its handler receives it. */
export interface StripeWebhookEvent {
  id: string;
  type: string;
  /** The connected account it is about (Connect), or null. */
  account: string | null;
  created: Date;
  object: Record<string, unknown>;
}

export interface StripeHandlerContext {
  commands: CommandHandler;
  /** The read models, inside the dispatcher's transaction (on SQLite the only connection while it runs). */
  db: Knex;
  clock: Clock;
  logger: Logger;
  /**
   * The metadata for the commands the handler runs: actor `stripe`, the recorded `StripeEventReceived` as the
   * cause, and an idempotency key derived from the Stripe event id, so a handler run twice (a replay, a
   * second worker) appends nothing twice. Use a different `idempotencyKey` suffix for each further command.
   */
  command: CommandContext & { idempotencyKey: string };
}

/**
 * Handles one Stripe event. It runs in the worker after the webhook was answered; throwing parks the event
 * (docs/projections.md) to be retried, so unknown objects (an order that is not ours) are logged and skipped
 * instead.
 */
export type StripeEventHandler = (event: StripeWebhookEvent, context: StripeHandlerContext) => Promise<void>;

/** Which handler takes which Stripe event type; every other type is acknowledged and ignored. */
export type StripeEventHandlers = Readonly<Partial<Record<string, StripeEventHandler>>>;

/**
 * The registry. The order payment step adds `payment_intent.succeeded`, `payment_intent.payment_failed`,
 * `refund.updated` and `charge.refunded` here.
 */
export const stripeEventHandlers: StripeEventHandlers = {
  'account.updated': syncConnectedAccount,
};

export function toWebhookEvent(data: StripeEventReceived['data']): StripeWebhookEvent {
  return {
    id: data.stripeEventId,
    type: data.stripeType,
    account: data.stripeAccount,
    created: new Date(data.created),
    object: data.object,
  };
}

import type { Projection } from '../../projections/runner/types';
import type { CommandHandler } from '../kit/commandHandler';
import type { Clock } from '../kit/clock';
import type { Logger } from '../kit/logger';
import type { StripeEventReceived } from '../payments/paymentEvents';
import {
  stripeEventHandlers,
  toWebhookEvent,
  type StripeEventHandlers,
} from '../payments/webhooks/stripeEventHandlers';

export const stripeEventDispatcherName = 'stripe-event-dispatcher';

/**
 * Processes the Stripe events the webhook recorded (docs/payments.md): each `StripeEventReceived` goes to the
 * handler registered for its type, once per event id (the webhook's claim stream dedupes deliveries; the
 * handler's commands carry an idempotency key from the event id, so a replay of this reactor writes nothing
 * twice). A handler that throws parks the event, to be retried. It reads the whole log: an event recorded
 * while no worker ran is processed when one starts.
 */
export function stripeEventDispatcher(deps: {
  commands: CommandHandler;
  clock: Clock;
  logger: Logger;
  handlers?: StripeEventHandlers;
}): Projection {
  const handlers = deps.handlers ?? stripeEventHandlers;
  return {
    name: stripeEventDispatcherName,
    tables: [],
    handles: ['StripeEventReceived'] satisfies StripeEventReceived['type'][],
    async apply(trx, recorded) {
      const event = toWebhookEvent((recorded as unknown as StripeEventReceived).data);
      const handler = handlers[event.type];
      if (!handler) {
        deps.logger.debug('stripe event without a handler, acknowledged', { type: event.type, id: event.id });
        return [];
      }
      await handler(event, {
        commands: deps.commands,
        // SQLite has one connection: reads during the runner's transaction must go through it.
        db: trx,
        clock: deps.clock,
        logger: deps.logger,
        command: {
          correlationId: recorded.metadata.correlationId,
          causationId: recorded.id,
          actor: 'stripe',
          idempotencyKey: `stripe-event:${event.id}`,
        },
      });
      return [];
    },
  };
}

import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { loadOwned, requireAuth } from '../../kit/http/context';
import { pathParam } from '../../kit/http/validate';
import { eventDecider, type ExistingEvent } from './eventDecider';
import { eventStream } from './eventEvents';
import { eventIdOrNotFound } from './eventSchemas';

/**
 * The event named by the path (`:eventId`, or `param` where the route calls it otherwise) when it belongs to the
 * caller's account; another account's event answers like an unknown one (`event_not_found`, 404). Tickets,
 * promo codes, questions and the rest of the catalogue hang off it.
 */
export async function ownedEvent(
  ctx: Context,
  services: Pick<Services, 'commands'>,
  param = 'eventId',
): Promise<{ eventId: string; event: ExistingEvent }> {
  const auth = requireAuth(ctx);
  const eventId = eventIdOrNotFound(pathParam(ctx, param));
  const event = await loadOwned(services, {
    decider: eventDecider,
    stream: eventStream(eventId),
    accountId: auth.accountId,
    notFound: 'event_not_found',
  });
  return { eventId, event };
}

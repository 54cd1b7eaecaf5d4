import type { Knex } from 'knex';
import type { Services } from '../kit/http/context';
import { loadOwned, requireAuth } from '../kit/http/context';
import type { Context } from 'koa';
import { pathParam } from '../kit/http/validate';
import { Refusal } from '../kit/refusal';
import { eventDecider } from './events/eventDecider';
import { eventStream } from './events/eventEvents';
import { eventIdOrNotFound } from './events/eventSchemas';
import { listEventTicketIds } from '../../projections/tickets';

/**
 * The event named by the path (`:eventId`) when it belongs to the caller's account; another account's event
 * answers like an unknown one (`event_not_found`, 404). Promo codes, questions and the rest of the catalogue
 * hang off it.
 */
export async function ownedEventOf(ctx: Context, services: Services): Promise<string> {
  const auth = requireAuth(ctx);
  const eventId = eventIdOrNotFound(pathParam(ctx, 'eventId'));
  await loadOwned(services, {
    decider: eventDecider,
    stream: eventStream(eventId),
    accountId: auth.accountId,
    notFound: 'event_not_found',
  });
  return eventId;
}

/**
 * Checks that the ticket ids a promo code or question names are tickets of the event: an advisory fact read
 * from the `tickets` read model (docs/decisions/cross-module-facts.md section 1).
 */
export async function checkTicketsOfEvent(
  db: Knex,
  eventId: string,
  ticketIds: readonly string[] | undefined,
  field = 'applicable_ticket_ids',
): Promise<void> {
  if (!ticketIds || ticketIds.length === 0) return;
  const found = new Set(await listEventTicketIds(db, eventId));
  const unknown = ticketIds.filter((ticketId) => !found.has(ticketId));
  if (unknown.length > 0)
    throw new Refusal('validation_failed', undefined, {
      [field]: [`Not tickets of this event: ${[...new Set(unknown)].join(', ')}`],
    });
}

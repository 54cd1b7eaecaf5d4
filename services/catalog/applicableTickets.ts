import type { Knex } from 'knex';
import { Refusal } from '../kit/refusal';
import { listEventTicketIds } from '../../projections/tickets';

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

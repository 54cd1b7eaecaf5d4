import type { Projection } from '../../projections/runner/types';
import type { CommandHandler } from '../kit/commandHandler';
import type { Clock } from '../kit/clock';
import type { Logger } from '../kit/logger';
import { isRefusal } from '../kit/refusal';
import { inventoryDecider } from '../inventory/inventoryDecider';
import { inventoryStream } from '../inventory/inventoryEvents';
import { inventoryMirrorDecider, stockDefinitions } from '../catalog/tickets/inventoryMirror';
import { ticketDecider } from '../catalog/tickets/ticketDecider';
import { ticketStream, type TicketEvent } from '../catalog/tickets/ticketEvents';

export const ticketStockMirrorName = 'ticket-stock-mirror';

type Handled = Extract<TicketEvent, { type: 'TicketCreated' | 'TicketUpdated' | 'TicketDeleted' }>;

/**
 * The second half of a ticket change, finished from the log (docs/decisions/cross-module-facts.md section 4):
 * the ticket routes append to `ticket-<id>` and then mirror the quantities into `inventory-<eventId>`; a process
 * that died in between left the inventory behind. For every ticket event this mirrors the ticket's CURRENT
 * definition (so replays and late events converge on the latest one; a tier the inventory knows and the ticket
 * no longer has is defined with 0). The append carries the ticket event as its cause and a key derived from
 * its id, and the inventory treats an unchanged definition as quiet, so a replay or a second worker writes
 * nothing twice. A definition the inventory refuses (`quantity_below_sold`: buyers took the units between the
 * route's check and its append) is logged and left: the organizer's next save shows the refusal.
 */
export function ticketStockMirror(deps: {
  commands: CommandHandler;
  clock: Clock;
  logger: Logger;
}): Projection {
  return {
    name: ticketStockMirrorName,
    tables: [],
    handles: ['TicketCreated', 'TicketUpdated', 'TicketDeleted'] satisfies Handled['type'][],
    async apply(_trx, recorded) {
      const { eventId, ticketId } = (recorded as unknown as Handled).data;
      const [{ state: ticket }, { state: inventory }] = await Promise.all([
        deps.commands.load(ticketDecider, ticketStream(ticketId)),
        deps.commands.load(inventoryDecider, inventoryStream(eventId)),
      ]);
      const after = ticket.exists ? ticket.details : null;
      const mirroredTiers = Object.keys(inventory.tickets[ticketId]?.tiers ?? {}).map((tierId) => ({
        tierId,
      }));
      const definitions = stockDefinitions(
        eventId,
        ticketId,
        { tiers: mirroredTiers },
        after,
        deps.clock.now(),
      );
      try {
        await deps.commands.handle(
          inventoryMirrorDecider,
          inventoryStream(eventId),
          { type: 'MirrorStock', definitions },
          {
            correlationId: recorded.metadata.correlationId,
            causationId: recorded.id,
            actor: 'system',
            idempotencyKey: `ticket-stock-mirror:${recorded.id}`,
          },
        );
      } catch (error) {
        if (!isRefusal(error)) throw error;
        deps.logger.warn('ticket stock not mirrored', { eventId, ticketId, reason: error.reason });
      }
      return [];
    },
  };
}

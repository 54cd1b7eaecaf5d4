import type { AnyStep } from '../../kit/workflow';
import { step } from '../../kit/workflow';
import type { InventoryState } from '../../inventory/inventoryDecider';
import { inventoryStream } from '../../inventory/inventoryEvents';
import { inventoryMirrorDecider, stockDefinitions, type MirrorStock } from './inventoryMirror';
import { ticketDecider, type TicketCommand, type TicketState } from './ticketDecider';
import { ticketStream } from './ticketEvents';

/**
 * A ticket saved with its stock mirror (docs/decisions/workflows.md): the ticket's command, then the ticket's
 * quantities and tiers mirrored into the event's inventory stream in one append. Both are decided ahead, so a
 * quantity below what is sold or held is refused with `quantity_below_sold` and nothing is written. A rush
 * between the plan and the mirror's append is refused by the inventory, leaving the ticket ahead of the
 * inventory until the next save, which the organizer sees as the refusal (docs/catalogue.md, "Tickets and the
 * inventory").
 */
export function ticketSave(input: {
  eventId: string;
  ticketId: string;
  command: TicketCommand;
  now: Date;
}): AnyStep[] {
  const { eventId, ticketId, command, now } = input;
  let before: TicketState | undefined;
  const ticket = step({
    name: 'ticket',
    decider: ticketDecider,
    stream: ticketStream(ticketId),
    command: (state: TicketState) => {
      before = state;
      return command;
    },
  });
  const stock = step({
    name: 'stock',
    decider: inventoryMirrorDecider,
    stream: inventoryStream(eventId),
    command: (_inventory: InventoryState, earlier): MirrorStock | null => {
      // A save that changes nothing on the ticket mirrors nothing either.
      if (!before || ticketDecider.decide(command, before).length === 0) return null;
      const after = earlier<TicketState>(ticket);
      return {
        type: 'MirrorStock',
        definitions: stockDefinitions(
          eventId,
          ticketId,
          before.exists ? before.details : null,
          after.exists ? after.details : null,
          now,
        ),
      };
    },
  });
  return [ticket, stock];
}

import type { Decider } from '../../kit/decider';
import type { InventoryEvent } from '../../inventory/inventoryEvents';
import {
  inventoryDecider,
  type DefineTicketStock,
  type DefineTierStock,
  type InventoryState,
} from '../../inventory/inventoryDecider';
import type { TicketDetails } from './ticketEvents';

/**
 * A ticket's quantities as the event's inventory stream must hold them (docs/decisions/cross-module-facts.md
 * section 2): the ticket's own quantity and each tier's. A tier the change removed is mirrored with quantity 0
 * so nothing more is sold of it; a deleted ticket likewise.
 */
export type StockDefinition = DefineTicketStock | DefineTierStock;

export function stockDefinitions(
  eventId: string,
  ticketId: string,
  /** The tiers mirrored so far (a tier missing from `after` is defined with 0). */
  before: { tiers: readonly { tierId: string }[] } | null,
  after: TicketDetails | null,
  now: Date,
): StockDefinition[] {
  const definitions: StockDefinition[] = [
    { type: 'DefineTicketStock', eventId, ticketId, quantity: after ? after.quantity : 0, now },
  ];
  const kept = new Set((after?.tiers ?? []).map((tier) => tier.tierId));
  for (const tier of after?.tiers ?? [])
    definitions.push({
      type: 'DefineTierStock',
      eventId,
      ticketId,
      tierId: tier.tierId,
      quantity: tier.quantity,
      now,
    });
  for (const tier of before?.tiers ?? [])
    if (!kept.has(tier.tierId))
      definitions.push({ type: 'DefineTierStock', eventId, ticketId, tierId: tier.tierId, quantity: 0, now });
  return definitions;
}

export type MirrorStock = { type: 'MirrorStock'; definitions: readonly StockDefinition[] };

/**
 * All of one ticket change's definitions in ONE append to `inventory-<eventId>`, decided by the inventory's own
 * rules in order (an unchanged definition is quiet, one below what is sold or held is `quantity_below_sold`).
 */
export const inventoryMirrorDecider: Decider<MirrorStock, InventoryEvent, InventoryState> = {
  initialState: () => inventoryDecider.initialState(),
  evolve: (state, event) => inventoryDecider.evolve(state, event),
  decide(command, state) {
    const events: InventoryEvent[] = [];
    let folded = state;
    for (const definition of command.definitions) {
      const decided = inventoryDecider.decide(definition, folded);
      for (const event of decided) folded = inventoryDecider.evolve(folded, event);
      events.push(...decided);
    }
    return events;
  },
};

import type { Hold, InventoryState } from '../../inventory/inventoryDecider';

/**
 * The advisory facts a ticket change is decided on (docs/decisions/cross-module-facts.md section 1), read from
 * the event's inventory, the one place sales are recorded before the orders read model exists: a sold hold
 * (a completed order) or a hold still running (an order in checkout) counts; released and expired holds do not.
 */
export interface TicketSalesFacts {
  hasSalesOrAttendees: boolean;
  tierIdsWithSales: string[];
  orderCount: number;
}

function counts(hold: Hold, now: number): boolean {
  return hold.status === 'SOLD' || (hold.status === 'HELD' && hold.expiresAt > now);
}

export function ticketSalesFacts(state: InventoryState, ticketId: string, now: Date): TicketSalesFacts {
  const orders = new Set<string>();
  const tiers = new Set<string>();
  for (const hold of [...state.active.values(), ...state.settled.values()]) {
    if (!counts(hold, now.getTime())) continue;
    const lines = (hold.status === 'SOLD' ? hold.soldLines : hold.lines).filter(
      (line) => line.ticketId === ticketId && line.quantity > 0,
    );
    // A fully returned sale still tied the ticket to an order.
    if (lines.length === 0 && !hold.lines.some((line) => line.ticketId === ticketId)) continue;
    orders.add(hold.orderId);
    for (const line of hold.lines) if (line.ticketId === ticketId && line.tierId) tiers.add(line.tierId);
  }
  return { hasSalesOrAttendees: orders.size > 0, tierIdsWithSales: [...tiers], orderCount: orders.size };
}

/**
 * The event's inventory: ONE stream per event holding every exact limit of what it sells (docs/sales.md,
 * docs/decisions/cross-module-facts.md section 2). These are the recorded shapes; changing one is a migration.
 */

export const inventoryStream = (eventId: string): string => `inventory-${eventId}`;

/** One line of a hold: units of a ticket, and of one of its price tiers when the ticket is tiered. */
export interface HoldLine {
  ticketId: string;
  tierId: string | null;
  quantity: number;
}

/** A per-ticket limit of one order, as the catalogue defines it when the hold is placed. */
export interface PerOrderLimit {
  min: number;
  /** null: no maximum. */
  max: number | null;
}

/** Mirrors of the catalogue's definitions (null quantity: unlimited). */
export type TicketStockDefined = {
  type: 'TicketStockDefined';
  data: { eventId: string; ticketId: string; quantity: number | null; definedAt: string };
};
export type TierStockDefined = {
  type: 'TierStockDefined';
  data: { eventId: string; ticketId: string; tierId: string; quantity: number | null; definedAt: string };
};
export type CapacityDefined = {
  type: 'CapacityDefined';
  data: {
    eventId: string;
    capacityAssignmentId: string;
    capacity: number;
    ticketIds: string[];
    enabled: boolean;
    definedAt: string;
  };
};
export type PromoCapDefined = {
  type: 'PromoCapDefined';
  data: { eventId: string; promoCodeId: string; maxUses: number | null; definedAt: string };
};

export type HoldPlaced = {
  type: 'HoldPlaced';
  data: {
    eventId: string;
    holdId: string;
    orderId: string;
    lines: HoldLine[];
    promoCodeId: string | null;
    placedAt: string;
    expiresAt: string;
  };
};
/**
 * Which anonymous client asked for a hold, recorded beside its `HoldPlaced` in the same append so the inventory can
 * count one client's open holds exactly. The key is a small bucket of a hash of the event and the client's
 * network (services/sales/orders/reservationLimits.ts `holdClientKey`), never an address.
 */
export type HoldClientNoted = {
  type: 'HoldClientNoted';
  data: { eventId: string; holdId: string; clientKey: string };
};
export type HoldExtended = {
  type: 'HoldExtended';
  data: { eventId: string; holdId: string; expiresAt: string; extendedAt: string };
};
export type HoldReleased = {
  type: 'HoldReleased';
  data: { eventId: string; holdId: string; releasedAt: string };
};
/** The order was completed: the held units are sold. `afterExpiry` records a late conversion (issue 13). */
export type HoldConverted = {
  type: 'HoldConverted';
  data: { eventId: string; holdId: string; orderId: string; afterExpiry: boolean; convertedAt: string };
};
/** A cancellation or refund: sold units of a converted hold come back. */
export type StockReturned = {
  type: 'StockReturned';
  data: { eventId: string; holdId: string; returnId: string; lines: HoldLine[]; returnedAt: string };
};

/**
 * A waiting-list entry now waits for units (docs/waiting-list.md): while it waits, the units it asks for are owed
 * to it and refused to the public; an offer hold for it takes its demand away.
 */
export type WaitingDemandAdded = {
  type: 'WaitingDemandAdded';
  data: { eventId: string; entryId: string; line: HoldLine; addedAt: string };
};
/** The entry no longer waits: it was offered units (a hold), left or was removed. */
export type WaitingDemandRemoved = {
  type: 'WaitingDemandRemoved';
  data: { eventId: string; entryId: string; removedAt: string };
};

export type InventoryEvent =
  | TicketStockDefined
  | TierStockDefined
  | CapacityDefined
  | PromoCapDefined
  | HoldPlaced
  | HoldClientNoted
  | HoldExtended
  | HoldReleased
  | HoldConverted
  | StockReturned
  | WaitingDemandAdded
  | WaitingDemandRemoved;

export const inventoryEventTypes: readonly InventoryEvent['type'][] = [
  'TicketStockDefined',
  'TierStockDefined',
  'CapacityDefined',
  'PromoCapDefined',
  'HoldPlaced',
  'HoldClientNoted',
  'HoldExtended',
  'HoldReleased',
  'HoldConverted',
  'StockReturned',
  'WaitingDemandAdded',
  'WaitingDemandRemoved',
];

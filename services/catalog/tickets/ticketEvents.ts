/**
 * What an event sells (spec sections 3 and 4 "Ticket"). One stream per ticket, `ticket-<id>`, and one per event
 * for the organizer's sort order, `ticket-order-<eventId>`. Money is in integer minor units of the event's
 * currency. These are the recorded shapes; changing one is a migration.
 */

export const ticketStream = (ticketId: string): string => `ticket-${ticketId}`;
export const ticketOrderStream = (eventId: string): string => `ticket-order-${eventId}`;

/** PAID: a fixed price; FREE; DONATION: the buyer chooses at least a minimum; TIERED: price tiers. */
export type TicketType = 'PAID' | 'FREE' | 'DONATION' | 'TIERED';
export const ticketTypes: readonly TicketType[] = ['PAID', 'FREE', 'DONATION', 'TIERED'];

export interface PriceTier {
  tierId: string;
  label: string;
  price: number;
  hidden: boolean;
  /** null: unlimited (the ticket's own quantity and capacity assignments still apply). */
  quantity: number | null;
}

export interface TicketDetails {
  type: TicketType;
  title: string;
  /** Sanitised HTML (the route sanitises before the command). */
  description: string | null;
  /** PAID: the price; FREE: 0; DONATION and TIERED: null. */
  price: number | null;
  /** DONATION only: the least a buyer may give. */
  minimumPrice: number | null;
  /** TIERED only (at least one); empty otherwise. */
  tiers: PriceTier[];
  /** null: unlimited. */
  quantity: number | null;
  minPerOrder: number;
  /** null: no maximum. */
  maxPerOrder: number | null;
  /** UTC instants as ISO strings; null: no limit. */
  saleStart: string | null;
  saleEnd: string | null;
  hidden: boolean;
  hideBeforeSaleStart: boolean;
  hideAfterSaleEnd: boolean;
  hideWhenSoldOut: boolean;
  /** Shown only to a buyer whose promo code applies to it. */
  hiddenUnlessPromoCode: boolean;
  showQuantityRemaining: boolean;
  collapseOnLoad: boolean;
  /** The account's taxes and fees applied to this ticket, in the order they were chosen. */
  taxAndFeeIds: string[];
}

export type TicketCreated = {
  type: 'TicketCreated';
  data: TicketDetails & { eventId: string; ticketId: string; createdAt: string };
};
export type TicketUpdated = {
  type: 'TicketUpdated';
  data: { eventId: string; ticketId: string; changes: Partial<TicketDetails>; updatedAt: string };
};
export type TicketSalesPaused = {
  type: 'TicketSalesPaused';
  data: { eventId: string; ticketId: string; pausedAt: string };
};
export type TicketSalesResumed = {
  type: 'TicketSalesResumed';
  data: { eventId: string; ticketId: string; resumedAt: string };
};
export type TicketDeleted = {
  type: 'TicketDeleted';
  data: { eventId: string; ticketId: string; deletedAt: string };
};

/** The ticket's waiting list (docs/waiting-list.md): switched on or off, and how long an offer holds the units. */
export interface TicketWaitingList {
  enabled: boolean;
  offerHours: number;
}
export const DEFAULT_WAITING_OFFER_HOURS = 24;
export type TicketWaitingListSet = {
  type: 'TicketWaitingListSet';
  data: { eventId: string; ticketId: string; enabled: boolean; offerHours: number; setAt: string };
};

export type TicketEvent =
  | TicketCreated
  | TicketUpdated
  | TicketSalesPaused
  | TicketSalesResumed
  | TicketDeleted
  | TicketWaitingListSet;

export const ticketEventTypes: readonly TicketEvent['type'][] = [
  'TicketCreated',
  'TicketUpdated',
  'TicketSalesPaused',
  'TicketSalesResumed',
  'TicketDeleted',
  'TicketWaitingListSet',
];

/** The organizer's drag-to-sort order of an event's tickets. */
export type TicketsSorted = {
  type: 'TicketsSorted';
  data: { eventId: string; ticketIds: string[]; sortedAt: string };
};
export type TicketOrderEvent = TicketsSorted;
export const ticketOrderEventTypes: readonly TicketOrderEvent['type'][] = ['TicketsSorted'];

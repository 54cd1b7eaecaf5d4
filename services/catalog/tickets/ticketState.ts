import type { TicketDetails } from './ticketEvents';

/** The states of spec section 4 "Ticket". */
export type TicketSaleState = 'ON_SALE' | 'SOLD_OUT' | 'NOT_ON_SALE' | 'SALE_ENDED' | 'HIDDEN' | 'PAUSED';
/** What a buyer may see besides: the ticket costs money and the seller cannot take any yet. */
export type PublicTicketSaleState = TicketSaleState | 'PAYMENT_SETUP_INCOMPLETE';

export interface TicketAvailability {
  /** Units a buyer could still reserve (every limit applied: the inventory's `remainingAt`); null: unlimited. */
  remaining: number | null;
  /** The same per price tier of a tiered ticket. */
  tiers?: Readonly<Record<string, number | null>>;
}

/**
 * The most of one ticket an order may take when the organizer leaves the maximum empty: without one, a single
 * reservation could hold up to the order line's limit (1,000) of it. It matches the most the public quantity
 * list offers; an organizer who wants more sets the maximum.
 */
export const DEFAULT_MAX_PER_ORDER = 10;

/** The maximum per order a reservation is held to: the organizer's, else the default (never below the minimum). */
export function maxPerOrderOf(ticket: Pick<TicketDetails, 'minPerOrder' | 'maxPerOrder'>): number {
  return ticket.maxPerOrder ?? Math.max(DEFAULT_MAX_PER_ORDER, ticket.minPerOrder);
}

type SellableTicket = Pick<TicketDetails, 'hidden' | 'saleStart' | 'saleEnd' | 'type' | 'tiers'> & {
  salesPaused: boolean;
};

function soldOut(ticket: SellableTicket, availability: TicketAvailability): boolean {
  if (availability.remaining === 0) return true;
  if (ticket.type !== 'TIERED') return false;
  const visible = ticket.tiers.filter((tier) => !tier.hidden);
  // A tier the inventory does not report yet counts as available: the listing never claims a sell-out it cannot see.
  return visible.length > 0 && visible.every((tier) => availability.tiers?.[tier.tierId] === 0);
}

/**
 * The one state shown for a ticket, first match wins: the organizer's own choices (hidden, paused) come before
 * the calendar (sale ended, not on sale yet), which comes before the stock (sold out).
 */
export function ticketState(
  ticket: SellableTicket,
  now: Date,
  availability: TicketAvailability,
): TicketSaleState {
  if (ticket.hidden) return 'HIDDEN';
  if (ticket.salesPaused) return 'PAUSED';
  const at = now.getTime();
  if (ticket.saleEnd !== null && at >= Date.parse(ticket.saleEnd)) return 'SALE_ENDED';
  if (ticket.saleStart !== null && at < Date.parse(ticket.saleStart)) return 'NOT_ON_SALE';
  if (soldOut(ticket, availability)) return 'SOLD_OUT';
  return 'ON_SALE';
}

/**
 * Whether a buyer sees the ticket on the public page: never when hidden; not before the sale if
 * `hideBeforeSaleStart`, not after it if `hideAfterSaleEnd`, not when sold out if `hideWhenSoldOut`; a
 * promo-only ticket only when the buyer's promo code applies to it.
 */
export function shownToBuyer(
  ticket: SellableTicket &
    Pick<
      TicketDetails,
      'hideBeforeSaleStart' | 'hideAfterSaleEnd' | 'hideWhenSoldOut' | 'hiddenUnlessPromoCode'
    >,
  now: Date,
  availability: TicketAvailability,
  promoCodeApplies: boolean,
): boolean {
  if (ticket.hiddenUnlessPromoCode && !promoCodeApplies) return false;
  switch (ticketState(ticket, now, availability)) {
    case 'HIDDEN':
      return false;
    case 'NOT_ON_SALE':
      return !ticket.hideBeforeSaleStart;
    case 'SALE_ENDED':
      return !ticket.hideAfterSaleEnd;
    case 'SOLD_OUT':
      return !ticket.hideWhenSoldOut;
    case 'PAUSED':
    case 'ON_SALE':
      return true;
  }
}

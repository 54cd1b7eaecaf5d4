import type { ApiResponse } from '../../shared/api/contract.gen';
import { parseAmount } from '../../shared/forms/amount';

/**
 * The public catalogue's tickets (`tickets` of `GET /api/public/events/{id}`, services/catalog/tickets/
 * ticketSchemas.ts `publicTicketResponseSchema`) and what a buyer picks from them, turned into the order request
 * the checkout takes.
 */
export type PublicTicket = ApiResponse<'GET /public/events/{id}'>['data']['tickets'][number];
/**
 * A price of a ticket (one per tier); `amount` is the headline: before taxes and fees (EXCLUSIVE) or all in
 * (INCLUSIVE); a donation's minimum.
 */
export type PublicPrice = PublicTicket['prices'][number];
/** `PAYMENT_SETUP_INCOMPLETE`: the ticket costs money and the seller cannot take payments yet. */
export type SaleState = PublicTicket['state'];

export interface Pick {
  quantity: number;
  amount?: string;
}
/** Keyed by `optionKey`. */
export type Selection = Record<string, Pick>;

/** `POST /api/public/events/{eventId}/orders`: amounts in minor units. */
export interface OrderRequest {
  lines: { ticketId: string; tierId?: string; quantity: number; amount?: number }[];
  promoCode?: string;
}

/** The most a quantity list offers when neither the organizer's maximum nor a shown remainder limits it. */
export const DEFAULT_MAX_QUANTITY = 10;

export function optionKey(ticketId: string, tierId: string | null): string {
  return tierId === null ? ticketId : `${ticketId}:${tierId}`;
}

/** The least a donation may be, as the buyer types it (the headline price may include taxes and fees). */
export function donationMinimum(ticket: PublicTicket, price: PublicPrice): number {
  return ticket.minimum_price ?? price.amount;
}

/** Whether a buyer can choose this ticket (or tier) now. */
export function isBuyable(ticket: PublicTicket, price: PublicPrice): boolean {
  return ticket.state === 'ON_SALE' && !price.sold_out;
}

/**
 * The quantities a buyer may choose: 0, then the ticket's minimum per order up to its maximum, the remainder
 * when it is shown (the tier's, else the ticket's) and `DEFAULT_MAX_QUANTITY`, whichever is least.
 */
export function quantityChoices(ticket: PublicTicket, price: PublicPrice): number[] {
  if (!isBuyable(ticket, price)) return [0];
  const limits = [ticket.max_per_order, price.remaining, ticket.remaining, DEFAULT_MAX_QUANTITY].filter(
    (limit): limit is number => limit !== null,
  );
  const max = Math.min(...limits);
  const min = Math.max(1, ticket.min_per_order);
  const choices = [0];
  for (let quantity = min; quantity <= max; quantity++) choices.push(quantity);
  return choices;
}

/**
 * The buyer's picks that still fit the tickets as the page shows them now: a promo code reprices the page, may
 * unlock a ticket or change what is left, and the buyer's choice must survive it. An option still offered keeps
 * its quantity (and donation amount), lowered to the most it now allows; one no longer offered is dropped.
 */
export function fitSelection(tickets: readonly PublicTicket[], selection: Selection): Selection {
  const fitted: Selection = {};
  for (const ticket of tickets)
    for (const price of ticket.prices) {
      const key = optionKey(ticket.id, price.tier_id);
      const pick = selection[key];
      if (!pick) continue;
      const allowed = quantityChoices(ticket, price).filter((quantity) => quantity <= pick.quantity);
      fitted[key] = { ...pick, quantity: Math.max(0, ...allowed) };
    }
  return fitted;
}

export type SelectionProblem = 'nothing_chosen' | 'donation_below_minimum';

/** What stops the buyer from continuing: nothing chosen, or a donation under its minimum (by option key). */
export function selectionProblems(
  tickets: readonly PublicTicket[],
  selection: Selection,
  exponent: number,
): { problem: SelectionProblem; key?: string }[] {
  const problems: { problem: SelectionProblem; key?: string }[] = [];
  let chosen = 0;
  for (const ticket of tickets) {
    for (const price of ticket.prices) {
      const key = optionKey(ticket.id, price.tier_id);
      const pick = selection[key];
      if (!pick || pick.quantity <= 0) continue;
      chosen += pick.quantity;
      if (ticket.type === 'DONATION') {
        const typed = pick.amount?.trim();
        const minimum = donationMinimum(ticket, price);
        const amount = typed ? parseAmount(typed, exponent) : minimum;
        if (amount === null || amount < minimum) problems.push({ problem: 'donation_below_minimum', key });
      }
    }
  }
  if (chosen === 0) problems.unshift({ problem: 'nothing_chosen' });
  return problems;
}

/**
 * The order request for a selection: one line per ticket or tier chosen, in the page's order; a donation's
 * amount in minor units (its minimum when left empty); the promo code when one applies.
 */
export function toOrderRequest(
  tickets: readonly PublicTicket[],
  selection: Selection,
  exponent: number,
  promoCode: string | null,
): OrderRequest {
  const lines: OrderRequest['lines'] = [];
  for (const ticket of tickets) {
    for (const price of ticket.prices) {
      const pick = selection[optionKey(ticket.id, price.tier_id)];
      if (!pick || pick.quantity <= 0) continue;
      lines.push({
        ticketId: ticket.id,
        ...(price.tier_id === null ? {} : { tierId: price.tier_id }),
        quantity: pick.quantity,
        ...(ticket.type === 'DONATION'
          ? { amount: parseAmount(pick.amount?.trim() || '', exponent) ?? donationMinimum(ticket, price) }
          : {}),
      });
    }
  }
  return { lines, ...(promoCode ? { promoCode } : {}) };
}

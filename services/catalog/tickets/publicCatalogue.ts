import type { Services } from '../../kit/http/context';
import { listEventTickets, type TicketRow } from '../../../projections/tickets';
import { inventoryDecider, promoUsesLeft, remainingAt } from '../../inventory/inventoryDecider';
import { inventoryStream } from '../../inventory/inventoryEvents';
import { priceForDisplay, type DisplayTicket, type Promo, type TaxOrFee } from '../../pricing/pricing';
import type { PriceDisplayMode } from '../events/eventSettings';
import { promoCodeClaimDecider, promoCodeClaimStream } from '../promoCodes/promoCodeClaims';
import {
  promoCodeDecider,
  promoCodeApplies,
  isPromoCodeValid,
  type ExistingPromoCode,
} from '../promoCodes/promoCodeDecider';
import { promoCodeStream } from '../promoCodes/promoCodeEvents';
import { taxDecider } from '../taxes/taxDecider';
import { ticketDecider } from './ticketDecider';
import { ticketStream } from './ticketEvents';
import { taxStream } from '../taxes/taxEvents';
import type { PublicTicket } from './ticketSchemas';
import { maxPerOrderOf, shownToBuyer, ticketState, type TicketAvailability } from './ticketState';

type Reader = Pick<Services, 'db' | 'commands'>;

/**
 * A buyer's promo code of an event, read from its claim stream and its own stream (the promo codes' read model
 * does not exist yet; both streams are cached folded by the command handler). Undefined: no such code, or
 * deleted, or expired.
 */
export async function findValidPromoCode(
  services: Reader,
  eventId: string,
  code: string,
  now: Date,
): Promise<ExistingPromoCode | undefined> {
  const claim = await services.commands.load(promoCodeClaimDecider, promoCodeClaimStream(eventId, code));
  if (claim.state.claimedBy === null) return undefined;
  const { state } = await services.commands.load(promoCodeDecider, promoCodeStream(claim.state.claimedBy));
  if (!state.exists || state.eventId !== eventId || !isPromoCodeValid(state, now)) return undefined;
  return state;
}

/**
 * A promo code the buyer can still use now: valid, and with a use left in the event's inventory, where completed
 * orders and unexpired holds count (the order would be refused `promo_code_exhausted` otherwise). The buyer's own
 * open order (`exceptOrderId`) does not count: a new reservation replaces it, releasing its use first.
 */
export async function findUsablePromoCode(
  services: Reader,
  eventId: string,
  code: string,
  now: Date,
  exceptOrderId?: string,
): Promise<ExistingPromoCode | undefined> {
  const promo = await findValidPromoCode(services, eventId, code, now);
  if (!promo) return undefined;
  const { state } = await services.commands.load(inventoryDecider, inventoryStream(eventId));
  return promoUsesLeft(state, promo.promoCodeId, now, exceptOrderId) === 0 ? undefined : promo;
}

function pricingPromo(code: ExistingPromoCode): Promo {
  return {
    discount:
      code.discountType === 'PERCENT'
        ? { type: 'PERCENTAGE', percent: code.discount ?? 0 }
        : code.discountType === 'FIXED'
          ? { type: 'FIXED', amount: code.discount ?? 0 }
          : { type: 'NONE' },
    appliesTo: code.applicableTicketIds.length === 0 ? 'ALL' : code.applicableTicketIds,
  };
}

/** The switch lives on the ticket's stream (the read model does not carry it); only a sold-out ticket asks. */
async function waitingListOn(services: Reader, ticketId: string): Promise<boolean> {
  const { state } = await services.commands.load(ticketDecider, ticketStream(ticketId));
  return state.exists && state.waitingList.enabled;
}

function displayTicket(row: TicketRow): DisplayTicket {
  const d = row.details;
  switch (d.type) {
    case 'PAID':
      return { id: row.ticketId, type: 'PAID', price: d.price ?? 0 };
    case 'FREE':
      return { id: row.ticketId, type: 'FREE' };
    case 'DONATION':
      return { id: row.ticketId, type: 'DONATION', minimumPrice: d.minimumPrice ?? 0 };
    case 'TIERED':
      return {
        id: row.ticketId,
        type: 'TIERED',
        tiers: d.tiers.filter((tier) => !tier.hidden).map((tier) => ({ id: tier.tierId, price: tier.price })),
      };
  }
}

export interface CatalogueEvent {
  id: string;
  currency: string;
  priceDisplayMode: PriceDisplayMode;
  /** The event's "show available quantity" setting; a ticket's own flag shows its quantity too. */
  showAvailableQuantity: boolean;
}

/**
 * The tickets a buyer may see (spec section 4 "Ticket"; ticketState.ts `shownToBuyer`), in the organizer's
 * order, priced by the one engine in the event's display mode with the taxes and fees each ticket applies,
 * with the remaining quantity where the organizer shows it. Hidden tiers are left out.
 */
export async function publicTickets(
  services: Reader,
  event: CatalogueEvent,
  at: {
    now: Date;
    promoCode?: string | undefined;
    /** The buyer's own open order, whose use of the code does not count (`findUsablePromoCode`). */
    replacingOrderId?: string | undefined;
  },
): Promise<PublicTicket[]> {
  const rows = await listEventTickets(services.db, event.id);
  if (rows.length === 0) return [];
  const { now } = at;
  const [inventory, promoCode] = await Promise.all([
    services.commands.load(inventoryDecider, inventoryStream(event.id)),
    at.promoCode
      ? findUsablePromoCode(services, event.id, at.promoCode, now, at.replacingOrderId)
      : Promise.resolve(undefined),
  ]);
  const remaining = remainingAt(inventory.state, now);
  const taxes = new Map<string, TaxOrFee | null>();
  const taxOf = async (taxId: string): Promise<TaxOrFee | null> => {
    if (!taxes.has(taxId)) {
      const { state } = await services.commands.load(taxDecider, taxStream(taxId));
      taxes.set(
        taxId,
        !state.exists
          ? null
          : state.details.charge.calculation === 'PERCENTAGE'
            ? {
                name: state.details.name,
                kind: state.details.kind,
                calculation: 'PERCENTAGE',
                percent: state.details.charge.rate,
              }
            : {
                name: state.details.name,
                kind: state.details.kind,
                calculation: 'FIXED',
                amount: state.details.charge.amount,
              },
      );
    }
    return taxes.get(taxId) ?? null;
  };

  const shown: PublicTicket[] = [];
  for (const row of rows) {
    const d = row.details;
    const availability: TicketAvailability = {
      remaining: remaining.tickets[row.ticketId] ?? d.quantity,
      tiers: remaining.tiers[row.ticketId] ?? {},
    };
    const ticket = { ...d, salesPaused: row.salesPaused };
    const applies = promoCode !== undefined && promoCodeApplies(promoCode, { ticketId: row.ticketId, now });
    if (!shownToBuyer(ticket, now, availability, applies)) continue;
    const showQuantity = d.showQuantityRemaining || event.showAvailableQuantity;
    const taxesAndFees = (await Promise.all(d.taxAndFeeIds.map(taxOf))).filter(
      (tax): tax is TaxOrFee => tax !== null,
    );
    const prices = priceForDisplay({
      currency: event.currency,
      displayMode: event.priceDisplayMode,
      ticket: displayTicket(row),
      taxesAndFees,
      promo: promoCode && applies ? pricingPromo(promoCode) : null,
    });
    const state = ticketState(ticket, now, availability);
    const anyPriceSoldOut = prices.some(
      (price) => price.tierId !== null && availability.tiers?.[price.tierId] === 0,
    );
    const waitingList =
      state === 'SOLD_OUT' || anyPriceSoldOut ? await waitingListOn(services, row.ticketId) : false;
    shown.push({
      id: row.ticketId,
      type: d.type,
      title: d.title,
      description: d.description,
      state,
      min_per_order: d.minPerOrder,
      max_per_order: maxPerOrderOf(d),
      sale_start: d.saleStart,
      sale_end: d.saleEnd,
      collapse_on_load: d.collapseOnLoad,
      minimum_price: d.type === 'DONATION' ? d.minimumPrice : null,
      price_display_mode: event.priceDisplayMode,
      prices: prices.map((price) => {
        const tierLeft =
          price.tierId === null ? availability.remaining : (availability.tiers?.[price.tierId] ?? null);
        return {
          tier_id: price.tierId,
          label:
            price.tierId === null
              ? null
              : (d.tiers.find((tier) => tier.tierId === price.tierId)?.label ?? null),
          amount: price.amount,
          amount_before_discount: price.amountBeforeDiscount,
          promo_applied: price.promoApplied,
          net: price.breakdown.net,
          taxes: price.breakdown.taxes.map((charge) => ({ name: charge.name, amount: charge.amount })),
          fees: price.breakdown.fees.map((charge) => ({ name: charge.name, amount: charge.amount })),
          total: price.breakdown.total,
          remaining: showQuantity ? tierLeft : null,
          sold_out: tierLeft === 0,
        };
      }),
      remaining: showQuantity ? availability.remaining : null,
      waiting_list: waitingList,
    });
  }
  return shown;
}

/** Whether buying the ticket costs money: a priced ticket or tier (after a promo code), or any donation. */
export function costsMoney(ticket: Pick<PublicTicket, 'type' | 'prices'>): boolean {
  return ticket.type === 'DONATION' || ticket.prices.some((price) => price.total > 0);
}

/** The tickets with those that cost money marked `PAYMENT_SETUP_INCOMPLETE` while on sale. */
export function markPaymentSetupIncomplete(tickets: readonly PublicTicket[]): PublicTicket[] {
  return tickets.map((ticket) =>
    ticket.state === 'ON_SALE' && costsMoney(ticket)
      ? { ...ticket, state: 'PAYMENT_SETUP_INCOMPLETE' }
      : ticket,
  );
}

import { z } from 'zod';
import { route } from '../../kit/http/routeContract';
import { singleLineText } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import { sanitizeOptionalRichText } from '../richText';
import { entityId, entityIdOf } from '../../kit/http/ids';
import { maxTicketDescriptionLength, maxTicketTitleLength, maxTierLabelLength } from './ticketDecider';
import { DEFAULT_WAITING_OFFER_HOURS, ticketTypes, type PriceTier, type TicketDetails } from './ticketEvents';
import type { PublicTicketSaleState, TicketSaleState } from './ticketState';
import { ticketsProjection } from '../../../projections/tickets';

/**
 * The tickets API's requests and responses (zod), and how each request becomes a command. Money is in integer
 * minor units of the event's currency (`price: 1250` is €12.50). Shapes are checked here; the rules of spec
 * section 5 (no negative price, maximum not below minimum, sale end after start, at least one tier) are the
 * decider's, so they hold for every caller and come back as 400 `validation_failed` with field errors.
 */

const isoInstant = z.iso.datetime({
  offset: true,
  message: 'Enter a date and time (ISO 8601, with a time zone offset)',
});
const wholeNumber = z.number().int('Enter a whole number (amounts are in minor units, e.g. cents)');

export const tierSchema = z
  .object({
    /** Absent for a new tier; an existing tier keeps its id (its sales and stock follow the id). */
    tier_id: entityIdOf('tr', 'Not a valid tier id').optional(),
    label: singleLineText().trim().min(1, 'The label is required').max(maxTierLabelLength),
    price: wholeNumber,
    hidden: z.boolean().default(false),
    quantity: wholeNumber.nullable().default(null),
  })
  .strict();

const ticketFields = {
  type: z.enum(ticketTypes as [TicketDetails['type'], ...TicketDetails['type'][]]),
  title: singleLineText()
    .trim()
    .min(1, 'The title is required')
    .max(maxTicketTitleLength, `The title must be under ${maxTicketTitleLength + 1} characters`),
  description: z.string().max(maxTicketDescriptionLength).nullable(),
  price: wholeNumber.nullable(),
  minimum_price: wholeNumber.nullable(),
  tiers: z.array(tierSchema).max(100),
  quantity: wholeNumber.nullable(),
  min_per_order: wholeNumber,
  max_per_order: wholeNumber.nullable(),
  sale_start: isoInstant.nullable(),
  sale_end: isoInstant.nullable(),
  hidden: z.boolean(),
  hide_before_sale_start: z.boolean(),
  hide_after_sale_end: z.boolean(),
  hide_when_sold_out: z.boolean(),
  hidden_unless_promo_code: z.boolean(),
  show_quantity_remaining: z.boolean(),
  collapse_on_load: z.boolean(),
  tax_and_fee_ids: z.array(entityId).max(50),
};

/** `POST /api/events/{eventId}/tickets`: type and title are required; everything else has a default. */
export const createTicketSchema = z
  .object({
    ...ticketFields,
    description: ticketFields.description.default(null),
    price: ticketFields.price.default(null),
    minimum_price: ticketFields.minimum_price.default(null),
    tiers: ticketFields.tiers.default([]),
    quantity: ticketFields.quantity.default(null),
    min_per_order: ticketFields.min_per_order.default(1),
    max_per_order: ticketFields.max_per_order.default(null),
    sale_start: ticketFields.sale_start.default(null),
    sale_end: ticketFields.sale_end.default(null),
    hidden: ticketFields.hidden.default(false),
    hide_before_sale_start: ticketFields.hide_before_sale_start.default(false),
    hide_after_sale_end: ticketFields.hide_after_sale_end.default(false),
    hide_when_sold_out: ticketFields.hide_when_sold_out.default(false),
    hidden_unless_promo_code: ticketFields.hidden_unless_promo_code.default(false),
    show_quantity_remaining: ticketFields.show_quantity_remaining.default(false),
    collapse_on_load: ticketFields.collapse_on_load.default(false),
    // Absent: the account's default taxes and fees apply (the route reads them); `[]`: none.
    tax_and_fee_ids: ticketFields.tax_and_fee_ids.optional(),
  })
  .strict();

/** `PUT /api/events/{eventId}/tickets/{ticketId}`: the fields it names change. */
export const updateTicketSchema = z.object(ticketFields).partial().strict();

/** `PUT /api/events/{eventId}/tickets/sort`: every one of the event's ticket ids, once, in the new order. */
export const sortTicketsSchema = z.object({ ticket_ids: z.array(entityId).max(1000) }).strict();

/** The ticket's waiting list: on or off, and the hours an offer holds the units (the decider checks the range). */
export const ticketWaitingListSchema = z
  .object({ enabled: z.boolean(), offer_hours: z.number().int().default(DEFAULT_WAITING_OFFER_HOURS) })
  .strict();
export const ticketWaitingListResponseSchema = z.object({
  data: z.object({ ticket_id: z.string(), enabled: z.boolean(), offer_hours: z.number().int() }),
});

const instant = (value: string) => new Date(value).toISOString();
const instantOrNull = (value: string | null) => (value === null ? null : instant(value));

function toTiers(tiers: z.infer<typeof tierSchema>[], newTierId: () => string): PriceTier[] {
  return tiers.map((tier) => ({
    tierId: tier.tier_id ?? newTierId(),
    label: tier.label,
    price: tier.price,
    hidden: tier.hidden,
    quantity: tier.quantity,
  }));
}

export function toTicketDetails(
  input: z.infer<typeof createTicketSchema>,
  newTierId: () => string,
): TicketDetails {
  return {
    type: input.type,
    title: input.title,
    description: sanitizeOptionalRichText(input.description) ?? null,
    // A free ticket costs 0; the decider refuses any other price on one.
    price: input.type === 'FREE' ? (input.price ?? 0) : input.price,
    minimumPrice: input.minimum_price,
    tiers: toTiers(input.tiers, newTierId),
    quantity: input.quantity,
    minPerOrder: input.min_per_order,
    maxPerOrder: input.max_per_order,
    saleStart: instantOrNull(input.sale_start),
    saleEnd: instantOrNull(input.sale_end),
    hidden: input.hidden,
    hideBeforeSaleStart: input.hide_before_sale_start,
    hideAfterSaleEnd: input.hide_after_sale_end,
    hideWhenSoldOut: input.hide_when_sold_out,
    hiddenUnlessPromoCode: input.hidden_unless_promo_code,
    showQuantityRemaining: input.show_quantity_remaining,
    collapseOnLoad: input.collapse_on_load,
    taxAndFeeIds: input.tax_and_fee_ids ?? [],
  };
}

/** The fields an update names, as the decider's changes; a tier id the ticket does not have is refused. */
export function toTicketChanges(
  input: z.infer<typeof updateTicketSchema>,
  current: TicketDetails,
  newTierId: () => string,
): Partial<TicketDetails> {
  const changes: Partial<TicketDetails> = {};
  if (input.type !== undefined) changes.type = input.type;
  if (input.title !== undefined) changes.title = input.title;
  if (input.description !== undefined)
    changes.description = sanitizeOptionalRichText(input.description) ?? null;
  if (input.price !== undefined) changes.price = input.price;
  if (input.minimum_price !== undefined) changes.minimumPrice = input.minimum_price;
  if (input.tiers !== undefined) {
    const known = new Set(current.tiers.map((tier) => tier.tierId));
    const unknown = input.tiers.findIndex((tier) => tier.tier_id !== undefined && !known.has(tier.tier_id));
    if (unknown >= 0)
      throw new Refusal('validation_failed', undefined, {
        [`tiers.${unknown}.tier_id`]: ['This ticket has no such tier; leave the id out for a new tier'],
      });
    changes.tiers = toTiers(input.tiers, newTierId);
  }
  if (input.quantity !== undefined) changes.quantity = input.quantity;
  if (input.min_per_order !== undefined) changes.minPerOrder = input.min_per_order;
  if (input.max_per_order !== undefined) changes.maxPerOrder = input.max_per_order;
  if (input.sale_start !== undefined) changes.saleStart = instantOrNull(input.sale_start);
  if (input.sale_end !== undefined) changes.saleEnd = instantOrNull(input.sale_end);
  if (input.hidden !== undefined) changes.hidden = input.hidden;
  if (input.hide_before_sale_start !== undefined) changes.hideBeforeSaleStart = input.hide_before_sale_start;
  if (input.hide_after_sale_end !== undefined) changes.hideAfterSaleEnd = input.hide_after_sale_end;
  if (input.hide_when_sold_out !== undefined) changes.hideWhenSoldOut = input.hide_when_sold_out;
  if (input.hidden_unless_promo_code !== undefined)
    changes.hiddenUnlessPromoCode = input.hidden_unless_promo_code;
  if (input.show_quantity_remaining !== undefined)
    changes.showQuantityRemaining = input.show_quantity_remaining;
  if (input.collapse_on_load !== undefined) changes.collapseOnLoad = input.collapse_on_load;
  if (input.tax_and_fee_ids !== undefined) changes.taxAndFeeIds = input.tax_and_fee_ids;
  if (input.type !== undefined && input.type !== current.type) clearOtherTypesFields(input.type, changes);
  return changes;
}

/**
 * A new type drops what only the old type had, unless the request names it: a free ticket costs 0, only a
 * paid ticket keeps a price, only a donation a minimum, only a tiered ticket its tiers.
 */
function clearOtherTypesFields(type: TicketDetails['type'], changes: Partial<TicketDetails>): void {
  if (changes.price === undefined && type !== 'PAID') changes.price = type === 'FREE' ? 0 : null;
  if (changes.minimumPrice === undefined && type !== 'DONATION') changes.minimumPrice = null;
  if (changes.tiers === undefined && type !== 'TIERED') changes.tiers = [];
}

/** An `:ticketId` that is not a ticket id is an unknown ticket, never a validation error. */
export function ticketIdOrNotFound(value: string | undefined): string {
  const parsed = entityId.safeParse(value);
  if (!parsed.success) throw new Refusal('ticket_not_found');
  return parsed.data;
}

// ---------- responses

const tierResponseSchema = z.object({
  tier_id: z.string(),
  label: z.string(),
  price: z.number().int(),
  hidden: z.boolean(),
  quantity: z.number().int().nullable(),
});

const saleStates: [TicketSaleState, ...TicketSaleState[]] = [
  'ON_SALE',
  'SOLD_OUT',
  'NOT_ON_SALE',
  'SALE_ENDED',
  'HIDDEN',
  'PAUSED',
];

/**
 * A buyer also meets `PAYMENT_SETUP_INCOMPLETE`: a ticket that costs money while the seller can take no payment
 * (no card connection, offline payments off).
 */
const publicSaleStates: [PublicTicketSaleState, ...PublicTicketSaleState[]] = [
  ...saleStates,
  'PAYMENT_SETUP_INCOMPLETE',
];

/** One ticket as the organizer sees it (`data` of the manage routes; a list answers `data: Ticket[]`). */
export const ticketResponseSchema = z.object({
  id: z.string(),
  event_id: z.string(),
  type: z.enum(ticketTypes as [TicketDetails['type'], ...TicketDetails['type'][]]),
  title: z.string(),
  description: z.string().nullable(),
  price: z.number().int().nullable(),
  minimum_price: z.number().int().nullable(),
  tiers: z.array(tierResponseSchema),
  quantity: z.number().int().nullable(),
  min_per_order: z.number().int(),
  max_per_order: z.number().int().nullable(),
  sale_start: z.string().nullable(),
  sale_end: z.string().nullable(),
  hidden: z.boolean(),
  hide_before_sale_start: z.boolean(),
  hide_after_sale_end: z.boolean(),
  hide_when_sold_out: z.boolean(),
  hidden_unless_promo_code: z.boolean(),
  show_quantity_remaining: z.boolean(),
  collapse_on_load: z.boolean(),
  tax_and_fee_ids: z.array(z.string()),
  sales_paused: z.boolean(),
  state: z.enum(saleStates),
  /** What a buyer could still reserve, every limit applied (null: unlimited). */
  remaining: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const ticketListResponseSchema = z.object({ data: z.array(ticketResponseSchema) });

/** One price a buyer sees (minor units); `tier_id` names the tier of a tiered ticket. */
const publicPriceSchema = z.object({
  tier_id: z.string().nullable(),
  label: z.string().nullable(),
  amount: z.number().int(),
  amount_before_discount: z.number().int(),
  promo_applied: z.boolean(),
  net: z.number().int(),
  taxes: z.array(z.object({ name: z.string(), amount: z.number().int() })),
  fees: z.array(z.object({ name: z.string(), amount: z.number().int() })),
  total: z.number().int(),
  /** Shown where the organizer shows quantities; null otherwise or when unlimited. */
  remaining: z.number().int().nullable(),
  sold_out: z.boolean(),
});

/** A ticket of the public catalogue (`tickets` of `GET /api/public/events/{id}`). */
export const publicTicketResponseSchema = z.object({
  id: z.string(),
  type: z.enum(ticketTypes as [TicketDetails['type'], ...TicketDetails['type'][]]),
  title: z.string(),
  description: z.string().nullable(),
  state: z.enum(publicSaleStates),
  min_per_order: z.number().int(),
  max_per_order: z.number().int().nullable(),
  sale_start: z.string().nullable(),
  sale_end: z.string().nullable(),
  collapse_on_load: z.boolean(),
  /** DONATION: the least a buyer may give, as the amount they type (before fees); null otherwise. */
  minimum_price: z.number().int().nullable(),
  price_display_mode: z.enum(['INCLUSIVE', 'EXCLUSIVE']),
  prices: z.array(publicPriceSchema),
  remaining: z.number().int().nullable(),
  /** The organizer switched the ticket's waiting list on: a sold-out ticket (or tier) may be joined. */
  waiting_list: z.boolean(),
});
export type PublicTicket = z.infer<typeof publicTicketResponseSchema>;

const ticketEnvelopeSchema = z.object({ data: ticketResponseSchema });

export const ticketRouteContracts = [
  route({
    method: 'get',
    path: '/events/:id/tickets',
    reads: [ticketsProjection],
    summary: "The event's tickets in their sort order, with what is sold and held",
    response: ticketListResponseSchema,
  }),
  route({
    method: 'post',
    path: '/events/:id/tickets',
    summary: 'Create a ticket (paid, free, donation or tiered); prices in minor units',
    body: createTicketSchema,
    response: ticketEnvelopeSchema,
    status: 201,
  }),
  route({
    method: 'put',
    path: '/events/:id/tickets/sort',
    summary: 'Save the order of the tickets',
    body: sortTicketsSchema,
    response: ticketListResponseSchema,
  }),
  route({
    method: 'get',
    path: '/events/:id/tickets/:ticketId',
    reads: [ticketsProjection],
    summary: 'A ticket',
    response: ticketEnvelopeSchema,
  }),
  route({
    method: 'put',
    path: '/events/:id/tickets/:ticketId',
    summary: 'Change a ticket (its type only while it has no sales)',
    body: updateTicketSchema,
    response: ticketEnvelopeSchema,
  }),
  route({
    method: 'delete',
    path: '/events/:id/tickets/:ticketId',
    summary: 'Delete a ticket (refused once it has orders: hide it)',
    status: 204,
  }),
  route({
    method: 'post',
    path: '/events/:id/tickets/:ticketId/pause',
    summary: 'Pause the sales of a ticket',
    response: ticketEnvelopeSchema,
  }),
  route({
    method: 'post',
    path: '/events/:id/tickets/:ticketId/resume',
    summary: 'Resume the sales of a ticket',
    response: ticketEnvelopeSchema,
  }),
  route({
    method: 'get',
    path: '/events/:id/tickets/:ticketId/waiting-list',
    reads: [],
    summary: "Whether the ticket's waiting list is on, and how many hours an offer holds the units",
    response: ticketWaitingListResponseSchema,
  }),
  route({
    method: 'put',
    path: '/events/:id/tickets/:ticketId/waiting-list',
    summary: "Switch the ticket's waiting list on or off and set how many hours an offer holds the units",
    body: ticketWaitingListSchema,
    response: ticketWaitingListResponseSchema,
  }),
];

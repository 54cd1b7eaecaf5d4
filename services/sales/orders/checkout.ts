import type { CommandContext } from '../../kit/commandHandler';
import type { Services } from '../../kit/http/context';
import { Refusal, refuse, type FieldErrors } from '../../kit/refusal';
import { eventDecider, type ExistingEvent } from '../../catalog/events/eventDecider';
import { eventStream } from '../../catalog/events/eventEvents';
import { findValidPromoCode } from '../../catalog/tickets/publicCatalogue';
import { promoCodeApplies, type ExistingPromoCode } from '../../catalog/promoCodes/promoCodeDecider';
import { normalisePromoCode } from '../../catalog/promoCodes/promoCodeEvents';
import { maxPerOrderOf, ticketState } from '../../catalog/tickets/ticketState';
import { taxDecider } from '../../catalog/taxes/taxDecider';
import { taxStream } from '../../catalog/taxes/taxEvents';
import { listEventTickets, type TicketRow } from '../../../projections/tickets';
import { runChain } from '../../kit/workflow';
import {
  findHold,
  inventoryDecider,
  type Hold,
  type HoldClient,
  type InventoryState,
} from '../../inventory/inventoryDecider';
import { inventoryStream, type HoldLine, type PerOrderLimit } from '../../inventory/inventoryEvents';
import {
  priceOrder,
  type OrderLineInput,
  type Promo,
  type TaxOrFee,
  type TicketPrice,
} from '../../pricing/pricing';
import { orderDecider, isOpen, type ExistingOrder } from './orderDecider';
import { orderStream, type OrderLine, type OrderPlaced } from './orderEvents';
import { abandonPrevious, holdOrder, orderHoldId, orderPlaced, recordOrder } from './orderWorkflows';
import { canTakePaidOrders } from '../../payments/cardReadiness';

type Handler = Pick<Services, 'commands' | 'db' | 'clock' | 'ids' | 'config'> & {
  /** The event's tickets as the catalogue's read model has them; a rush's routes read them through a cache. */
  eventTickets?: (eventId: string) => Promise<readonly TicketRow[]>;
};

export interface RequestedLine {
  ticketId: string;
  tierId?: string | undefined;
  quantity: number;
  amount?: number | undefined;
}

export interface OrderRequest {
  eventId: string;
  lines: readonly RequestedLine[];
  promoCode?: string | undefined;
  affiliateCode?: string | undefined;
  locale: string;
  orderId: string;
  replacesOrderId?: string | undefined;
  /** The anonymous buyer's client and its limit of open holds (reservationLimits.ts); absent: no limit. */
  client?: HoldClient | null | undefined;
  /**
   * A waiting-list offer's hold (docs/waiting-list.md), placed for this order id before the order: the order
   * takes it instead of placing its own, and runs out when it does.
   */
  offerHoldId?: string | undefined;
}

/** The event a buyer may order from: live, or `event_not_found` / `event_not_available`. */
export async function liveEvent(
  services: Pick<Services, 'commands'>,
  eventId: string,
): Promise<ExistingEvent> {
  const { state } = await services.commands.load(eventDecider, eventStream(eventId));
  if (!state.exists) refuse('event_not_found');
  if (state.status !== 'LIVE') refuse('event_not_available');
  return state;
}

export async function loadOrder(
  services: Pick<Services, 'commands'>,
  orderId: string,
): Promise<ExistingOrder | null> {
  const { state } = await services.commands.load(orderDecider, orderStream(orderId));
  return state.exists ? state : null;
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

async function taxesOf(services: Pick<Services, 'commands'>, ids: readonly string[]): Promise<TaxOrFee[]> {
  const taxes: TaxOrFee[] = [];
  for (const taxId of ids) {
    const { state } = await services.commands.load(taxDecider, taxStream(taxId));
    if (!state.exists) continue;
    const { name, kind, charge } = state.details;
    taxes.push(
      charge.calculation === 'PERCENTAGE'
        ? { name, kind, calculation: 'PERCENTAGE', percent: charge.rate }
        : { name, kind, calculation: 'FIXED', amount: charge.amount },
    );
  }
  return taxes;
}

interface CheckedLine {
  line: RequestedLine;
  row: TicketRow;
  tierId: string | null;
  tierLabel: string | null;
  price: TicketPrice;
}

/**
 * The catalogue's rules at reservation time (the listing's rules, enforced again here): every ticket is the
 * event's, visible to this buyer and on sale now; a tiered ticket names one of its visible tiers, another
 * names none; only a donation carries an amount. The exact limits (quantities, capacity, promo uses, per-order
 * minimum and maximum) are the inventory's, decided by its own stream.
 */
function checkLines(
  rows: readonly TicketRow[],
  lines: readonly RequestedLine[],
  promo: ExistingPromoCode | undefined,
  now: Date,
): CheckedLine[] {
  const byId = new Map(rows.map((row) => [row.ticketId, row]));
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  const checked: CheckedLine[] = [];
  lines.forEach((line, index) => {
    const field = (name: string, message: string) => (errors[`lines.${index}.${name}`] = [message]);
    const row = byId.get(line.ticketId);
    // A ticket of another event answers like an unknown one.
    if (!row)
      throw new Refusal('ticket_not_found', undefined, {
        [`lines.${index}.ticket_id`]: ['No such ticket in this event'],
      });
    const d = row.details;
    const key = `${line.ticketId}/${line.tierId ?? ''}`;
    if (seen.has(key)) field('ticket_id', 'This ticket is already in the order');
    seen.add(key);
    const applies = promo !== undefined && promoCodeApplies(promo, { ticketId: row.ticketId, now });
    const state = ticketState({ ...d, salesPaused: row.salesPaused }, now, { remaining: null });
    if (state !== 'ON_SALE' || (d.hiddenUnlessPromoCode && !applies))
      throw new Refusal(
        'ticket_not_on_sale',
        undefined,
        { [`lines.${index}.ticket_id`]: ['This ticket is not on sale'] },
        {
          ticket_id: row.ticketId,
          state: d.hiddenUnlessPromoCode && !applies ? 'PROMO_ONLY' : state,
        },
      );
    let tierId: string | null = null;
    let tierLabel: string | null = null;
    let price: TicketPrice;
    if (d.type === 'TIERED') {
      const tier = d.tiers.find((candidate) => candidate.tierId === line.tierId && !candidate.hidden);
      if (!tier)
        throw new Refusal('tier_not_found', undefined, {
          [`lines.${index}.tier_id`]: ['Choose one of the ticket’s price tiers'],
        });
      tierId = tier.tierId;
      tierLabel = tier.label;
      price = { type: 'TIERED', unitPrice: tier.price };
    } else {
      if (line.tierId !== undefined) field('tier_id', 'This ticket has no price tiers');
      price =
        d.type === 'PAID'
          ? { type: 'PAID', unitPrice: d.price ?? 0 }
          : d.type === 'FREE'
            ? { type: 'FREE' }
            : { type: 'DONATION', amount: line.amount ?? -1, minimum: d.minimumPrice ?? 0 };
    }
    if (d.type === 'DONATION' && line.amount === undefined)
      field('amount', 'Enter the amount you want to give');
    if (d.type !== 'DONATION' && line.amount !== undefined)
      field('amount', 'Only a donation ticket takes an amount');
    checked.push({ line, row, tierId, tierLabel, price });
  });
  if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
  return checked;
}

/**
 * Whether a request asks for exactly the order recorded under its id: the same lines in the same order
 * (ticket, tier, quantity, a donation's amount), promo code (as codes compare: trimmed, any case), affiliate
 * code and language. `replaces_order_id` is about another order and is not compared (a retry may name it
 * through the cookie the first answer set).
 */
async function asksForRecordedOrder(
  services: Handler,
  placed: OrderPlaced['data'],
  request: OrderRequest,
): Promise<boolean> {
  const sameLines =
    placed.lines.length === request.lines.length &&
    placed.lines.every((line, index) => {
      const asked = request.lines[index];
      return (
        asked !== undefined &&
        asked.ticketId === line.ticketId &&
        (asked.tierId ?? null) === line.tierId &&
        asked.quantity === line.quantity
      );
    });
  const code = (value: string | null | undefined) => (value ? normalisePromoCode(value) : null);
  // An order whose code gained it nothing records none (no use is counted): the same request names it again.
  const sameCode =
    code(request.promoCode) === code(placed.promoCode) ||
    (placed.promoCode === null && placed.totals.discountTotal === 0);
  if (
    !sameLines ||
    !sameCode ||
    (request.affiliateCode ?? null) !== placed.affiliateCode ||
    request.locale !== placed.locale
  )
    return false;
  // A donation's amount is the line's base price per unit (no promo code discounts a donation); no other
  // line carries an amount.
  const rows = await (services.eventTickets?.(placed.eventId) ??
    listEventTickets(services.db, placed.eventId));
  const donations = new Set(rows.filter((row) => row.details.type === 'DONATION').map((row) => row.ticketId));
  return placed.lines.every((line, index) => {
    const amount = request.lines[index]?.amount;
    return donations.has(line.ticketId)
      ? amount !== undefined && amount * line.quantity === line.base
      : amount === undefined;
  });
}

function sameHold(hold: Hold, lines: readonly HoldLine[], promoCodeId: string | null): boolean {
  return (
    hold.promoCodeId === promoCodeId &&
    hold.lines.length === lines.length &&
    hold.lines.every((line, index) => {
      const asked = lines[index];
      return (
        asked !== undefined &&
        asked.ticketId === line.ticketId &&
        asked.tierId === line.tierId &&
        asked.quantity === line.quantity
      );
    })
  );
}

/**
 * A request whose order id is taken: the same request again (a retry, a double click) answers the order
 * recorded; a different one is refused like a reused `Idempotency-Key` (docs/decisions/idempotency.md), so a
 * client never mistakes another order for its own. Another event's order id is unknown here.
 */
async function replayOf(services: Handler, recorded: ExistingOrder, request: OrderRequest) {
  if (recorded.placed.eventId !== request.eventId) refuse('order_not_found');
  if (!(await asksForRecordedOrder(services, recorded.placed, request)))
    refuse('order_id_reused', undefined, {
      order_id: ['This order id was already used for a different order'],
    });
  return { orderId: request.orderId, position: null, read: {} };
}

/**
 * The checkout's reservation (docs/orders.md, cross-module-facts section 4): ids are chosen first, the hold is
 * placed in `inventory-<eventId>` (the only step someone else can refuse), then the order is recorded. A
 * replay of the same request with the same order id answers the order already recorded (another request with
 * that id is `order_id_reused`); the hold id derives from the order id, so a replay that died between the two
 * appends places nothing twice.
 */
export async function placeOrder(
  services: Handler,
  context: CommandContext,
  request: OrderRequest,
): Promise<{
  orderId: string;
  /** null: the order was already recorded (a replay). */ position: bigint | null;
  /** What the reservation read and recorded, for its answer (none for a replay). */
  read: { event?: ExistingEvent; placed?: OrderPlaced['data'] };
}> {
  const existing = await loadOrder(services, request.orderId);
  if (existing) return replayOf(services, existing, request);
  const now = services.clock.now();
  const event = await liveEvent(services, request.eventId);
  const [rows, promo] = await Promise.all([
    services.eventTickets?.(request.eventId) ?? listEventTickets(services.db, request.eventId),
    request.promoCode
      ? findValidPromoCode(services, request.eventId, request.promoCode, now)
      : Promise.resolve(undefined),
  ]);
  if (request.promoCode && !promo)
    refuse('promo_code_invalid', undefined, { promo_code: ['That promo code is invalid'] });
  const checked = checkLines(rows, request.lines, promo, now);

  const lineInputs: OrderLineInput[] = [];
  for (const { line, row, tierId, price } of checked)
    lineInputs.push({
      ticketId: row.ticketId,
      tierId,
      quantity: line.quantity,
      price,
      taxesAndFees: await taxesOf(services, row.details.taxAndFeeIds),
    });
  const priced = priceOrder({
    currency: event.details.currency,
    displayMode: event.settings.priceDisplayMode,
    lines: lineInputs,
    promo: promo ? pricingPromo(promo) : null,
  });
  // The order uses the code only when it gains from it: a discount, or a ticket shown only with the code (checkLines
  // let it in because the code applies). A code that changes nothing is left off, and no use of it is counted.
  const used =
    promo !== undefined &&
    (priced.discountTotal > 0 || checked.some(({ row }) => row.details.hiddenUnlessPromoCode))
      ? promo
      : undefined;

  if (
    priced.total > 0 &&
    !(await canTakePaidOrders(services.commands, services.config.payments, {
      accountId: event.accountId,
      offlinePaymentsEnabled: event.settings.offlinePaymentsEnabled,
    }))
  )
    refuse('payment_setup_incomplete');

  const perOrderLimits: Record<string, PerOrderLimit> = {};
  for (const { row } of checked)
    perOrderLimits[row.ticketId] = { min: row.details.minPerOrder, max: maxPerOrderOf(row.details) };
  const holdLines: HoldLine[] = checked.map(({ line, row, tierId }) => ({
    ticketId: row.ticketId,
    tierId,
    quantity: line.quantity,
  }));

  let expiresAt: Date;
  const promoCodeId = used?.promoCodeId ?? null;
  if (request.offerHoldId !== undefined) {
    const { state: inventory } = await services.commands.load(
      inventoryDecider,
      inventoryStream(request.eventId),
    );
    const offered = findHold(inventory, request.offerHoldId);
    if (!offered || offered.orderId !== request.orderId) refuse('hold_not_found');
    if (offered.status !== 'HELD' || offered.expiresAt <= now.getTime()) refuse('waiting_offer_expired');
    if (!sameHold(offered, holdLines, promoCodeId))
      refuse('validation_failed', undefined, { lines: ['The order must take the offered tickets'] });
    expiresAt = new Date(offered.expiresAt);
  } else {
    // The buyer's previous order for this event gives its tickets back before the new hold is decided.
    if (request.replacesOrderId && request.replacesOrderId !== request.orderId)
      await abandonOrder(services, context, request.replacesOrderId, request.eventId, request.orderId);

    expiresAt = new Date(now.getTime() + event.settings.orderTimeoutMinutes * 60_000);
    const held = await runChain(
      services.commands,
      [
        holdOrder({
          eventId: request.eventId,
          orderId: request.orderId,
          lines: holdLines,
          promoCodeId,
          perOrderLimits,
          client: request.client ?? null,
          expiresAt,
          now,
        }),
      ],
      context,
    );
    // Held already by a concurrent request with this id: the order recorded must be the one its hold holds.
    const inventory = held.states.get('hold') as InventoryState;
    const hold = held.position === null ? findHold(inventory, orderHoldId(request.orderId)) : undefined;
    if (hold && !sameHold(hold, holdLines, promoCodeId))
      refuse('order_id_reused', undefined, {
        order_id: ['This order id was already used for a different order'],
      });
  }

  const lines: OrderLine[] = priced.lines.map((line, index) => {
    const source = checked[index];
    return {
      ticketId: line.ticketId,
      tierId: line.tierId,
      ticketTitle: source?.row.details.title ?? '',
      tierLabel: source?.tierLabel ?? null,
      quantity: line.quantity,
      unitPrice: line.unit.price,
      base: line.base,
      discount: line.discount,
      price: line.price,
      feeTotal: line.feeTotal,
      taxTotal: line.taxTotal,
      total: line.total,
      taxes: line.taxes.map((tax) => ({ name: tax.name, amount: tax.amount })),
      fees: line.fees.map((fee) => ({ name: fee.name, amount: fee.amount })),
    };
  });
  const attendees = holdLines.flatMap((line) =>
    Array.from({ length: line.quantity }, () => ({
      attendeeId: services.ids.entity('at'),
      shortId: services.ids.shortId(),
      ticketId: line.ticketId,
      tierId: line.tierId,
    })),
  );
  const order = orderPlaced({
    eventId: request.eventId,
    orderId: request.orderId,
    accountId: event.accountId,
    shortId: services.ids.shortId(),
    locale: request.locale,
    promoCodeId,
    promoCode: used ? used.code : null,
    affiliateCode: request.affiliateCode ?? null,
    currency: priced.currency,
    displayMode: priced.displayMode,
    lines,
    totals: {
      subtotal: priced.subtotal,
      discountTotal: priced.discountTotal,
      feeTotal: priced.feeTotal,
      taxTotal: priced.taxTotal,
      total: priced.total,
      taxes: priced.taxes.map((tax) => ({ name: tax.name, amount: tax.amount })),
      fees: priced.fees.map((fee) => ({ name: fee.name, amount: fee.amount })),
    },
    attendees,
    expiresAt,
    now,
    ...(request.offerHoldId === undefined ? {} : { holdId: request.offerHoldId }),
  });
  const { position } = await runChain(services.commands, [recordOrder(order)], context);
  if (position !== null) return { orderId: request.orderId, position, read: { event, placed: order } };
  // A concurrent request with this id recorded its order first: answered only if it asked for the same.
  const recorded = await loadOrder(services, request.orderId);
  if (!recorded) refuse('try_again');
  return replayOf(services, recorded, request);
}

/** Releases an open order's hold and records it abandoned; anything else about it is left alone. */
export async function abandonOrder(
  services: Handler,
  context: CommandContext,
  orderId: string,
  eventId: string,
  replacedBy: string,
): Promise<void> {
  const previous = await loadOrder(services, orderId);
  if (!previous || previous.placed.eventId !== eventId || !isOpen(previous.status)) return;
  await runChain(services.commands, abandonPrevious(previous, replacedBy, services.clock.now()), context);
}

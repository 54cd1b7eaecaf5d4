import { step, type AnyStep, type ChainOutcome } from '../../kit/workflow';
import { Refusal, isRefusal } from '../../kit/refusal';
import type { ReasonCode } from '../../kit/reasons';
import {
  findHold,
  inventoryDecider,
  type ExtendHold,
  type InventoryState,
  type HoldClient,
  type InventoryCommand,
} from '../../inventory/inventoryDecider';
import { inventoryStream, type HoldLine, type PerOrderLimit } from '../../inventory/inventoryEvents';
import {
  attendeeHoldId,
  nextCancellationReturnId,
  nextReactivationHoldId,
  orderDecider,
  type AttendeeState,
  type CancelAttendee,
  type CancelOrder,
  type CompleteOrder,
  type CreateManualOrder,
  type ExistingOrder,
  type ExtendOrder,
  type OrderCommand,
  type OrderState,
  type ReactivateAttendee,
} from './orderDecider';
import { orderStream, type OrderAttendee, type OrderPlaced } from './orderEvents';
import { orderPaymentDecider, type AcceptCardPayment } from './orderPaymentDecider';

/**
 * The order's commands over several streams (docs/decisions/workflows.md): which steps, in which order, with
 * which ids. Rules stay in orderDecider and the inventory; routes run these chains through `execute`, the
 * checkout through `runChain`. The inventory's step comes first (it is the one another request can take from
 * us), the order's follows; the order's command is decided before the inventory's, so a refused order command
 * returns or takes no stock.
 */

/** The hold of an order's checkout: derived from the order id, so a retry or the keeper finds it in the log. */
export const orderHoldId = (orderId: string): string => `ho_${orderId.replaceAll('-', '')}`;

/** How long a member's hold (a manual attendee, a reactivation) would count if it were not converted at once. */
const memberHoldMillis = 15 * 60_000;

export type NewOrder = Omit<OrderPlaced['data'], 'reference' | 'holdId' | 'expiresAt' | 'placedAt'> & {
  expiresAt: Date;
  now: Date;
  /** A hold placed before the order (a waiting-list offer, docs/waiting-list.md); else the order's own. */
  holdId?: string;
};

/** The one builder of a placed order: its reference and hold id derive from its short id and id. */
export function orderPlaced(order: NewOrder): OrderPlaced['data'] {
  return {
    eventId: order.eventId,
    orderId: order.orderId,
    accountId: order.accountId,
    shortId: order.shortId,
    reference: order.shortId.slice(-8).toUpperCase(),
    holdId: order.holdId ?? orderHoldId(order.orderId),
    locale: order.locale,
    promoCodeId: order.promoCodeId,
    promoCode: order.promoCode,
    affiliateCode: order.affiliateCode,
    currency: order.currency,
    displayMode: order.displayMode,
    lines: order.lines,
    totals: order.totals,
    attendees: order.attendees,
    expiresAt: order.expiresAt.toISOString(),
    placedAt: order.now.toISOString(),
  };
}

/**
 * Whether an order command changes the order, decided against the order as loaded: throws the order's refusal.
 * The inventory steps of a chain ask it first, so the order's refusal comes before any inventory's.
 */
export function predict(order: OrderState, command: OrderCommand): boolean {
  return orderDecider.decide(command, order).length > 0;
}

/** The order's own step of a chain (the last one); a chain of one step for a command on the order alone. */
export const orderStep = (orderId: string, command: OrderCommand): AnyStep =>
  step({ name: 'order', decider: orderDecider, stream: orderStream(orderId), command });

/** Whether the chain's order step appended (else a repeat, or a concurrent request decided it first). */
export const orderChanged = (outcome: ChainOutcome): boolean =>
  (outcome.results.get('order')?.events.length ?? 0) > 0;

/**
 * An inventory step taken only when the order's own command changes the order (`predict`); `undo` names what
 * gives its units back when a later step of the chain loses a race.
 */
const inventoryStep = (
  name: string,
  order: { state: OrderState; command: OrderCommand },
  eventId: string,
  command: () => InventoryCommand,
  undo?: { name: string; command: InventoryCommand },
): AnyStep =>
  step({
    name,
    decider: inventoryDecider,
    stream: inventoryStream(eventId),
    command: () => (predict(order.state, order.command) ? command() : null),
    ...(undo
      ? {
          compensate: () =>
            step({
              name: undo.name,
              decider: inventoryDecider,
              stream: inventoryStream(eventId),
              command: undo.command,
            }),
        }
      : {}),
  });

/**
 * A hold placed and converted at once: a member takes stock exactly (`sold_out` / `capacity_exceeded`). When the
 * order's own step then loses a race (the order was cancelled meanwhile), the units go back: the sale is returned
 * and the hold released (each quiet when there is nothing to undo).
 */
function takeStock(
  order: { state: OrderState; command: OrderCommand },
  take: { eventId: string; orderId: string; holdId: string; lines: readonly HoldLine[]; now: Date },
): AnyStep[] {
  const { eventId, orderId, holdId, lines, now } = take;
  return [
    inventoryStep(
      'hold',
      order,
      eventId,
      () => ({
        type: 'PlaceHold',
        eventId,
        holdId,
        orderId,
        lines,
        now,
        expiresAt: new Date(now.getTime() + memberHoldMillis),
        perOrderLimits: {},
      }),
      { name: 'release-hold', command: { type: 'ReleaseHold', eventId, holdId, now } },
    ),
    inventoryStep(
      'convert-hold',
      order,
      eventId,
      () => ({ type: 'ConvertHold', eventId, holdId, orderId, now }),
      {
        name: 'return-stock',
        command: { type: 'ReturnStock', eventId, holdId, returnId: `undo-${holdId}`, now },
      },
    ),
  ];
}

// ---------- the checkout

/**
 * The checkout's reservation, the only step someone else can refuse. Appended alone, before the order: a
 * concurrent request with the same order id may have placed this hold, and the order recorded must be the one
 * its hold holds (checkout.ts compares them before `recordOrder`).
 */
export function holdOrder(hold: {
  eventId: string;
  orderId: string;
  lines: readonly HoldLine[];
  promoCodeId: string | null;
  perOrderLimits: Readonly<Record<string, PerOrderLimit>>;
  client: HoldClient | null;
  expiresAt: Date;
  now: Date;
}): AnyStep {
  return step({
    name: 'hold',
    decider: inventoryDecider,
    stream: inventoryStream(hold.eventId),
    command: {
      type: 'PlaceHold',
      eventId: hold.eventId,
      holdId: orderHoldId(hold.orderId),
      orderId: hold.orderId,
      lines: hold.lines,
      promoCodeId: hold.promoCodeId,
      now: hold.now,
      expiresAt: hold.expiresAt,
      perOrderLimits: hold.perOrderLimits,
      client: hold.client,
    },
  });
}

/** A manual attendee's order: one unit of one ticket at the amount the member was paid, without taxes or fees. */
export function manualOrderPlaced(manual: {
  eventId: string;
  orderId: string;
  accountId: string;
  shortId: string;
  locale: string;
  currency: string;
  displayMode: OrderPlaced['data']['displayMode'];
  attendee: OrderAttendee;
  ticketTitle: string;
  tierLabel: string | null;
  amount: number;
  now: Date;
}): OrderPlaced['data'] {
  const { attendee, amount, now } = manual;
  return orderPlaced({
    eventId: manual.eventId,
    orderId: manual.orderId,
    accountId: manual.accountId,
    shortId: manual.shortId,
    locale: manual.locale,
    promoCodeId: null,
    promoCode: null,
    affiliateCode: null,
    currency: manual.currency,
    displayMode: manual.displayMode,
    lines: [
      {
        ticketId: attendee.ticketId,
        tierId: attendee.tierId,
        ticketTitle: manual.ticketTitle,
        tierLabel: manual.tierLabel,
        quantity: 1,
        unitPrice: amount,
        base: amount,
        discount: 0,
        price: amount,
        feeTotal: 0,
        taxTotal: 0,
        total: amount,
        taxes: [],
        fees: [],
      },
    ],
    totals: {
      subtotal: amount,
      discountTotal: 0,
      feeTotal: 0,
      taxTotal: 0,
      total: amount,
      taxes: [],
      fees: [],
    },
    attendees: [attendee],
    expiresAt: new Date(now.getTime() + memberHoldMillis),
    now,
  });
}

/** The checkout's second step: the priced order, recorded once its hold is placed. */
export const recordOrder = (order: OrderPlaced['data']): AnyStep =>
  orderStep(order.orderId, { type: 'PlaceOrder', order });

/** The buyer's previous open order gives its hold back and is recorded abandoned (quiet when it is not open). */
export function abandonPrevious(previous: ExistingOrder, replacedBy: string, now: Date): AnyStep[] {
  const { eventId, orderId, holdId } = previous.placed;
  return [
    step({
      name: 'release-previous',
      decider: inventoryDecider,
      stream: inventoryStream(eventId),
      command: { type: 'ReleaseHold', eventId, holdId, now },
    }),
    step({
      name: 'abandon-previous',
      decider: orderDecider,
      stream: orderStream(orderId),
      command: { type: 'AbandonOrder', orderId, replacedBy, now },
    }),
  ];
}

/**
 * Extends the hold, then the order, to `expiresAt` (the event's order timeout, never past the reservation's
 * lifetime). When that changes nothing although the buyer `wanted` more, the lifetime is reached
 * (`extension_limit_reached`); a hold that cannot be extended any more is `order_expired` (`orderExpiredWhen`).
 */
export function extendOrder(extension: {
  order: ExistingOrder;
  expiresAt: Date;
  wanted: number;
  maxLifetimeFactor: number;
  now: Date;
}): AnyStep[] {
  const { order, expiresAt, now } = extension;
  const { eventId, orderId, holdId } = order.placed;
  const command: ExtendOrder = { type: 'ExtendOrder', orderId, expiresAt, now };
  return [
    step({
      name: 'extend-hold',
      decider: inventoryDecider,
      stream: inventoryStream(eventId),
      command: (): ExtendHold | null => {
        if (!predict(order, command)) {
          if (extension.wanted > order.expiresAt) throw new Refusal('extension_limit_reached');
          return null;
        }
        return {
          type: 'ExtendHold',
          eventId,
          holdId,
          expiresAt,
          maxLifetimeFactor: extension.maxLifetimeFactor,
          now,
        };
      },
    }),
    orderStep(orderId, command),
  ];
}

/** Converts the order's hold (its tickets are sold), then completes the order; a hold gone is `order_expired`. */
export function completeOrder(
  order: ExistingOrder,
  completion: Omit<CompleteOrder, 'type' | 'orderId'>,
): AnyStep[] {
  const { eventId, orderId, holdId } = order.placed;
  const command: CompleteOrder = { type: 'CompleteOrder', orderId, ...completion };
  return [
    inventoryStep('convert-hold', { state: order, command }, eventId, () => ({
      type: 'ConvertHold',
      eventId,
      holdId,
      orderId,
      now: completion.now,
    })),
    orderStep(orderId, command),
  ];
}

/** The buyer hears of the order, not of its hold: a hold refused with one of `reasons` is `order_expired`. */
export const orderExpiredWhen =
  (reasons: readonly ReasonCode[]) =>
  (error: unknown): never => {
    if (isRefusal(error) && reasons.includes(error.reason)) throw new Refusal('order_expired');
    throw error;
  };

/**
 * The checkout keeper's expiry of an overdue order: `ExpireOrder` (quiet unless the order is open and overdue),
 * then, once the order is expired, its hold released for good (quiet for a sold or released hold).
 */
export function expireOrder(order: ExistingOrder, now: Date): AnyStep[] {
  const { eventId, orderId, holdId } = order.placed;
  const expire = orderStep(orderId, { type: 'ExpireOrder', orderId, now });
  return [
    expire,
    step({
      name: 'release-hold',
      decider: inventoryDecider,
      stream: inventoryStream(eventId),
      command: (_inventory, earlier): InventoryCommand | null => {
        const expired = earlier<OrderState>(expire);
        return expired.exists && expired.status === 'EXPIRED'
          ? { type: 'ReleaseHold', eventId, holdId, now }
          : null;
      },
    }),
  ];
}

/**
 * A card payment Stripe reported for the order: its hold sold (a late payment only while its units are still
 * free: `ConvertPaidHold` takes back a released hold), then the payment accepted on the order, recording whether
 * it came after the hold expired. A hold that cannot be sold any more refuses the chain before anything is
 * written; the caller then refunds the payment (cardPayments.ts). The step names keep the idempotency keys the
 * handler used before it was a chain (`:hold`, `:accept`), so an event handled half by the old code completes.
 */
export function acceptCardPayment(
  order: ExistingOrder,
  acceptance: Omit<AcceptCardPayment, 'type' | 'orderId' | 'afterExpiry'>,
): AnyStep[] {
  const { eventId, orderId, holdId } = order.placed;
  const { now } = acceptance;
  const sell = step({
    name: 'hold',
    decider: inventoryDecider,
    stream: inventoryStream(eventId),
    command: { type: 'ConvertPaidHold', eventId, holdId, orderId, now },
  });
  return [
    sell,
    step({
      name: 'accept',
      decider: orderPaymentDecider,
      stream: orderStream(orderId),
      command: (_payment, earlier): AcceptCardPayment => ({
        type: 'AcceptCardPayment',
        orderId,
        ...acceptance,
        afterExpiry:
          findHold(earlier<InventoryState>(sell), holdId)?.soldAfterExpiry ??
          order.expiresAt <= now.getTime(),
      }),
    }),
  ];
}

// ---------- a member's actions

/**
 * A manual attendee: a hold placed and converted at once in the inventory, then the manual order placed,
 * detailed and completed in one append. The order is decided first (its validation before the stock).
 */
export function addManualAttendee(command: CreateManualOrder): AnyStep[] {
  const { order } = command;
  return [
    ...takeStock(
      { state: orderDecider.initialState(), command },
      {
        eventId: order.eventId,
        orderId: order.orderId,
        holdId: order.holdId,
        lines: order.lines.map(({ ticketId, tierId, quantity }) => ({ ticketId, tierId, quantity })),
        now: command.now,
      },
    ),
    orderStep(order.orderId, command),
  ];
}

/**
 * Cancels the order: its tickets go back to the inventory, what the order's hold still has sold and each unit
 * a reactivation took again (once each: the return id is the order's), then the order is recorded cancelled.
 */
export function cancelOrder(order: ExistingOrder, by: string, now: Date): AnyStep[] {
  const { eventId, orderId } = order.placed;
  const command: CancelOrder = { type: 'CancelOrder', orderId, by, now };
  const holds = new Set([order.placed.holdId]);
  for (const attendee of order.attendees) if (attendee.active) holds.add(attendeeHoldId(order, attendee));
  return [
    ...[...holds].map((holdId) =>
      inventoryStep(`return-${holdId}`, { state: order, command }, eventId, () => ({
        type: 'ReturnStock',
        eventId,
        holdId,
        returnId: `cancel-${orderId}`,
        now,
      })),
    ),
    orderStep(orderId, command),
  ];
}

/** Cancels one attendee: its unit goes back to the inventory (once per cancellation), then it is recorded. */
export function cancelAttendee(
  order: ExistingOrder,
  attendee: AttendeeState,
  by: string,
  now: Date,
): AnyStep[] {
  const { eventId, orderId } = order.placed;
  const command: CancelAttendee = {
    type: 'CancelAttendee',
    orderId,
    attendeeId: attendee.attendeeId,
    by,
    now,
  };
  return [
    inventoryStep('return-stock', { state: order, command }, eventId, () => ({
      type: 'ReturnStock',
      eventId,
      holdId: attendeeHoldId(order, attendee),
      returnId: nextCancellationReturnId(attendee),
      lines: [{ ticketId: attendee.ticketId, tierId: attendee.tierId, quantity: 1 }],
      now,
    })),
    orderStep(orderId, command),
  ];
}

/** Reactivates a cancelled attendee: its unit is taken again (refused when sold out), then it is recorded. */
export function reactivateAttendee(
  order: ExistingOrder,
  attendee: AttendeeState,
  by: string,
  now: Date,
): AnyStep[] {
  const { eventId, orderId } = order.placed;
  const command: ReactivateAttendee = {
    type: 'ReactivateAttendee',
    orderId,
    attendeeId: attendee.attendeeId,
    by,
    now,
  };
  return [
    ...takeStock(
      { state: order, command },
      {
        eventId,
        orderId,
        holdId: nextReactivationHoldId(attendee),
        lines: [{ ticketId: attendee.ticketId, tierId: attendee.tierId, quantity: 1 }],
        now,
      },
    ),
    orderStep(orderId, command),
  ];
}

import type { Decider } from '../kit/decider';
import { PersistentMap } from '../kit/persistentMap';
import { Refusal, refuse, type FieldErrors } from '../kit/refusal';
import type { InventoryEvent, HoldLine, PerOrderLimit } from './inventoryEvents';

// ---------- commands (time and ids come in the command; the catalogue's numbers are mirrored in)

export type DefineTicketStock = {
  type: 'DefineTicketStock';
  eventId: string;
  ticketId: string;
  quantity: number | null;
  now: Date;
};
export type DefineTierStock = {
  type: 'DefineTierStock';
  eventId: string;
  ticketId: string;
  tierId: string;
  quantity: number | null;
  now: Date;
};
export type DefineCapacity = {
  type: 'DefineCapacity';
  eventId: string;
  capacityAssignmentId: string;
  capacity: number;
  ticketIds: readonly string[];
  /** A deleted assignment is mirrored as disabled. */
  enabled: boolean;
  now: Date;
};
export type DefinePromoCap = {
  type: 'DefinePromoCap';
  eventId: string;
  promoCodeId: string;
  maxUses: number | null;
  now: Date;
};
export type PlaceHold = {
  type: 'PlaceHold';
  eventId: string;
  holdId: string;
  orderId: string;
  lines: readonly HoldLine[];
  promoCodeId?: string | null;
  now: Date;
  expiresAt: Date;
  /** Each ordered ticket's minimum and maximum per order, from the catalogue. */
  perOrderLimits: Readonly<Record<string, PerOrderLimit>>;
  /**
   * An anonymous buyer's reservation: the client's key and how many unexpired holds one client may have in the
   * event at once (`too_many_reservations` beyond). Absent for members' holds (manual orders, reactivations).
   */
  client?: HoldClient | null;
  /** The waiting-list entry this hold is an offer for: its owed units become this hold (docs/waiting-list.md). */
  waitingEntryId?: string | null;
};
export interface HoldClient {
  key: string;
  maxOpenHolds: number;
}
/**
 * Moves a live hold's expiry later, never past its lifetime: `maxLifetimeFactor` times its first length
 * (`HoldPlaced.expiresAt - placedAt`) after it was placed (`holdLifetimeEnd`).
 */
export type ExtendHold = {
  type: 'ExtendHold';
  eventId: string;
  holdId: string;
  expiresAt: Date;
  maxLifetimeFactor: number;
  now: Date;
};
export type ReleaseHold = { type: 'ReleaseHold'; eventId: string; holdId: string; now: Date };
export type ConvertHold = {
  type: 'ConvertHold';
  eventId: string;
  holdId: string;
  orderId: string;
  now: Date;
};
/**
 * A card payment arrived (Stripe's verified webhook): the hold is sold even when it expired or was released
 * meanwhile, as long as its units are still free then; otherwise the stock refusal says so (the payment is
 * refunded). Never oversells.
 */
export type ConvertPaidHold = {
  type: 'ConvertPaidHold';
  eventId: string;
  holdId: string;
  orderId: string;
  now: Date;
};
/** `lines` absent: everything the hold still has sold comes back. */
export type ReturnStock = {
  type: 'ReturnStock';
  eventId: string;
  holdId: string;
  returnId: string;
  lines?: readonly HoldLine[];
  now: Date;
};

/**
 * The checkout keeper takes back a sale that no order shows: a completion cut short between the hold's sale and
 * the order's event, whose order then ran out unpaid (or was never recorded). Everything still sold comes back,
 * and the hold can never be sold again, so a late repeat of the completion is refused instead of selling twice.
 */
export type ReclaimSale = {
  type: 'ReclaimSale';
  eventId: string;
  holdId: string;
  orderId: string;
  now: Date;
};
/** The return id of a reclaimed sale: one per hold. */
export const reclaimedSaleReturnId = 'reclaimed';

export type AddWaitingDemand = {
  type: 'AddWaitingDemand';
  eventId: string;
  entryId: string;
  line: HoldLine;
  now: Date;
};
export type RemoveWaitingDemand = {
  type: 'RemoveWaitingDemand';
  eventId: string;
  entryId: string;
  now: Date;
};

export type InventoryCommand =
  | DefineTicketStock
  | DefineTierStock
  | DefineCapacity
  | DefinePromoCap
  | PlaceHold
  | ExtendHold
  | ReleaseHold
  | ConvertHold
  | ConvertPaidHold
  | ReturnStock
  | ReclaimSale
  | AddWaitingDemand
  | RemoveWaitingDemand;

// ---------- state

export interface Stock {
  /** null: unlimited. */
  quantity: number | null;
  sold: number;
}
export interface TicketStock extends Stock {
  tiers: Readonly<Record<string, Stock>>;
}
export interface CapacityLimit {
  capacity: number;
  ticketIds: readonly string[];
  enabled: boolean;
}
export interface PromoCap {
  maxUses: number | null;
  used: number;
}
export interface Hold {
  orderId: string;
  lines: readonly HoldLine[];
  promoCodeId: string | null;
  placedAt: number;
  /** The expiry it was placed with: with `placedAt`, its first length, which bounds its extensions. */
  firstExpiresAt: number;
  /** The anonymous client that asked for it (`HoldClientNoted`), null for members' holds and older ones. */
  clientKey: string | null;
  expiresAt: number;
  status: 'HELD' | 'SOLD' | 'RELEASED';
  /** What a SOLD hold still has sold (returns take units away). */
  soldLines: readonly HoldLine[];
  /** Whether it was sold after it expired (a late payment), which the order's payment records. */
  soldAfterExpiry: boolean;
  returnIds: readonly string[];
}
export interface InventoryState {
  tickets: Readonly<Record<string, TicketStock>>;
  capacities: Readonly<Record<string, CapacityLimit>>;
  promoCaps: Readonly<Record<string, PromoCap>>;
  /**
   * Holds that may still count: HELD and not yet seen expired by a later hold's placement. Hundreds at once in a
   * rush, so a persistent map too: a hold placed, noted, extended or settled copies a few slots, not every hold.
   */
  active: PersistentMap<Hold>;
  /**
   * No active hold expires before this instant (a lower bound; +Infinity with none): a hold placed before it
   * finds no expired hold to move out of `active`, so the placements of a rush skip that scan.
   */
  activeExpiryFloor: number;
  /**
   * Every other hold: sold, released, or held but expired (a late conversion may still take it). It grows with
   * every order of the event, so it is a persistent map: folding one more event costs the same at 100,000
   * holds as at 10.
   */
  settled: PersistentMap<Hold>;
  /** Units owed to waiting-list entries that wait, by entry id (non-numeric ids: insertion order is join order). */
  waiting: Readonly<Record<string, HoldLine>>;
}

export const initialInventoryState = (): InventoryState => ({
  tickets: {},
  capacities: {},
  promoCaps: {},
  active: PersistentMap.empty(),
  activeExpiryFloor: Number.POSITIVE_INFINITY,
  settled: PersistentMap.empty(),
  waiting: {},
});

// ---------- reading the state

export interface Taken {
  tickets: Map<string, number>;
  tiers: Map<string, number>;
  promoCodes: Map<string, number>;
}

const tierKey = (ticketId: string, tierId: string) => `${ticketId}\u0000${tierId}`;

/** Units sold plus units in holds that have not expired at `now` (lazy expiry: no timer needed). */
export function takenAt(state: InventoryState, now: number): Taken {
  const taken: Taken = { tickets: new Map(), tiers: new Map(), promoCodes: new Map() };
  const add = (map: Map<string, number>, key: string, amount: number) =>
    map.set(key, (map.get(key) ?? 0) + amount);
  for (const [ticketId, ticket] of Object.entries(state.tickets)) {
    add(taken.tickets, ticketId, ticket.sold);
    for (const [tierId, tier] of Object.entries(ticket.tiers))
      add(taken.tiers, tierKey(ticketId, tierId), tier.sold);
  }
  for (const [promoCodeId, cap] of Object.entries(state.promoCaps))
    add(taken.promoCodes, promoCodeId, cap.used);
  state.active.forEach((hold) => {
    if (hold.status !== 'HELD' || hold.expiresAt <= now) return;
    for (const line of hold.lines) {
      add(taken.tickets, line.ticketId, line.quantity);
      if (line.tierId !== null) add(taken.tiers, tierKey(line.ticketId, line.tierId), line.quantity);
    }
    if (hold.promoCodeId !== null) add(taken.promoCodes, hold.promoCodeId, 1);
  });
  return taken;
}

const capacityTaken = (capacity: CapacityLimit, taken: Taken) =>
  capacity.ticketIds.reduce((sum, ticketId) => sum + (taken.tickets.get(ticketId) ?? 0), 0);

export interface Remaining {
  /** null: unlimited. */
  tickets: Record<string, number | null>;
  tiers: Record<string, Record<string, number | null>>;
}

/**
 * What a buyer could still reserve at `now`, per ticket and tier, with every limit applied together (the
 * ticket's own quantity, its tier's, and every enabled capacity assignment it belongs to).
 */
export function remainingAt(state: InventoryState, now: Date): Remaining {
  const taken = takenAt(state, now.getTime());
  const remaining: Remaining = { tickets: {}, tiers: {} };
  const capacityLeft = new Map<string, number>();
  for (const [id, capacity] of Object.entries(state.capacities))
    if (capacity.enabled)
      capacityLeft.set(id, Math.max(0, capacity.capacity - capacityTaken(capacity, taken)));
  const min = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
  for (const [ticketId, ticket] of Object.entries(state.tickets)) {
    let left =
      ticket.quantity === null ? null : Math.max(0, ticket.quantity - (taken.tickets.get(ticketId) ?? 0));
    for (const [id, capacity] of Object.entries(state.capacities))
      if (capacity.enabled && capacity.ticketIds.includes(ticketId))
        left = min(left, capacityLeft.get(id) ?? 0);
    remaining.tickets[ticketId] = left;
    remaining.tiers[ticketId] = {};
    for (const [tierId, tier] of Object.entries(ticket.tiers)) {
      const tierLeft =
        tier.quantity === null
          ? null
          : Math.max(0, tier.quantity - (taken.tiers.get(tierKey(ticketId, tierId)) ?? 0));
      remaining.tiers[ticketId][tierId] = min(left, tierLeft);
    }
  }
  return remaining;
}

const wasReclaimed = (hold: Hold): boolean => hold.returnIds.includes(reclaimedSaleReturnId);

export function findHold(state: InventoryState, holdId: string): Hold | undefined {
  return state.active.get(holdId) ?? state.settled.get(holdId);
}

/**
 * The latest a hold may be extended to: `maxLifetimeFactor` times its first length after it was placed. The
 * order's public answer shows the same instant (from `OrderPlaced`, which carries the hold's two times).
 */
export function holdLifetimeEnd(
  hold: { placedAt: number; firstExpiresAt: number },
  maxLifetimeFactor: number,
): number {
  return hold.placedAt + maxLifetimeFactor * (hold.firstExpiresAt - hold.placedAt);
}

/**
 * How many more uses of a promo code the inventory would allow at `now` (null: unlimited), counting completed
 * orders and unexpired holds. The hold of `exceptOrderId` is left out: the buyer's own open order, which a new
 * reservation from the same browser replaces (and releases) before its hold is decided.
 */
export function promoUsesLeft(
  state: InventoryState,
  promoCodeId: string,
  now: Date,
  exceptOrderId?: string,
): number | null {
  const cap = state.promoCaps[promoCodeId];
  if (!cap || cap.maxUses === null) return null;
  let taken = takenAt(state, now.getTime()).promoCodes.get(promoCodeId) ?? 0;
  if (exceptOrderId !== undefined)
    state.active.forEach((hold) => {
      if (
        hold.orderId === exceptOrderId &&
        hold.promoCodeId === promoCodeId &&
        hold.status === 'HELD' &&
        hold.expiresAt > now.getTime()
      )
        taken -= 1;
    });
  return Math.max(0, cap.maxUses - taken);
}

/** The client's holds that still count at `now`, soonest to expire first. */
function openHoldsOf(state: InventoryState, clientKey: string, now: number): Hold[] {
  const open: Hold[] = [];
  state.active.forEach((hold) => {
    if (hold.clientKey === clientKey && hold.status === 'HELD' && hold.expiresAt > now) open.push(hold);
  });
  return open.sort((a, b) => a.expiresAt - b.expiresAt);
}

// ---------- the rules

/** Refuses unless `lines` (and one use of the promo code) fit beside everything sold and held at `now`. */
function checkFits(
  state: InventoryState,
  lines: readonly HoldLine[],
  promoCodeId: string | null,
  now: number,
  waitingEntryId: string | null = null,
) {
  const taken = takenAt(state, now);
  // Units owed to waiting entries count as taken for public holds.
  const add = (map: Map<string, number>, key: string, amount: number) =>
    map.set(key, (map.get(key) ?? 0) + amount);
  // An offer is served first-come: only entries that joined before it (insertion order) stand ahead of it.
  for (const [entryId, owed] of Object.entries(state.waiting)) {
    if (entryId === waitingEntryId) break;
    add(taken.tickets, owed.ticketId, owed.quantity);
    if (owed.tierId !== null) add(taken.tiers, tierKey(owed.ticketId, owed.tierId), owed.quantity);
  }
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.ticketId, (wanted.get(line.ticketId) ?? 0) + line.quantity);
  for (const line of lines) {
    if (line.tierId === null) continue;
    const tier = state.tickets[line.ticketId]?.tiers[line.tierId];
    const want = lines
      .filter((other) => other.ticketId === line.ticketId && other.tierId === line.tierId)
      .reduce((sum, other) => sum + other.quantity, 0);
    if (
      tier &&
      tier.quantity !== null &&
      (taken.tiers.get(tierKey(line.ticketId, line.tierId)) ?? 0) + want > tier.quantity
    )
      throw new Refusal('sold_out', undefined, undefined, { ticketId: line.ticketId, tierId: line.tierId });
  }
  for (const [ticketId, want] of wanted) {
    const ticket = state.tickets[ticketId];
    if (ticket && ticket.quantity !== null && (taken.tickets.get(ticketId) ?? 0) + want > ticket.quantity)
      throw new Refusal('sold_out', undefined, undefined, { ticketId, tierId: null });
  }
  for (const [capacityAssignmentId, capacity] of Object.entries(state.capacities)) {
    if (!capacity.enabled) continue;
    const want = capacity.ticketIds.reduce((sum, ticketId) => sum + (wanted.get(ticketId) ?? 0), 0);
    if (want > 0 && capacityTaken(capacity, taken) + want > capacity.capacity)
      throw new Refusal('capacity_exceeded', undefined, undefined, { capacityAssignmentId });
  }
  if (promoCodeId !== null) {
    const cap = state.promoCaps[promoCodeId];
    if (cap && cap.maxUses !== null && (taken.promoCodes.get(promoCodeId) ?? 0) + 1 > cap.maxUses)
      throw new Refusal('promo_code_exhausted', undefined, undefined, { promoCodeId });
  }
}

function checkLines(state: InventoryState, lines: readonly HoldLine[]): void {
  if (lines.length === 0) refuse('validation_failed', undefined, { lines: ['Select at least one ticket'] });
  lines.forEach((line, index) => {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
      refuse('validation_failed', undefined, {
        [`lines.${index}.quantity`]: ['The quantity must be a whole number of at least 1'],
      });
    const ticket = state.tickets[line.ticketId];
    if (!ticket) throw new Refusal('ticket_not_found', undefined, undefined, { ticketId: line.ticketId });
    const tiered = Object.keys(ticket.tiers).length > 0;
    if (tiered !== (line.tierId !== null) || (line.tierId !== null && !ticket.tiers[line.tierId]))
      throw new Refusal('tier_not_found', undefined, undefined, {
        ticketId: line.ticketId,
        tierId: line.tierId,
      });
  });
}

function checkPerOrder(lines: readonly HoldLine[], limits: Readonly<Record<string, PerOrderLimit>>): void {
  const perTicket = new Map<string, number>();
  for (const line of lines) perTicket.set(line.ticketId, (perTicket.get(line.ticketId) ?? 0) + line.quantity);
  for (const [ticketId, quantity] of perTicket) {
    const limit = limits[ticketId] ?? { min: 1, max: null };
    if (limit.max !== null && quantity > limit.max)
      throw new Refusal('max_per_order_exceeded', undefined, undefined, { ticketId, max: limit.max });
    if (quantity < limit.min)
      throw new Refusal('min_per_order_not_met', undefined, undefined, { ticketId, min: limit.min });
  }
}

function checkQuantity(field: string, value: number | null, allowZero = true): void {
  if (value === null) return;
  if (!Number.isSafeInteger(value) || value < (allowZero ? 0 : 1))
    refuse('validation_failed', undefined, { [field]: ['Enter a whole number of 0 or more'] });
}

/** A limit may not drop below what is already sold or held: those buyers were promised their tickets. */
function checkNotBelowTaken(field: string, limit: number | null, taken: number): void {
  if (limit !== null && limit < taken)
    refuse('quantity_below_sold', undefined, {
      [field]: [`${taken} are already sold or reserved; the limit cannot be lower`],
    });
}

function subtractLines(from: readonly HoldLine[], lines: readonly HoldLine[]): HoldLine[] {
  return from
    .map((line) => ({
      ...line,
      quantity:
        line.quantity -
        lines
          .filter((other) => other.ticketId === line.ticketId && other.tierId === line.tierId)
          .reduce((sum, other) => sum + other.quantity, 0),
    }))
    .filter((line) => line.quantity > 0);
}

function countSold(
  state: InventoryState,
  lines: readonly HoldLine[],
  sign: 1 | -1,
): InventoryState['tickets'] {
  const tickets: Record<string, TicketStock> = { ...state.tickets };
  for (const line of lines) {
    const ticket = tickets[line.ticketId];
    if (!ticket) continue;
    const tier = line.tierId === null ? undefined : ticket.tiers[line.tierId];
    tickets[line.ticketId] = {
      ...ticket,
      sold: ticket.sold + sign * line.quantity,
      tiers:
        tier && line.tierId !== null
          ? { ...ticket.tiers, [line.tierId]: { ...tier, sold: tier.sold + sign * line.quantity } }
          : ticket.tiers,
    };
  }
  return tickets;
}

function withHold(state: InventoryState, holdId: string, hold: Hold): InventoryState {
  const settled = state.settled.delete(holdId);
  return hold.status === 'HELD'
    ? {
        ...state,
        active: state.active.set(holdId, hold),
        activeExpiryFloor: Math.min(state.activeExpiryFloor, hold.expiresAt),
        settled,
      }
    : { ...state, active: state.active.delete(holdId), settled: settled.set(holdId, hold) };
}

export const inventoryDecider: Decider<InventoryCommand, InventoryEvent, InventoryState> = {
  initialState: initialInventoryState,

  evolve(state, event) {
    switch (event.type) {
      case 'TicketStockDefined': {
        const ticket = state.tickets[event.data.ticketId] ?? { quantity: null, sold: 0, tiers: {} };
        return {
          ...state,
          tickets: { ...state.tickets, [event.data.ticketId]: { ...ticket, quantity: event.data.quantity } },
        };
      }
      case 'TierStockDefined': {
        const ticket = state.tickets[event.data.ticketId] ?? { quantity: null, sold: 0, tiers: {} };
        const tier = ticket.tiers[event.data.tierId] ?? { quantity: null, sold: 0 };
        const tiers = { ...ticket.tiers, [event.data.tierId]: { ...tier, quantity: event.data.quantity } };
        return { ...state, tickets: { ...state.tickets, [event.data.ticketId]: { ...ticket, tiers } } };
      }
      case 'CapacityDefined': {
        const { capacityAssignmentId, capacity, ticketIds, enabled } = event.data;
        return {
          ...state,
          capacities: { ...state.capacities, [capacityAssignmentId]: { capacity, ticketIds, enabled } },
        };
      }
      case 'PromoCapDefined': {
        const cap = state.promoCaps[event.data.promoCodeId] ?? { maxUses: null, used: 0 };
        return {
          ...state,
          promoCaps: {
            ...state.promoCaps,
            [event.data.promoCodeId]: { ...cap, maxUses: event.data.maxUses },
          },
        };
      }
      case 'HoldPlaced': {
        // Holds already expired when this one was placed stop being scanned for every later reservation.
        const placedAt = Date.parse(event.data.placedAt);
        const expiresAt = Date.parse(event.data.expiresAt);
        let active = state.active;
        let settled = state.settled;
        let floor = state.activeExpiryFloor;
        if (placedAt >= floor) {
          floor = Number.POSITIVE_INFINITY;
          state.active.forEach((hold, holdId) => {
            if (hold.expiresAt <= placedAt) {
              settled = settled.set(holdId, hold);
              active = active.delete(holdId);
            } else floor = Math.min(floor, hold.expiresAt);
          });
        }
        active = active.set(event.data.holdId, {
          orderId: event.data.orderId,
          lines: event.data.lines,
          promoCodeId: event.data.promoCodeId,
          placedAt,
          firstExpiresAt: expiresAt,
          clientKey: null,
          expiresAt,
          status: 'HELD',
          soldLines: [],
          soldAfterExpiry: false,
          returnIds: [],
        });
        return { ...state, active, activeExpiryFloor: Math.min(floor, expiresAt), settled };
      }
      case 'HoldClientNoted': {
        const hold = state.active.get(event.data.holdId);
        if (!hold) return state;
        return {
          ...state,
          active: state.active.set(event.data.holdId, { ...hold, clientKey: event.data.clientKey }),
        };
      }
      case 'HoldExtended': {
        const hold = findHold(state, event.data.holdId);
        if (!hold) return state;
        const expiresAt = Date.parse(event.data.expiresAt);
        return {
          ...state,
          active: state.active.set(event.data.holdId, { ...hold, expiresAt }),
          activeExpiryFloor: Math.min(state.activeExpiryFloor, expiresAt),
          settled: state.settled.delete(event.data.holdId),
        };
      }
      case 'HoldReleased': {
        const hold = findHold(state, event.data.holdId);
        return hold ? withHold(state, event.data.holdId, { ...hold, status: 'RELEASED' }) : state;
      }
      case 'HoldConverted': {
        const hold = findHold(state, event.data.holdId);
        if (!hold) return state;
        const promoCaps =
          hold.promoCodeId === null
            ? state.promoCaps
            : {
                ...state.promoCaps,
                [hold.promoCodeId]: {
                  maxUses: state.promoCaps[hold.promoCodeId]?.maxUses ?? null,
                  used: (state.promoCaps[hold.promoCodeId]?.used ?? 0) + 1,
                },
              };
        const sold: Hold = {
          ...hold,
          status: 'SOLD',
          soldLines: hold.lines,
          soldAfterExpiry: event.data.afterExpiry,
        };
        return withHold(
          { ...state, tickets: countSold(state, hold.lines, 1), promoCaps },
          event.data.holdId,
          sold,
        );
      }
      case 'WaitingDemandAdded':
        return { ...state, waiting: { ...state.waiting, [event.data.entryId]: event.data.line } };
      case 'WaitingDemandRemoved': {
        const { [event.data.entryId]: _removed, ...waiting } = state.waiting;
        return { ...state, waiting };
      }
      case 'StockReturned': {
        const hold = findHold(state, event.data.holdId);
        if (!hold) return state;
        const returned: Hold = {
          ...hold,
          soldLines: subtractLines(hold.soldLines, event.data.lines),
          returnIds: [...hold.returnIds, event.data.returnId],
        };
        return withHold(
          { ...state, tickets: countSold(state, event.data.lines, -1) },
          event.data.holdId,
          returned,
        );
      }
    }
  },

  decide(command, state) {
    const at = command.now.toISOString();
    const now = command.now.getTime();
    const { eventId } = command;
    switch (command.type) {
      case 'DefineTicketStock': {
        checkQuantity('quantity', command.quantity);
        const current = state.tickets[command.ticketId];
        if (current && current.quantity === command.quantity) return [];
        checkNotBelowTaken(
          'quantity',
          command.quantity,
          takenAt(state, now).tickets.get(command.ticketId) ?? 0,
        );
        return [
          {
            type: 'TicketStockDefined',
            data: { eventId, ticketId: command.ticketId, quantity: command.quantity, definedAt: at },
          },
        ];
      }
      case 'DefineTierStock': {
        checkQuantity('quantity', command.quantity);
        const current = state.tickets[command.ticketId]?.tiers[command.tierId];
        if (current && current.quantity === command.quantity) return [];
        checkNotBelowTaken(
          'quantity',
          command.quantity,
          takenAt(state, now).tiers.get(tierKey(command.ticketId, command.tierId)) ?? 0,
        );
        const { ticketId, tierId, quantity } = command;
        return [{ type: 'TierStockDefined', data: { eventId, ticketId, tierId, quantity, definedAt: at } }];
      }
      case 'DefineCapacity': {
        checkQuantity('capacity', command.capacity);
        const ticketIds = [...new Set(command.ticketIds)];
        const current = state.capacities[command.capacityAssignmentId];
        if (
          current &&
          current.capacity === command.capacity &&
          current.enabled === command.enabled &&
          JSON.stringify(current.ticketIds) === JSON.stringify(ticketIds)
        )
          return [];
        const limit = { capacity: command.capacity, ticketIds, enabled: command.enabled };
        if (limit.enabled)
          checkNotBelowTaken('capacity', limit.capacity, capacityTaken(limit, takenAt(state, now)));
        return [
          {
            type: 'CapacityDefined',
            data: { eventId, capacityAssignmentId: command.capacityAssignmentId, ...limit, definedAt: at },
          },
        ];
      }
      case 'DefinePromoCap': {
        checkQuantity('max_uses', command.maxUses);
        const current = state.promoCaps[command.promoCodeId];
        if (current && current.maxUses === command.maxUses) return [];
        checkNotBelowTaken(
          'max_uses',
          command.maxUses,
          takenAt(state, now).promoCodes.get(command.promoCodeId) ?? 0,
        );
        return [
          {
            type: 'PromoCapDefined',
            data: { eventId, promoCodeId: command.promoCodeId, maxUses: command.maxUses, definedAt: at },
          },
        ];
      }
      case 'PlaceHold': {
        // A retry of the same reservation (a resent request) changes nothing, whatever became of the hold.
        if (findHold(state, command.holdId)) return [];
        if (command.expiresAt.getTime() <= now)
          refuse('validation_failed', undefined, { expires_at: ['The hold must expire in the future'] });
        const lines = command.lines.map(({ ticketId, tierId, quantity }) => ({ ticketId, tierId, quantity }));
        checkLines(state, lines);
        checkPerOrder(lines, command.perOrderLimits);
        const promoCodeId = command.promoCodeId ?? null;
        const client = command.client ?? null;
        if (client) {
          const open = openHoldsOf(state, client.key, now);
          const soonest = open[0];
          // The client may place one more once its soonest hold ends (or is completed or released before).
          if (soonest && open.length >= client.maxOpenHolds)
            throw new Refusal('too_many_reservations', undefined, undefined, {
              retryAt: new Date(soonest.expiresAt).toISOString(),
            });
        }
        const waitingEntryId = command.waitingEntryId ?? null;
        if (waitingEntryId !== null && !state.waiting[waitingEntryId])
          refuse('validation_failed', undefined, { waiting_entry_id: ['The entry does not wait for units'] });
        checkFits(state, lines, promoCodeId, now, waitingEntryId);
        const offered: InventoryEvent[] =
          waitingEntryId === null
            ? []
            : [{ type: 'WaitingDemandRemoved', data: { eventId, entryId: waitingEntryId, removedAt: at } }];
        const placed: InventoryEvent = {
          type: 'HoldPlaced',
          data: {
            eventId,
            holdId: command.holdId,
            orderId: command.orderId,
            lines,
            promoCodeId,
            placedAt: at,
            expiresAt: command.expiresAt.toISOString(),
          },
        };
        return client
          ? [
              ...offered,
              placed,
              { type: 'HoldClientNoted', data: { eventId, holdId: command.holdId, clientKey: client.key } },
            ]
          : [...offered, placed];
      }
      case 'AddWaitingDemand': {
        // A retry of the same join changes nothing.
        if (state.waiting[command.entryId]) return [];
        checkLines(state, [command.line]);
        const { ticketId, tierId, quantity } = command.line;
        return [
          {
            type: 'WaitingDemandAdded',
            data: { eventId, entryId: command.entryId, line: { ticketId, tierId, quantity }, addedAt: at },
          },
        ];
      }
      case 'RemoveWaitingDemand':
        if (!state.waiting[command.entryId]) return [];
        return [{ type: 'WaitingDemandRemoved', data: { eventId, entryId: command.entryId, removedAt: at } }];
      case 'ExtendHold': {
        const hold = findHold(state, command.holdId);
        if (!hold) refuse('hold_not_found');
        if (hold.status !== 'HELD' || hold.expiresAt <= now) refuse('hold_expired');
        if (command.expiresAt.getTime() <= hold.expiresAt) return [];
        const latest = holdLifetimeEnd(hold, command.maxLifetimeFactor);
        if (command.expiresAt.getTime() > latest)
          throw new Refusal('extension_limit_reached', undefined, undefined, {
            latestExpiresAt: new Date(latest).toISOString(),
          });
        return [
          {
            type: 'HoldExtended',
            data: {
              eventId,
              holdId: command.holdId,
              expiresAt: command.expiresAt.toISOString(),
              extendedAt: at,
            },
          },
        ];
      }
      case 'ReleaseHold': {
        const hold = findHold(state, command.holdId);
        if (!hold) refuse('hold_not_found');
        // A sold hold is the order's now; a released one is already free: a late or repeated release is quiet.
        if (hold.status !== 'HELD') return [];
        return [{ type: 'HoldReleased', data: { eventId, holdId: command.holdId, releasedAt: at } }];
      }
      case 'ConvertHold': {
        const hold = findHold(state, command.holdId);
        if (!hold || hold.orderId !== command.orderId) refuse('hold_not_found');
        if (wasReclaimed(hold)) refuse('hold_expired');
        if (hold.status === 'SOLD') return [];
        if (hold.status === 'RELEASED') refuse('hold_expired');
        const afterExpiry = hold.expiresAt <= now;
        // A late payment: the expired hold no longer counts, so it takes its units again only if they are free.
        if (afterExpiry) checkFits(state, hold.lines, hold.promoCodeId, now);
        return [
          {
            type: 'HoldConverted',
            data: { eventId, holdId: command.holdId, orderId: command.orderId, afterExpiry, convertedAt: at },
          },
        ];
      }
      case 'ConvertPaidHold': {
        const hold = findHold(state, command.holdId);
        if (!hold || hold.orderId !== command.orderId) refuse('hold_not_found');
        if (wasReclaimed(hold)) refuse('hold_expired');
        if (hold.status === 'SOLD') return [];
        const afterExpiry = hold.status === 'RELEASED' || hold.expiresAt <= now;
        if (afterExpiry) checkFits(state, hold.lines, hold.promoCodeId, now);
        return [
          {
            type: 'HoldConverted',
            data: { eventId, holdId: command.holdId, orderId: command.orderId, afterExpiry, convertedAt: at },
          },
        ];
      }
      case 'ReclaimSale': {
        const hold = findHold(state, command.holdId);
        if (!hold || hold.orderId !== command.orderId) refuse('hold_not_found');
        if (hold.status !== 'SOLD' || wasReclaimed(hold)) return [];
        return [
          {
            type: 'StockReturned',
            data: {
              eventId,
              holdId: command.holdId,
              returnId: reclaimedSaleReturnId,
              lines: hold.soldLines.map(({ ticketId, tierId, quantity }) => ({ ticketId, tierId, quantity })),
              returnedAt: at,
            },
          },
        ];
      }
      case 'ReturnStock': {
        const hold = findHold(state, command.holdId);
        if (!hold) refuse('hold_not_found');
        if (hold.returnIds.includes(command.returnId)) return [];
        if (hold.status !== 'SOLD') refuse('hold_not_sold');
        const lines = (command.lines ?? hold.soldLines).map(({ ticketId, tierId, quantity }) => ({
          ticketId,
          tierId,
          quantity,
        }));
        const errors: FieldErrors = {};
        lines.forEach((line, index) => {
          const stillSold = hold.soldLines
            .filter((sold) => sold.ticketId === line.ticketId && sold.tierId === line.tierId)
            .reduce((sum, sold) => sum + sold.quantity, 0);
          const returning = lines
            .filter((other) => other.ticketId === line.ticketId && other.tierId === line.tierId)
            .reduce((sum, other) => sum + other.quantity, 0);
          if (!Number.isSafeInteger(line.quantity) || line.quantity < 1 || returning > stillSold)
            errors[`lines.${index}.quantity`] = [`At most ${stillSold} of these can be returned`];
        });
        if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
        if (lines.length === 0) return [];
        return [
          {
            type: 'StockReturned',
            data: { eventId, holdId: command.holdId, returnId: command.returnId, lines, returnedAt: at },
          },
        ];
      }
    }
  },
};

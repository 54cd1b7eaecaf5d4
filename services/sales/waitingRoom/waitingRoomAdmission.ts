import type { EventSettings } from '../../catalog/events/eventSettings';
import { remainingAt, type InventoryState } from '../../inventory/inventoryDecider';

/**
 * What the waiting room reads from the event's settings and inventory (docs/waiting-room.md): whether it is on,
 * how many checkouts are open, and whether anything is left to reserve.
 */

/** "Large on-sale": the default turns the waiting room on from this many tickets (or one capacity this large). */
export const largeOnSaleQuantity = 1_000;

/**
 * The organizer's choice, or, when they made none (`null`), on for a large on-sale: the tickets' quantities add up
 * to at least 1,000 or an enabled capacity assignment holds at least 1,000. Decided here, where the inventory is
 * read, so the default follows the stock as the organizer changes it. `automatic` false (the platform's
 * `WAITING_ROOM_AUTOMATIC=off`) leaves events without a choice with no waiting room.
 */
export function waitingRoomOn(
  settings: Pick<EventSettings, 'waitingRoomEnabled'>,
  inventory: InventoryState,
  automatic = true,
): boolean {
  if (settings.waitingRoomEnabled !== null) return settings.waitingRoomEnabled;
  if (!automatic) return false;
  let total = 0;
  for (const ticket of Object.values(inventory.tickets)) total += ticket.quantity ?? 0;
  if (total >= largeOnSaleQuantity) return true;
  return Object.values(inventory.capacities).some(
    (capacity) => capacity.enabled && capacity.capacity >= largeOnSaleQuantity,
  );
}

/** Checkouts open at `now`: unexpired HELD holds (a reservation not yet completed, released or run out). */
export function openCheckouts(inventory: InventoryState, now: number): number {
  let open = 0;
  inventory.active.forEach((hold) => {
    if (hold.status === 'HELD' && hold.expiresAt > now) open++;
  });
  return open;
}

/** Holds placed at or after `since` (whatever became of them): admitted buyers who did reserve. */
export function holdsPlacedSince(inventory: InventoryState, since: number): number {
  let placed = 0;
  const count = (hold: { placedAt: number }) => {
    if (hold.placedAt >= since) placed++;
  };
  // Every hold of the event, each second while buyers wait: without the iterators' garbage.
  inventory.active.forEach(count);
  inventory.settled.forEach(count);
  return placed;
}

/** Nothing is left to reserve: the event has tickets and every one of them has none left at `now`. */
export function soldOut(inventory: InventoryState, now: Date): boolean {
  const remaining = Object.values(remainingAt(inventory, now).tickets);
  return remaining.length > 0 && remaining.every((left) => left === 0);
}

/**
 * How many more numbers may be admitted at `now`: the checkout capacity, less the open checkouts, less the
 * admitted buyers who may still come to reserve (admitted within the window, less the holds placed since the
 * oldest of those admissions). Never below zero.
 */
export function freePlaces(
  capacity: number,
  inventory: InventoryState,
  admitted: { count: number; since: number },
  now: number,
): number {
  const coming = Math.max(0, admitted.count - holdsPlacedSince(inventory, admitted.since));
  return Math.max(0, capacity - openCheckouts(inventory, now) - coming);
}

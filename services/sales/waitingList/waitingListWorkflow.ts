import { deterministicUuid } from '../../kit/clock';
import type { AnyStep, EarlierState } from '../../kit/workflow';
import { step } from '../../kit/workflow';
import {
  findHold,
  inventoryDecider,
  type AddWaitingDemand,
  type InventoryCommand,
  type InventoryState,
  type PlaceHold,
  type ReleaseHold,
} from '../../inventory/inventoryDecider';
import { inventoryStream, type HoldLine } from '../../inventory/inventoryEvents';
import {
  waitingClaimDecider,
  waitingEntryDecider,
  type ConvertWaitingEntry,
  type ExpireWaitingOffer,
  type JoinWaitingList,
  type OfferWaitingEntry,
  type RemoveWaitingEntry,
  type WaitingClaimState,
  type WaitingEntryState,
} from './waitingEntryDecider';
import type { EventStore } from '../../eventstore/port';
import { waitingClaimStream, waitingEntryStream, type WaitingEntryJoined } from './waitingListEvents';

/**
 * Joining the waiting list (docs/waiting-list.md, docs/decisions/workflows.md): the place claim on (event,
 * ticket, address) first, since a racing join can take it; then the entry; then the units owed to it in the
 * event's inventory, so from that append on the public can no longer buy them. Each step is decided ahead, so a
 * closed list or a duplicate writes nothing; a claim whose later steps are refused at append time is released.
 */
export function waitingListJoin(join: JoinWaitingList): AnyStep[] {
  const { eventId, ticketId, entryId, now } = join;
  const claim = step({
    name: 'claim',
    decider: waitingClaimDecider,
    stream: waitingClaimStream(eventId, ticketId, join.email),
    command: { type: 'ClaimWaitingPlace', eventId, ticketId, entryId, now },
    compensate: () =>
      step({
        name: 'release-claim',
        decider: waitingClaimDecider,
        stream: waitingClaimStream(eventId, ticketId, join.email),
        command: (state: WaitingClaimState) =>
          state.claimedBy === entryId
            ? { type: 'ReleaseWaitingPlace', eventId, ticketId, entryId, now }
            : null,
      }),
  });
  const entry = step({
    name: 'entry',
    decider: waitingEntryDecider,
    stream: waitingEntryStream(entryId),
    command: join,
  });
  const demand = step({
    name: 'demand',
    decider: inventoryDecider,
    stream: inventoryStream(eventId),
    command: {
      type: 'AddWaitingDemand',
      eventId,
      entryId,
      line: { ticketId, tierId: join.tierId, quantity: join.quantity },
      now,
    } satisfies AddWaitingDemand,
  });
  return [claim, entry, demand];
}

/**
 * The offer hold of an entry's `n`-th offer. Deterministic, so two workers offering the same entry place one
 * hold: the second `PlaceHold` with the same id is a no-op.
 */
export const waitingOfferHoldId = (entryId: string, n: number): string => `offer-${entryId}-${n}`;

/** The order an offer hold is held for: recorded only when the buyer opens the offer (checkout.ts). */
export const waitingOfferOrderId = (holdId: string): string => deterministicUuid(`waiting-offer:${holdId}`);

const offerHoldPattern = /^offer-(.+)-(\d+)$/;

/** The entry an offer hold was placed for, or null for any other hold. */
export function entryOfOfferHold(holdId: string): string | null {
  return offerHoldPattern.exec(holdId)?.[1] ?? null;
}

export interface WaitingOffer {
  eventId: string;
  entryId: string;
  line: HoldLine;
  holdId: string;
  tokenHash: string;
  expiresAt: Date;
  now: Date;
}

/**
 * Offering units to an entry: the inventory turns the entry's owed units into a hold (refused `sold_out` unless
 * they are free for it, entries ahead of it counted), then the entry records the offer with its token's hash.
 * Decided ahead, so an entry that no longer waits writes nothing; a hold whose entry step loses a race is
 * released again.
 */
export function waitingListOffer(offer: WaitingOffer): AnyStep[] {
  const { eventId, entryId, holdId, now } = offer;
  const hold = step({
    name: 'offer-hold',
    decider: inventoryDecider,
    stream: inventoryStream(eventId),
    command: (state: InventoryState) =>
      findHold(state, holdId)
        ? null
        : ({
            type: 'PlaceHold',
            eventId,
            holdId,
            orderId: waitingOfferOrderId(holdId),
            lines: [offer.line],
            now,
            expiresAt: offer.expiresAt,
            perOrderLimits: {},
            waitingEntryId: entryId,
          } satisfies PlaceHold),
    compensate: () =>
      step({
        name: 'release-offer-hold',
        decider: inventoryDecider,
        stream: inventoryStream(eventId),
        command: { type: 'ReleaseHold', eventId, holdId, now } satisfies ReleaseHold,
      }),
  });
  const entry = step({
    name: 'offer-entry',
    decider: waitingEntryDecider,
    stream: waitingEntryStream(entryId),
    command: {
      type: 'OfferWaitingEntry',
      eventId,
      entryId,
      holdId,
      tokenHash: offer.tokenHash,
      expiresAt: offer.expiresAt,
      now,
    } satisfies OfferWaitingEntry,
  });
  return [hold, entry];
}

/** What a chain that ends an entry's offer needs to know of the entry (from its `WaitingEntryJoined`). */
export interface EntryPlace {
  eventId: string;
  entryId: string;
  ticketId: string;
  email: string;
}

/** Whose place a removal frees: the entry's ticket and address, as its `WaitingEntryJoined` recorded them. */
export type WaitingPlace = Pick<EntryPlace, 'ticketId' | 'email'>;

/** Releases the entry's place claim once the entry step left the entry off the list. */
const releasePlace = (place: EntryPlace, entry: AnyStep, now: Date): AnyStep =>
  step({
    name: 'release-claim',
    decider: waitingClaimDecider,
    stream: waitingClaimStream(place.eventId, place.ticketId, place.email),
    command: (state: WaitingClaimState, earlier: EarlierState) => {
      const after = earlier<WaitingEntryState>(entry);
      const left = after.exists && (after.status === 'EXPIRED' || after.status === 'CONVERTED');
      return left && state.claimedBy === place.entryId
        ? {
            type: 'ReleaseWaitingPlace',
            eventId: place.eventId,
            ticketId: place.ticketId,
            entryId: place.entryId,
            now,
          }
        : null;
    },
  });

/**
 * An offer that ran out unconverted: the entry is EXPIRED (it does not go back into the queue), its address may
 * join again, and the hold is released for good (it stopped counting at its expiry already, lazily).
 */
export function waitingListExpire(place: EntryPlace, now: Date): AnyStep[] {
  const { eventId, entryId } = place;
  const entry = step({
    name: 'expire-entry',
    decider: waitingEntryDecider,
    stream: waitingEntryStream(entryId),
    command: (state: WaitingEntryState) =>
      state.exists && state.status === 'OFFERED'
        ? ({ type: 'ExpireWaitingOffer', eventId, entryId, now } satisfies ExpireWaitingOffer)
        : null,
  });
  // Also after a crash that left the entry EXPIRED and its hold held: the hold is released on the next run.
  const hold = step({
    name: 'release-expired-hold',
    decider: inventoryDecider,
    stream: inventoryStream(eventId),
    command: (state: InventoryState, earlier: EarlierState) => {
      const after = earlier<WaitingEntryState>(entry);
      const holdId = after.exists && after.status === 'EXPIRED' ? after.offer?.holdId : undefined;
      if (holdId === undefined || findHold(state, holdId)?.status !== 'HELD') return null;
      return { type: 'ReleaseHold', eventId, holdId, now } satisfies ReleaseHold;
    },
  });
  return [entry, releasePlace(place, entry, now), hold];
}

/** The order placed from an offer hold completed: the entry is CONVERTED and its address may join again. */
export function waitingListConvert(place: EntryPlace, holdId: string, orderId: string, now: Date): AnyStep[] {
  const { eventId, entryId } = place;
  const entry = step({
    name: 'convert-entry',
    decider: waitingEntryDecider,
    stream: waitingEntryStream(entryId),
    command: {
      type: 'ConvertWaitingEntry',
      eventId,
      entryId,
      holdId,
      orderId,
      now,
    } satisfies ConvertWaitingEntry,
  });
  return [entry, releasePlace(place, entry, now)];
}

/** The entry as it joined: its address (for the claim and the mail), ticket, tier, quantity and language. */
export async function joinedEntry(
  store: Pick<EventStore, 'readStream'>,
  entryId: string,
): Promise<WaitingEntryJoined['data'] | null> {
  for await (const recorded of store.readStream(waitingEntryStream(entryId)))
    if (recorded.type === 'WaitingEntryJoined') return recorded.data as WaitingEntryJoined['data'];
  return null;
}

/**
 * Taking an entry off the list (docs/waiting-list.md): the entry `Removed` first, since an offer may race it;
 * then the inventory gives back what the entry was owed (its waiting demand, or the units of an offer it still
 * holds); then the place claim, so the address may join again. Every step is quiet when repeated.
 */
export function waitingListRemove(remove: RemoveWaitingEntry, place: WaitingPlace): AnyStep[] {
  const { eventId, entryId, now } = remove;
  const entry = step({
    name: 'entry',
    decider: waitingEntryDecider,
    stream: waitingEntryStream(entryId),
    command: remove,
  });
  const inventory = step({
    name: 'inventory',
    decider: inventoryDecider,
    stream: inventoryStream(eventId),
    command: (state: InventoryState, earlier): InventoryCommand => {
      const removed = earlier<WaitingEntryState>(entry);
      const holdId = removed.exists ? removed.offer?.holdId : undefined;
      return holdId !== undefined && findHold(state, holdId)
        ? { type: 'ReleaseHold', eventId, holdId, now }
        : { type: 'RemoveWaitingDemand', eventId, entryId, now };
    },
  });
  const claim = step({
    name: 'release-claim',
    decider: waitingClaimDecider,
    stream: waitingClaimStream(eventId, place.ticketId, place.email),
    command: { type: 'ReleaseWaitingPlace', eventId, ticketId: place.ticketId, entryId, now },
  });
  return [entry, inventory, claim];
}

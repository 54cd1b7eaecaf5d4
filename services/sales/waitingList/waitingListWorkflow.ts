import type { AnyStep } from '../../kit/workflow';
import { step } from '../../kit/workflow';
import { inventoryDecider, type AddWaitingDemand } from '../../inventory/inventoryDecider';
import { inventoryStream } from '../../inventory/inventoryEvents';
import {
  waitingClaimDecider,
  waitingEntryDecider,
  type JoinWaitingList,
  type WaitingClaimState,
} from './waitingEntryDecider';
import { waitingClaimStream, waitingEntryStream } from './waitingListEvents';
import { findHold, type InventoryCommand, type InventoryState } from '../../inventory/inventoryDecider';
import type { RemoveWaitingEntry, WaitingEntryState } from './waitingEntryDecider';

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

/** Whose place a removal frees: the entry's ticket and address, as its `WaitingEntryJoined` recorded them. */
export interface WaitingPlace {
  ticketId: string;
  email: string;
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

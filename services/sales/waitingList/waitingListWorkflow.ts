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

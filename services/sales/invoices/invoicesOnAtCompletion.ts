import type { EventStore } from '../../eventstore/port';
import { eventDecider } from '../../catalog/events/eventDecider';
import { eventStream, type EventEvent } from '../../catalog/events/eventEvents';

/**
 * Whether an event had invoices on when one of its orders completed, read from the event's stream as it stood
 * at the completion's position. The invoice reactor (which issues the invoice) and the order mail reactor (whose
 * confirmation then waits for it) run apart; reading the same moment, they decide alike even when the organizer
 * switches invoices off between the two reads (docs/invoices.md "The confirmation carries the invoice").
 */
export async function invoicesOnAtCompletion(
  store: Pick<EventStore, 'readStream'>,
  eventId: string,
  completedAt: bigint,
): Promise<boolean> {
  let state = eventDecider.initialState();
  for await (const recorded of store.readStream(eventStream(eventId))) {
    if (recorded.position > completedAt) break;
    state = eventDecider.evolve(state, { type: recorded.type, data: recorded.data } as EventEvent);
  }
  return state.exists && state.settings.invoicesEnabled;
}

import type { EventStore } from '../../eventstore/port';
import { eventDecider, type EventState } from '../../catalog/events/eventDecider';
import { eventStream, type EventEvent } from '../../catalog/events/eventEvents';

type StreamReader = Pick<EventStore, 'readStream'>;

/** An event's stream as far as it has been read: its state, and where invoices were switched on or off. */
interface InvoiceSwitches {
  nextRevision: bigint;
  state: EventState;
  /** In stream order: from `position` on, invoices were `on` (before the first entry, off). */
  changes: { position: bigint; on: boolean }[];
}

// Per store, the events read so far. Each completion of a rush asked the whole event stream again (two reads an
// order: the invoice reactor and the order mail reactor); now each reads only what the stream gained since.
const switchesByStore = new WeakMap<StreamReader, Map<string, InvoiceSwitches>>();
const eventsKept = 1_000;

/**
 * Whether an event had invoices on when one of its orders completed, read from the event's stream as it stood
 * at the completion's position. The invoice reactor (which issues the invoice) and the order mail reactor (whose
 * confirmation then waits for it) run apart; reading the same moment, they decide alike even when the organizer
 * switches invoices off between the two reads (docs/invoices.md "The confirmation carries the invoice").
 *
 * What was read is kept and only the revisions after it are read again. That is the same answer as reading the
 * whole stream: a stream's revisions are appended one after another, each once the one before is committed, so
 * their positions rise with them (on PostgreSQL too, where positions of different streams can become visible
 * out of order), and an event before the completion is visible by the time the completion is handled.
 */
export async function invoicesOnAtCompletion(
  store: StreamReader,
  eventId: string,
  completedAt: bigint,
): Promise<boolean> {
  let known = switchesByStore.get(store);
  if (!known) switchesByStore.set(store, (known = new Map<string, InvoiceSwitches>()));
  let switches = known.get(eventId);
  if (!switches) {
    switches = { nextRevision: 0n, state: eventDecider.initialState(), changes: [] };
    if (known.size >= eventsKept) known.delete(known.keys().next().value!);
    known.set(eventId, switches);
  }
  for await (const recorded of store.readStream(eventStream(eventId), { from: switches.nextRevision })) {
    // Two completions of one event read at once: the second skips what the first has taken in.
    if (recorded.revision < switches.nextRevision) continue;
    const wasOn = isOn(switches.state);
    switches.state = eventDecider.evolve(switches.state, {
      type: recorded.type,
      data: recorded.data,
    } as EventEvent);
    switches.nextRevision = recorded.revision + 1n;
    const on = isOn(switches.state);
    if (on !== wasOn) switches.changes.push({ position: recorded.position, on });
  }
  return switches.changes.findLast((change) => change.position <= completedAt)?.on ?? false;
}

const isOn = (state: EventState): boolean => state.exists && state.settings.invoicesEnabled;

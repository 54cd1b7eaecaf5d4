import type { Decider } from '../../kit/decider';
import { refuse } from '../../kit/refusal';
import type { TicketOrderEvent } from './ticketEvents';

/**
 * Drag to sort: the whole new order in one event. The route passes the event's current ticket ids (an
 * advisory fact); a list that is not exactly those (a ticket added or deleted in another tab) is the spec's
 * "failed to sort".
 */
export type SortTickets = {
  type: 'SortTickets';
  eventId: string;
  ticketIds: readonly string[];
  existingTicketIds: readonly string[];
  now: Date;
};

export type TicketOrderState = { ticketIds: readonly string[] };

export const ticketOrderDecider: Decider<SortTickets, TicketOrderEvent, TicketOrderState> = {
  initialState: () => ({ ticketIds: [] }),
  evolve: (_state, event) => ({ ticketIds: event.data.ticketIds }),
  decide(command, state) {
    const wanted = new Set(command.ticketIds);
    const existing = new Set(command.existingTicketIds);
    if (
      wanted.size !== command.ticketIds.length ||
      wanted.size !== existing.size ||
      command.ticketIds.some((ticketId) => !existing.has(ticketId))
    )
      refuse('ticket_sort_failed', undefined, {
        ticket_ids: ["Send every one of the event's tickets, once"],
      });
    if (JSON.stringify(state.ticketIds) === JSON.stringify(command.ticketIds)) return [];
    return [
      {
        type: 'TicketsSorted',
        data: {
          eventId: command.eventId,
          ticketIds: [...command.ticketIds],
          sortedAt: command.now.toISOString(),
        },
      },
    ];
  },
};

/** Tickets in the organizer's order; tickets the order does not name yet (created since) follow by creation. */
export function sortTickets<T extends { ticketId: string }>(
  tickets: readonly T[],
  order: readonly string[],
): T[] {
  const rank = new Map(order.map((ticketId, index) => [ticketId, index]));
  return tickets
    .map((ticket, index) => ({ ticket, index }))
    .sort(
      (a, b) =>
        (rank.get(a.ticket.ticketId) ?? order.length + a.index) -
        (rank.get(b.ticket.ticketId) ?? order.length + b.index),
    )
    .map(({ ticket }) => ticket);
}

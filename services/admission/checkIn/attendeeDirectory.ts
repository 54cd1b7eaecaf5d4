import type { Knex } from 'knex';
import {
  findTicketHolder,
  orderedTicketTitles,
  searchEventAttendees,
  ticketHoldersPerTicket,
  type AttendeeRow,
} from '../../../projections/orders';
import type { AttendeeFacts } from './checkInDecider';

/**
 * The attendees a check-in list admits, read from the orders module's `attendees` read model (projections/orders;
 * advisory facts, docs/decisions/cross-module-facts.md section 1): the decider gets the ticket, status and
 * payment as they were a few hundred milliseconds ago at worst. An attendee whose order never completed
 * (payment `PENDING`) holds no ticket: check-in does not know them. `UNPAID` is an order awaiting an offline
 * payment, refused as `attendee_unpaid`.
 */

export interface AttendeeRecord extends AttendeeFacts {
  shortId: string;
  orderId: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** An attendee as the door's search and snapshot show them: with what tells namesakes apart. */
export interface ListedAttendee extends AttendeeRecord {
  /** The ticket's title as ordered (order lines); null when the orders module does not know it. */
  ticketTitle: string | null;
  /** The order reference the buyer sees in their confirmation and on their order page. */
  orderReference: string | null;
}

function toRecord(row: AttendeeRow): AttendeeRecord {
  return {
    attendeeId: row.id,
    eventId: row.event_id,
    ticketId: row.ticket_id,
    status: row.status === 'CANCELLED' ? 'CANCELLED' : 'ACTIVE',
    payment: row.payment === 'PAID' ? 'PAID' : 'UNPAID',
    shortId: row.short_id,
    orderId: row.order_id,
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    email: row.email ?? '',
  };
}

/** An attendee of any event by public short id (a code of another event must be told apart from none). */
export async function findAttendeeByShortId(db: Knex, shortId: string): Promise<AttendeeRecord | null> {
  const row = await findTicketHolder(db, shortId);
  return row ? toRecord(row) : null;
}

/** Names of attendees by id, for the organizer's list of scan issues. */
export { attendeeNames } from '../../../projections/orders';

/**
 * The attendees whose ticket the list admits, filtered by name, email, order or ticket reference, or exactly
 * those of one order by the reference its buyer sees, with their ticket's title and their order's reference.
 */
export async function searchListAttendees(
  db: Knex,
  list: { eventId: string; ticketIds: readonly string[] },
  options: { query?: string | undefined; orderReference?: string | undefined; limit: number },
): Promise<ListedAttendee[]> {
  const rows = await searchEventAttendees(db, list.eventId, { ticketIds: list.ticketIds, ...options });
  const titles = rows.length > 0 ? await orderedTicketTitles(db, list.eventId) : new Map<string, string>();
  return rows.map((row) => ({
    ...toRecord(row),
    ticketTitle: titles.get(row.ticket_id) ?? null,
    orderReference: row.order_reference,
  }));
}

/** Attendees a list could admit (not cancelled), per list: the "total" of "checked in / total". */
export async function countListAttendees(
  db: Knex,
  eventId: string,
  lists: ReadonlyArray<{ id: string; ticketIds: readonly string[] }>,
): Promise<Map<string, number>> {
  const byTicket = await ticketHoldersPerTicket(db, eventId);
  return new Map(
    lists.map((list) => [
      list.id,
      list.ticketIds.reduce((sum, ticketId) => sum + (byTicket.get(ticketId) ?? 0), 0),
    ]),
  );
}

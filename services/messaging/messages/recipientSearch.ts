import type { Knex } from 'knex';
import {
  orderedTicketTitles,
  searchAttendees,
  searchOrderBuyers,
  type PersonFound,
} from '../../../projections/orders';

/**
 * Who a message can reach, and the composer's search for one person (docs/messages.md). The reactor mails
 * exactly these, so the picker offers no one who would get nothing.
 */

/** Attendees holding an issued ticket: active, and paid or awaiting an offline payment. */
export const messageableAttendee = { status: 'ACTIVE', payments: ['PAID', 'UNPAID'] } as const;

/** Buyers of orders that went through: completed, or awaiting an offline payment. */
export const messageableOrderStatuses = ['COMPLETED', 'AWAITING_PAYMENT'] as const;

export type RecipientKind = 'attendee' | 'order_buyer';

export interface RecipientCandidate {
  kind: RecipientKind;
  /** The attendee's id (`at_…`) or the order's id: what the message's recipients name. */
  id: string;
  name: string;
  email: string | null;
  /** The order's reference, as the orders and attendees lists show it. */
  reference: string;
  /** The attendee's ticket; null for a buyer. */
  ticket_title: string | null;
}

export const recipientSearchLimit = 20;

const nameOf = (row: PersonFound) => [row.first_name, row.last_name].filter(Boolean).join(' ');

export async function searchMessageRecipients(
  db: Knex,
  eventId: string,
  search: { kind: RecipientKind; query: string },
): Promise<RecipientCandidate[]> {
  const words = search.query.split(/\s+/).filter(Boolean).slice(0, 8);
  if (search.kind === 'order_buyer') {
    const rows = await searchOrderBuyers(db, eventId, {
      statuses: messageableOrderStatuses,
      words,
      limit: recipientSearchLimit,
    });
    return rows.map((row) => ({
      kind: 'order_buyer',
      id: row.id,
      name: nameOf(row),
      email: row.email,
      reference: row.reference,
      ticket_title: null,
    }));
  }
  const [rows, titles] = await Promise.all([
    searchAttendees(db, eventId, {
      status: messageableAttendee.status,
      payments: messageableAttendee.payments,
      words,
      limit: recipientSearchLimit,
    }),
    orderedTicketTitles(db, eventId),
  ]);
  return rows.map((row) => ({
    kind: 'attendee',
    id: row.id,
    name: nameOf(row),
    email: row.email,
    reference: row.reference,
    ticket_title: (row.ticket_id && titles.get(row.ticket_id)) || null,
  }));
}

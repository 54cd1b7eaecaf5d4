import type { Knex } from 'knex';
import { escapeLike } from '../../kit/listQuery';
import { orderedTicketTitles } from '../../../projections/orders';

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

interface PersonRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  reference: string;
  ticket_id?: string;
}

/**
 * Every word of `query` must appear (case-insensitively) in the first name, last name, email or order
 * reference, so "ann lee" finds Ann Lee and "lee hmbc" her order. An empty query lists the first few by name.
 */
function whereEveryWord(
  query: Knex.QueryBuilder,
  words: readonly string[],
  columns: readonly string[],
): Knex.QueryBuilder {
  for (const word of words) {
    const needle = `%${escapeLike(word.toLowerCase())}%`;
    void query.where((where) => {
      for (const column of columns) void where.orWhereRaw(`lower(??) like ? escape '\\'`, [column, needle]);
    });
  }
  return query;
}

const nameOf = (row: PersonRow) => [row.first_name, row.last_name].filter(Boolean).join(' ');

export async function searchMessageRecipients(
  db: Knex,
  eventId: string,
  search: { kind: RecipientKind; query: string },
): Promise<RecipientCandidate[]> {
  const words = search.query.split(/\s+/).filter(Boolean).slice(0, 8);
  if (search.kind === 'order_buyer') {
    const rows = (await whereEveryWord(
      db('orders')
        .where({ event_id: eventId })
        .whereIn('status', messageableOrderStatuses)
        .select('id', 'first_name', 'last_name', 'email', 'reference'),
      words,
      ['first_name', 'last_name', 'email', 'reference'],
    )
      .orderByRaw('lower(last_name), lower(first_name), id')
      .limit(recipientSearchLimit)) as PersonRow[];
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
    whereEveryWord(
      db('attendees as a')
        .join('orders as o', 'o.id', 'a.order_id')
        .where('a.event_id', eventId)
        .where('a.status', messageableAttendee.status)
        .whereIn('a.payment', messageableAttendee.payments)
        .select('a.id', 'a.first_name', 'a.last_name', 'a.email', 'a.ticket_id', 'o.reference'),
      words,
      ['a.first_name', 'a.last_name', 'a.email', 'o.reference'],
    )
      .orderByRaw('lower(a.last_name), lower(a.first_name), a.id')
      .limit(recipientSearchLimit) as Promise<PersonRow[]>,
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

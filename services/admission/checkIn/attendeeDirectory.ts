import type { Knex } from 'knex';
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

interface AttendeeRow {
  id: string;
  event_id: string;
  order_id: string;
  ticket_id: string;
  short_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  status: string;
  payment: string;
}

const columns = [
  'id',
  'event_id',
  'order_id',
  'ticket_id',
  'short_id',
  'first_name',
  'last_name',
  'email',
  'status',
  'payment',
];

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

/** Tables known to exist, per database: once created they stay (a rebuild swaps them in one transaction). */
const knownTables = new WeakMap<Knex, Set<string>>();

/** Whether the orders module has created `table` yet; asked once per database, not on every scan. */
async function hasTable(db: Knex, table: 'attendees' | 'orders' | 'order_lines'): Promise<boolean> {
  const known = knownTables.get(db) ?? new Set<string>();
  if (known.has(table)) return true;
  const exists = await db.schema.hasTable(table);
  if (exists) knownTables.set(db, known.add(table));
  return exists;
}

const hasAttendees = (db: Knex) => hasTable(db, 'attendees');

/** An attendee of any event by public short id (a code of another event must be told apart from none). */
export async function findAttendeeByShortId(db: Knex, shortId: string): Promise<AttendeeRecord | null> {
  if (!(await hasAttendees(db))) return null;
  const row = await db<AttendeeRow>('attendees')
    .where({ short_id: shortId })
    .whereNot({ payment: 'PENDING' })
    .first<AttendeeRow | undefined>(columns);
  return row ? toRecord(row) : null;
}

/** Names of attendees by id (for the organizer's list of scan issues); unknown ids are left out. */
export async function attendeeNames(db: Knex, attendeeIds: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (attendeeIds.length === 0 || !(await hasAttendees(db))) return names;
  const rows = await db<AttendeeRow>('attendees')
    .whereIn('id', [...new Set(attendeeIds)])
    .select<Pick<AttendeeRow, 'id' | 'first_name' | 'last_name'>[]>('id', 'first_name', 'last_name');
  for (const row of rows) names.set(row.id, `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim());
  return names;
}

/**
 * The attendees whose ticket the list admits, filtered by name, email, order or ticket reference, or exactly
 * those of one order by the reference its buyer sees, with their ticket's title and their order's reference.
 */
export async function searchListAttendees(
  db: Knex,
  list: { eventId: string; ticketIds: readonly string[] },
  options: { query?: string | undefined; orderReference?: string | undefined; limit: number },
): Promise<ListedAttendee[]> {
  if (!(await hasAttendees(db)) || list.ticketIds.length === 0) return [];
  const withOrders = await hasTable(db, 'orders');
  if (options.orderReference !== undefined && !withOrders) return [];
  const query = db('attendees as a')
    .where('a.event_id', list.eventId)
    .whereNot('a.payment', 'PENDING')
    .whereIn('a.ticket_id', [...list.ticketIds]);
  if (withOrders) void query.leftJoin('orders as o', 'o.id', 'a.order_id');
  if (options.orderReference !== undefined) void query.where('o.reference', options.orderReference);
  const text = options.query?.trim().toLowerCase();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    void query.where((where) => {
      void where
        .whereRaw(
          `lower(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')) like ? escape '\\'`,
          [like],
        )
        .orWhereRaw(`lower(coalesce(a.email, '')) like ? escape '\\'`, [like])
        .orWhereRaw(`lower(a.order_id) like ? escape '\\'`, [like])
        .orWhereRaw(`lower(a.short_id) like ? escape '\\'`, [like])
        .orWhereRaw(`lower(a.id) like ? escape '\\'`, [like]);
      if (withOrders) void where.orWhereRaw(`lower(coalesce(o.reference, '')) like ? escape '\\'`, [like]);
    });
  }
  const rows = await query
    .orderBy([{ column: 'a.last_name' }, { column: 'a.first_name' }, { column: 'a.id' }])
    .limit(options.limit)
    .select<(AttendeeRow & { order_reference?: string | null })[]>([
      ...columns.map((column) => `a.${column}`),
      ...(withOrders ? ['o.reference as order_reference'] : []),
    ]);
  const titles = rows.length > 0 ? await orderedTicketTitles(db, list.eventId) : new Map<string, string>();
  return rows.map((row) => ({
    ...toRecord(row),
    ticketTitle: titles.get(row.ticket_id) ?? null,
    orderReference: row.order_reference ?? null,
  }));
}

/** The title each ticket of the event was ordered under, by ticket id (the orders module's order lines). */
async function orderedTicketTitles(db: Knex, eventId: string): Promise<Map<string, string>> {
  if (!(await hasTable(db, 'order_lines'))) return new Map();
  const rows: { ticket_id: string; ticket_title: string }[] = await db('order_lines')
    .where({ event_id: eventId })
    .distinct('ticket_id', 'ticket_title');
  return new Map(rows.map((row) => [row.ticket_id, row.ticket_title]));
}

/** Attendees a list could admit (not cancelled), per list: the "total" of "checked in / total". */
export async function countListAttendees(
  db: Knex,
  eventId: string,
  lists: ReadonlyArray<{ id: string; ticketIds: readonly string[] }>,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (!(await hasAttendees(db))) return counts;
  const perTicket = await db('attendees')
    .where({ event_id: eventId })
    .whereNot({ status: 'CANCELLED' })
    .whereNot({ payment: 'PENDING' })
    .groupBy('ticket_id')
    .select('ticket_id')
    .count({ count: '*' });
  const byTicket = new Map(
    (perTicket as Array<{ ticket_id: string; count: string | number }>).map((row) => [
      String(row.ticket_id),
      Number(row.count),
    ]),
  );
  for (const list of lists)
    counts.set(
      list.id,
      list.ticketIds.reduce((sum, ticketId) => sum + (byTicket.get(ticketId) ?? 0), 0),
    );
  return counts;
}

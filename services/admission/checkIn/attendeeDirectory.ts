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

/** Databases known to hold the table: once created it stays (a rebuild swaps it in one transaction). */
const withAttendees = new WeakSet<Knex>();

/** Whether the orders module has created its table yet; asked once per database, not on every scan. */
async function hasAttendees(db: Knex): Promise<boolean> {
  if (withAttendees.has(db)) return true;
  const exists = await db.schema.hasTable('attendees');
  if (exists) withAttendees.add(db);
  return exists;
}

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

/** The attendees whose ticket the list admits, filtered by name, email, order or ticket reference. */
export async function searchListAttendees(
  db: Knex,
  list: { eventId: string; ticketIds: readonly string[] },
  options: { query?: string; limit: number },
): Promise<AttendeeRecord[]> {
  if (!(await hasAttendees(db)) || list.ticketIds.length === 0) return [];
  const query = db('attendees')
    .where({ event_id: list.eventId })
    .whereNot({ payment: 'PENDING' })
    .whereIn('ticket_id', [...list.ticketIds]);
  const orders = await db.schema.hasTable('orders');
  const text = options.query?.trim().toLowerCase();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query.where((where) => {
      where
        .whereRaw(`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) like ? escape '\\'`, [
          like,
        ])
        .orWhereRaw(`lower(coalesce(email, '')) like ? escape '\\'`, [like])
        .orWhereRaw(`lower(order_id) like ? escape '\\'`, [like])
        .orWhereIn(
          'order_id',
          orders
            ? db('orders')
                .where({ event_id: list.eventId })
                .whereRaw(`lower(reference) like ? escape '\\'`, [like])
                .select('id')
            : [],
        )
        .orWhereRaw(`lower(short_id) like ? escape '\\'`, [like])
        .orWhereRaw(`lower(id) like ? escape '\\'`, [like]);
    });
  }
  const rows = await query
    .orderBy([{ column: 'last_name' }, { column: 'first_name' }, { column: 'id' }])
    .limit(options.limit)
    .select<AttendeeRow[]>(columns);
  return rows.map(toRecord);
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

import type { Knex } from 'knex';
import type { ListQuery, ListSpec } from '../../services/kit/listQuery';
import { escapeLike, filterList, runListQuery } from '../../services/kit/listQuery';
import type { OrderStatus } from '../../services/sales/orders/orderEvents';
import type { AttendeePaymentStatus, AttendeeRow, AttendeeStatus } from './attendees';
import type { OrderLineRow } from './orderLines';
import { numeric, type OrderPaymentRow } from './orderPayments';
import type { OrderRow } from './orders';
import { firstRow, selectRows } from '../runner/db';
import { firstRowWhere } from '../runner/rowStatements';

const orderNumbers = ['subtotal', 'discount_total', 'fee_total', 'tax_total', 'total', 'revision'] as const;
const lineNumbers = [
  'position',
  'quantity',
  'unit_price',
  'price',
  'discount',
  'fee_total',
  'tax_total',
  'total',
] as const;

/** The money of these orders, by order id (orders without a payment record have none). */
export async function orderPayments(
  db: Knex,
  orderIds: readonly string[],
): Promise<Map<string, OrderPaymentRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db<OrderPaymentRow>('order_payments').whereIn('order_id', [...new Set(orderIds)]);
  return new Map(
    rows.map((row) => [
      row.order_id,
      {
        ...numeric(row, ['paid_total', 'refunded_total', 'pending_refund']),
        amount_mismatch: Boolean(row.amount_mismatch),
      },
    ]),
  );
}

const fromOrder = (row: OrderRow): OrderRow => numeric(row, orderNumbers);
const fromLine = (row: OrderLineRow): OrderLineRow => numeric(row, lineNumbers);
const fromAttendee = (row: AttendeeRow): AttendeeRow => numeric(row, ['position']);

export async function findOrder(db: Knex, orderId: string): Promise<OrderRow | undefined> {
  const row = await firstRowWhere<OrderRow>(db, 'orders', { id: orderId });
  return row && fromOrder(row);
}

/** Orders of the event, whatever their status (an advisory fact: an event with orders is not deleted). */
export async function countEventOrders(db: Knex, eventId: string): Promise<number> {
  const row = (await db('orders').where({ event_id: eventId }).count({ n: '*' }).first()) as
    { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

export async function findOrderByShortId(
  db: Knex,
  eventId: string,
  shortId: string,
): Promise<OrderRow | undefined> {
  const row = await firstRowWhere<OrderRow>(db, 'orders', { short_id: shortId, event_id: eventId });
  return row && fromOrder(row);
}

export async function findAccountOrder(
  db: Knex,
  accountId: string,
  eventId: string,
  orderId: string,
): Promise<OrderRow | undefined> {
  const row = await firstRowWhere<OrderRow>(db, 'orders', {
    id: orderId,
    account_id: accountId,
    event_id: eventId,
  });
  return row && fromOrder(row);
}

export async function listOrderLines(db: Knex, orderId: string): Promise<OrderLineRow[]> {
  const rows = await selectRows<OrderLineRow>(
    db,
    'select * from "order_lines" where "order_id" = ? order by "position"',
    [orderId],
  );
  return rows.map(fromLine);
}

export async function listOrderAttendees(db: Knex, orderId: string): Promise<AttendeeRow[]> {
  const rows = await selectRows<AttendeeRow>(
    db,
    'select * from "attendees" where "order_id" = ? order by "position"',
    [orderId],
  );
  return rows.map(fromAttendee);
}

export async function findAttendeeByShortId(
  db: Knex,
  eventId: string,
  shortId: string,
): Promise<AttendeeRow | undefined> {
  const row = await firstRowWhere<AttendeeRow>(db, 'attendees', { short_id: shortId, event_id: eventId });
  return row && fromAttendee(row);
}

/** Open orders past their expiry at `now` (the expiry reactor's sweep). */
export async function listOverdueOrders(db: Knex, now: Date, limit = 200): Promise<OrderRow[]> {
  const rows = await db<OrderRow>('orders')
    .whereIn('status', ['AWAITING_DETAILS', 'RESERVED', 'PAYMENT_FAILED'])
    .where('expires_at', '<=', now.toISOString())
    .orderBy('expires_at')
    .limit(limit);
  return rows.map(fromOrder);
}

export const orderListSpec: ListSpec = {
  sorts: { created_at: 'created_at', total: 'total', reference: 'reference', last_name: 'last_name' },
  defaultSort: 'created_at',
  defaultDirection: 'desc',
  filters: {
    status: {
      column: 'status',
      operators: ['eq', 'ne', 'in'],
      values: [
        'AWAITING_DETAILS',
        'RESERVED',
        'AWAITING_PAYMENT',
        'COMPLETED',
        'CANCELLED',
        'EXPIRED',
        'ABANDONED',
        'PAYMENT_FAILED',
        'REFUND_PENDING',
        'REFUNDED',
        'PARTIALLY_REFUNDED',
        'REFUND_FAILED',
      ],
    },
    payment_method: {
      column: 'payment_method',
      operators: ['eq', 'in'],
      values: ['FREE', 'OFFLINE', 'CARD'],
    },
    affiliate_code: { column: 'affiliate_code', operators: ['eq'] },
    promo_code_id: { column: 'promo_code_id', operators: ['eq'] },
    /** Orders with a line of one of these tickets. */
    ticket_id: {
      operators: ['eq', 'in'],
      apply: (query, _operator, values) =>
        void query.whereIn('id', function linesOf(this: Knex.QueryBuilder) {
          void this.select('order_id').from('order_lines').whereIn('ticket_id', values);
        }),
    },
    /** A date range: `filter_fields[created_at][gte]=2026-01-01&filter_fields[created_at][lt]=2026-02-01`. */
    created_at: { column: 'created_at', operators: ['gte', 'gt', 'lte', 'lt'] },
  },
  searchColumns: ['reference', 'first_name', 'last_name', 'email'],
  tieBreaker: 'id',
};

export async function listEventOrders(db: Knex, eventId: string, list: ListQuery) {
  const { rows, meta } = await runListQuery<OrderRow>(
    db('orders').where({ event_id: eventId }),
    list,
    orderListSpec,
  );
  return { rows: rows.map(fromOrder), meta };
}

export const attendeeListSpec: ListSpec = {
  sorts: { created_at: 'created_at', last_name: 'last_name', first_name: 'first_name', email: 'email' },
  defaultSort: 'created_at',
  defaultDirection: 'desc',
  filters: {
    status: { column: 'status', operators: ['eq', 'in'], values: ['ACTIVE', 'CANCELLED'] },
    payment: { column: 'payment', operators: ['eq', 'in'], values: ['PAID', 'UNPAID', 'PENDING'] },
    ticket_id: { column: 'ticket_id', operators: ['eq', 'in'] },
    order_id: { column: 'order_id', operators: ['eq'] },
    created_at: { column: 'created_at', operators: ['gte', 'gt', 'lte', 'lt'] },
  },
  searchColumns: ['first_name', 'last_name', 'email', 'short_id'],
  tieBreaker: 'id',
};

/** An event's attendees of orders that went through (completed or awaiting an offline payment, or cancelled since). */
export async function listEventAttendees(db: Knex, eventId: string, list: ListQuery) {
  const { rows, meta } = await runListQuery<AttendeeRow>(wentThrough(db, eventId), list, attendeeListSpec);
  return { rows: rows.map(fromAttendee), meta };
}

const wentThrough = (db: Knex, eventId: string) =>
  db('attendees').where({ event_id: eventId }).whereNot({ payment: 'PENDING' });

export async function findAccountAttendee(
  db: Knex,
  accountId: string,
  eventId: string,
  attendeeId: string,
): Promise<AttendeeRow | undefined> {
  const row = (await db('attendees')
    .where({ id: attendeeId, account_id: accountId, event_id: eventId })
    .first()) as AttendeeRow | undefined;
  return row && fromAttendee(row);
}

/** Each order's reference, for the orders of a page of attendees. */
export async function orderReferences(db: Knex, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows: { id: string; reference: string }[] = await db('orders')
    .whereIn('id', [...new Set(orderIds)])
    .select('id', 'reference');
  return new Map(rows.map((row) => [row.id, row.reference]));
}

/** The manual orders among these (amount paid by order id). */
export async function manualOrders(db: Knex, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = (await db('manual_orders').whereIn('order_id', [...new Set(orderIds)])) as {
    order_id: string;
    amount_paid: number | string;
  }[];
  return new Map(rows.map((row) => [row.order_id, Number(row.amount_paid)]));
}

/** The ticket titles of an event's order lines, by ticket id (the title when the ticket was first ordered). */
export async function orderedTicketTitles(db: Knex, eventId: string): Promise<Map<string, string>> {
  const rows: { ticket_id: string; ticket_title: string }[] = await db('order_lines')
    .where({ event_id: eventId })
    .distinct('ticket_id', 'ticket_title');
  return new Map(rows.map((row) => [row.ticket_id, row.ticket_title]));
}

/**
 * An export's rows in pages (keyset on `created_at, id`, oldest first): each page is its own short query, so
 * a long export neither holds a connection nor the table in memory, and rows added meanwhile never shift a page.
 */
async function* pagesOf<Row extends { id: string; created_at: string }>(
  filtered: () => Knex.QueryBuilder,
  pageSize: number,
  convert: (row: Row) => Row,
): AsyncGenerator<Row[]> {
  let after: { created_at: string; id: string } | null = null;
  for (;;) {
    const query = filtered().orderBy('created_at', 'asc').orderBy('id', 'asc').limit(pageSize);
    // The plain bound lets both databases walk the (event_id, created_at) index from the last row on; the
    // row-value comparison then skips the rows of that instant already written.
    if (after)
      void query
        .where('created_at', '>=', after.created_at)
        .whereRaw('(created_at, id) > (?, ?)', [after.created_at, after.id]);
    const rows = ((await query) as Row[]).map(convert);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
  }
}

export const exportPageSize = 1_000;

export function exportEventOrders(db: Knex, eventId: string, list: ListQuery, pageSize = exportPageSize) {
  return pagesOf<OrderRow>(
    () => filterList(db('orders').where({ event_id: eventId }), list, orderListSpec),
    pageSize,
    fromOrder,
  );
}

export function exportEventAttendees(db: Knex, eventId: string, list: ListQuery, pageSize = exportPageSize) {
  return pagesOf<AttendeeRow>(
    () => filterList(wentThrough(db, eventId), list, attendeeListSpec),
    pageSize,
    fromAttendee,
  );
}

// ---------- the attendees other modules ask about (check-in, messages)

/** An attendee of any event by public short id, if their order went through (a pending order holds no ticket). */
export async function findTicketHolder(db: Knex, shortId: string): Promise<AttendeeRow | undefined> {
  const row = await firstRow<AttendeeRow>(
    db,
    "SELECT * FROM attendees WHERE short_id = ? AND NOT payment = 'PENDING' LIMIT 1",
    [shortId],
  );
  return row && fromAttendee(row);
}

/** Names of attendees by id ("first last"); unknown ids are left out. */
export async function attendeeNames(db: Knex, attendeeIds: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (attendeeIds.length === 0) return names;
  const rows = await db<AttendeeRow>('attendees')
    .whereIn('id', [...new Set(attendeeIds)])
    .select<Pick<AttendeeRow, 'id' | 'first_name' | 'last_name'>[]>('id', 'first_name', 'last_name');
  for (const row of rows) names.set(row.id, `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim());
  return names;
}

export interface AttendeeWithReference extends AttendeeRow {
  order_reference: string | null;
}

/**
 * An event's attendees of orders that went through holding one of `ticketIds`, filtered by name, email, order,
 * attendee or order reference, or exactly those of one order by the reference its buyer sees; by name.
 */
export async function searchEventAttendees(
  db: Knex,
  eventId: string,
  options: {
    ticketIds: readonly string[];
    query?: string | undefined;
    orderReference?: string | undefined;
    limit: number;
  },
): Promise<AttendeeWithReference[]> {
  if (options.ticketIds.length === 0) return [];
  const query = db('attendees as a')
    .where('a.event_id', eventId)
    .whereNot('a.payment', 'PENDING')
    .whereIn('a.ticket_id', [...options.ticketIds])
    .leftJoin('orders as o', 'o.id', 'a.order_id');
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
        .orWhereRaw(`lower(a.id) like ? escape '\\'`, [like])
        .orWhereRaw(`lower(coalesce(o.reference, '')) like ? escape '\\'`, [like]);
    });
  }
  const rows = await query
    .orderBy([{ column: 'a.last_name' }, { column: 'a.first_name' }, { column: 'a.id' }])
    .limit(options.limit)
    .select<AttendeeWithReference[]>('a.*', 'o.reference as order_reference');
  return rows.map((row) => ({ ...fromAttendee(row), order_reference: row.order_reference ?? null }));
}

/** An event's attendees holding a ticket (their order went through, they are not cancelled), per ticket id. */
export async function ticketHoldersPerTicket(db: Knex, eventId: string): Promise<Map<string, number>> {
  const rows = await db('attendees')
    .where({ event_id: eventId })
    .whereNot({ status: 'CANCELLED' })
    .whereNot({ payment: 'PENDING' })
    .groupBy('ticket_id')
    .select('ticket_id')
    .count({ count: '*' });
  return new Map(
    (rows as { ticket_id: string; count: string | number }[]).map((row) => [
      String(row.ticket_id),
      Number(row.count),
    ]),
  );
}

export async function findAttendee(db: Knex, attendeeId: string): Promise<AttendeeRow | undefined> {
  const row = (await db('attendees').where({ id: attendeeId }).first()) as AttendeeRow | undefined;
  return row && fromAttendee(row);
}

/**
 * Every word must appear (case-insensitively) in one of the columns, so "ann lee" finds Ann Lee and "lee hmbc"
 * her order.
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

export interface PersonFound {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  reference: string;
  ticket_id?: string;
}

/** The buyers of an event's orders in `statuses` whose name, email or reference holds every word, by name. */
export async function searchOrderBuyers(
  db: Knex,
  eventId: string,
  search: { statuses: readonly OrderStatus[]; words: readonly string[]; limit: number },
): Promise<PersonFound[]> {
  return (await whereEveryWord(
    db('orders')
      .where({ event_id: eventId })
      .whereIn('status', search.statuses)
      .select('id', 'first_name', 'last_name', 'email', 'reference'),
    search.words,
    ['first_name', 'last_name', 'email', 'reference'],
  )
    .orderByRaw('lower(last_name), lower(first_name), id')
    .limit(search.limit)) as PersonFound[];
}

/** An event's attendees in a status and payments whose name, email or order reference holds every word, by name. */
export async function searchAttendees(
  db: Knex,
  eventId: string,
  search: {
    status: AttendeeStatus;
    payments: readonly AttendeePaymentStatus[];
    words: readonly string[];
    limit: number;
  },
): Promise<PersonFound[]> {
  return (await whereEveryWord(
    db('attendees as a')
      .join('orders as o', 'o.id', 'a.order_id')
      .where('a.event_id', eventId)
      .where('a.status', search.status)
      .whereIn('a.payment', search.payments)
      .select('a.id', 'a.first_name', 'a.last_name', 'a.email', 'a.ticket_id', 'o.reference'),
    search.words,
    ['a.first_name', 'a.last_name', 'a.email', 'o.reference'],
  )
    .orderByRaw('lower(a.last_name), lower(a.first_name), a.id')
    .limit(search.limit)) as PersonFound[];
}

export interface Contact {
  email: string | null;
  locale: string;
}

/** The buyer's address and language of an event's order, if the order is in one of `statuses`. */
export async function orderBuyerContacts(
  db: Knex,
  eventId: string,
  orderId: string,
  statuses: readonly OrderStatus[],
): Promise<Contact[]> {
  return (await db('orders')
    .select('email', 'locale')
    .where({ id: orderId, event_id: eventId })
    .whereIn('status', statuses)) as Contact[];
}

/** The addresses and languages of an event's attendees in a status and payments, oldest first. */
export async function attendeeContacts(
  db: Knex,
  eventId: string,
  filter: {
    status: AttendeeStatus;
    payments: readonly AttendeePaymentStatus[];
    ticketIds?: readonly string[];
    attendeeId?: string;
  },
): Promise<Contact[]> {
  const query = db('attendees')
    .where({ event_id: eventId, status: filter.status })
    .whereIn('payment', filter.payments)
    .orderBy('created_at')
    .orderBy('id')
    .select('email', 'locale');
  if (filter.ticketIds) void query.whereIn('ticket_id', filter.ticketIds);
  if (filter.attendeeId !== undefined) void query.where({ id: filter.attendeeId });
  return (await query) as Contact[];
}

// ---------- the audit's comparison of the read model with the log

export async function listOrdersByIds(db: Knex, orderIds: readonly string[]): Promise<OrderRow[]> {
  if (orderIds.length === 0) return [];
  const rows = (await db('orders').whereIn('id', [...orderIds])) as OrderRow[];
  return rows.map(fromOrder);
}

export async function listLinesOfOrders(db: Knex, orderIds: readonly string[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db<OrderLineRow>('order_lines').whereIn('order_id', [...orderIds]);
  return rows.map(fromLine);
}

export async function listOrderIds(db: Knex): Promise<string[]> {
  return db<OrderRow>('orders').pluck('id');
}

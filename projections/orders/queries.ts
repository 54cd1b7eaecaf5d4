import type { Knex } from 'knex';
import type { ListQuery, ListSpec } from '../../services/kit/listQuery';
import { filterList, runListQuery } from '../../services/kit/listQuery';
import type { AttendeeRow } from './attendees';
import type { OrderLineRow } from './orderLines';
import { numeric, type OrderPaymentRow } from './orderPayments';
import type { OrderRow } from './orders';

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
  const row = (await db('orders').where({ id: orderId }).first()) as OrderRow | undefined;
  return row && fromOrder(row);
}

export async function findOrderByShortId(
  db: Knex,
  eventId: string,
  shortId: string,
): Promise<OrderRow | undefined> {
  const row = (await db('orders').where({ short_id: shortId, event_id: eventId }).first()) as
    OrderRow | undefined;
  return row && fromOrder(row);
}

export async function findAccountOrder(
  db: Knex,
  accountId: string,
  eventId: string,
  orderId: string,
): Promise<OrderRow | undefined> {
  const row = (await db('orders')
    .where({ id: orderId, account_id: accountId, event_id: eventId })
    .first()) as OrderRow | undefined;
  return row && fromOrder(row);
}

export async function listOrderLines(db: Knex, orderId: string): Promise<OrderLineRow[]> {
  const rows = await db<OrderLineRow>('order_lines').where({ order_id: orderId }).orderBy('position');
  return rows.map(fromLine);
}

export async function listOrderAttendees(db: Knex, orderId: string): Promise<AttendeeRow[]> {
  const rows = await db('attendees').where({ order_id: orderId }).orderBy('position');
  return rows.map(fromAttendee);
}

export async function findAttendeeByShortId(
  db: Knex,
  eventId: string,
  shortId: string,
): Promise<AttendeeRow | undefined> {
  const row = (await db('attendees').where({ short_id: shortId, event_id: eventId }).first()) as
    AttendeeRow | undefined;
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

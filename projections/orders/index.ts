import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import type { ListQuery, ListSpec } from '../../services/kit/listQuery';
import { filterList, runListQuery } from '../../services/kit/listQuery';
import {
  orderEventTypes,
  orderPaymentEventTypes,
  type OrderPaymentEvent,
  type OrderEvent,
  type OrderStatus,
  type PaymentMethod,
} from '../../services/sales/orders/orderEvents';

/**
 * Orders and their attendees: the organizer's lists, the buyer's order page and the mails. The order stream
 * is the truth; an open order past its `expires_at` is shown as expired by the presenters before the expiry
 * reactor records it (services/sales/orders/orderDecider.ts `effectiveStatus`).
 */

export const ordersTable: ReadModelTable = {
  name: 'orders',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('account_id', 40).notNullable();
    table.string('event_id', 40).notNullable();
    table.string('short_id', 40).notNullable();
    table.string('reference', 20).notNullable();
    table.string('status', 24).notNullable();
    table.string('locale', 10).notNullable();
    table.string('first_name', 255).nullable();
    table.string('last_name', 255).nullable();
    table.string('email', 320).nullable();
    table.string('currency', 3).notNullable();
    table.bigInteger('subtotal').notNullable();
    table.bigInteger('discount_total').notNullable();
    table.bigInteger('fee_total').notNullable();
    table.bigInteger('tax_total').notNullable();
    table.bigInteger('total').notNullable();
    /** JSON: `{ taxes: Charge[], fees: Charge[] }` rollups. */
    table.text('charges').notNullable();
    table.string('promo_code_id', 40).nullable();
    table.string('promo_code', 50).nullable();
    table.string('affiliate_code', 50).nullable();
    table.string('payment_method', 10).nullable();
    table.string('expires_at', 30).notNullable();
    table.string('created_at', 30).notNullable();
    table.string('completed_at', 30).nullable();
    table.string('updated_at', 30).notNullable();
    /** JSON of the buyer's per-order answers, by question id. */
    table.text('answers').nullable();
    table.integer('revision').notNullable();
    table.unique(['short_id'], { indexName: `${tableName}_short_id_idx` });
    table.index(['event_id', 'created_at'], `${tableName}_event_created_idx`);
    table.index(['status', 'expires_at'], `${tableName}_status_expires_idx`);
  },
};

export const orderLinesTable: ReadModelTable = {
  name: 'order_lines',
  define(table, tableName) {
    table.string('order_id', 40).notNullable();
    table.integer('position').notNullable();
    table.string('event_id', 40).notNullable();
    table.string('ticket_id', 40).notNullable();
    table.string('tier_id', 40).nullable();
    table.string('ticket_title', 255).notNullable();
    table.string('tier_label', 255).nullable();
    table.integer('quantity').notNullable();
    table.bigInteger('unit_price').notNullable();
    table.bigInteger('price').notNullable();
    table.bigInteger('discount').notNullable();
    table.bigInteger('fee_total').notNullable();
    table.bigInteger('tax_total').notNullable();
    table.bigInteger('total').notNullable();
    table.primary(['order_id', 'position'], `${tableName}_pk`);
  },
};

export const attendeesTable: ReadModelTable = {
  name: 'attendees',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('account_id', 40).notNullable();
    table.string('event_id', 40).notNullable();
    table.string('order_id', 40).notNullable();
    table.integer('position').notNullable();
    table.string('ticket_id', 40).notNullable();
    table.string('tier_id', 40).nullable();
    table.string('short_id', 40).notNullable();
    table.string('first_name', 255).nullable();
    table.string('last_name', 255).nullable();
    table.string('email', 320).nullable();
    table.string('locale', 10).notNullable();
    /** ACTIVE | CANCELLED (an attendee of an order that never completed stays ACTIVE with payment PENDING). */
    table.string('status', 12).notNullable();
    table.string('payment', 10).notNullable();
    /** JSON of the attendee's answers, by question id. */
    table.text('answers').nullable();
    table.string('created_at', 30).notNullable();
    table.string('updated_at', 30).notNullable();
    table.unique(['short_id'], { indexName: `${tableName}_short_id_idx` });
    table.index(['order_id', 'position'], `${tableName}_order_idx`);
    table.index(['event_id', 'created_at'], `${tableName}_event_created_idx`);
  },
};

/** Orders a member created by hand (a manual attendee): never refundable. */
export const manualOrdersTable: ReadModelTable = {
  name: 'manual_orders',
  define(table) {
    table.string('order_id', 40).primary();
    table.bigInteger('amount_paid').notNullable();
    table.string('created_by', 40).notNullable();
  },
};

/** The order's money (issue 13): what was paid by card or marked paid, refunded and on its way back. */
export const orderPaymentsTable: ReadModelTable = {
  name: 'order_payments',
  define(table) {
    table.string('order_id', 40).primary();
    table.string('payment_intent_id', 255).nullable();
    table.string('charge_id', 255).nullable();
    table.bigInteger('paid_total').notNullable();
    table.bigInteger('refunded_total').notNullable();
    table.bigInteger('pending_refund').notNullable();
    /** PENDING | SUCCEEDED | FAILED of the newest refund, or null. */
    table.string('refund_status', 12).nullable();
    table.string('payment_failure', 500).nullable();
    table.boolean('amount_mismatch').notNullable();
    table.string('updated_at', 30).notNullable();
  },
};

export interface OrderPaymentRow {
  order_id: string;
  payment_intent_id: string | null;
  charge_id: string | null;
  paid_total: number;
  refunded_total: number;
  pending_refund: number;
  refund_status: 'PENDING' | 'SUCCEEDED' | 'FAILED' | null;
  payment_failure: string | null;
  amount_mismatch: boolean;
  updated_at: string;
}

/**
 * The refund statuses. Money going back says more than the cancellation: a cancelled order whose refund was
 * asked for reads as that refund (pending, failed, partially or fully refunded), whichever came first, the
 * cancellation or the refund (docs/orders.md "Statuses"); only a cancelled order with no refund reads CANCELLED.
 */
const refundStatuses: readonly OrderStatus[] = [
  'REFUND_PENDING',
  'REFUND_FAILED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
];

export interface OrderRow {
  id: string;
  account_id: string;
  event_id: string;
  short_id: string;
  reference: string;
  status: OrderStatus;
  locale: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  currency: string;
  subtotal: number;
  discount_total: number;
  fee_total: number;
  tax_total: number;
  total: number;
  charges: string;
  promo_code_id: string | null;
  promo_code: string | null;
  affiliate_code: string | null;
  payment_method: PaymentMethod | null;
  expires_at: string;
  created_at: string;
  completed_at: string | null;
  updated_at: string;
  answers: string | null;
  revision: number;
}

export interface OrderLineRow {
  order_id: string;
  position: number;
  event_id: string;
  ticket_id: string;
  tier_id: string | null;
  ticket_title: string;
  tier_label: string | null;
  quantity: number;
  unit_price: number;
  price: number;
  discount: number;
  fee_total: number;
  tax_total: number;
  total: number;
}

export type AttendeeStatus = 'ACTIVE' | 'CANCELLED';
export type AttendeePaymentStatus = 'PAID' | 'UNPAID' | 'PENDING';

export interface AttendeeRow {
  id: string;
  account_id: string;
  event_id: string;
  order_id: string;
  position: number;
  ticket_id: string;
  tier_id: string | null;
  short_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  locale: string;
  status: AttendeeStatus;
  payment: AttendeePaymentStatus;
  answers: string | null;
  created_at: string;
  updated_at: string;
}

/** bigint columns come back as strings from PostgreSQL. */
const numeric = <Row>(row: Row, keys: readonly (keyof Row)[]): Row => {
  const copy = { ...row };
  for (const key of keys) (copy as Record<keyof Row, unknown>)[key] = Number(row[key]);
  return copy;
};
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

export const ordersProjection = defineProjection<OrderEvent | OrderPaymentEvent>({
  name: 'orders',
  tables: [ordersTable, orderLinesTable, attendeesTable, manualOrdersTable, orderPaymentsTable],
  handles: [...orderEventTypes, ...orderPaymentEventTypes],
  async apply(trx, event, ctx) {
    const orders = ctx.table('orders');
    const lines = ctx.table('order_lines');
    const attendees = ctx.table('attendees');
    const revision = Number(event.revision);
    const { orderId, eventId } = event.data;
    const keys = [`order:${orderId}`, `event:${eventId}`];

    if (event.type === 'OrderPlaced') {
      const d = event.data;
      await trx(orders)
        .insert({
          id: orderId,
          account_id: d.accountId,
          event_id: eventId,
          short_id: d.shortId,
          reference: d.reference,
          status: 'AWAITING_DETAILS',
          locale: d.locale,
          currency: d.currency,
          subtotal: d.totals.subtotal,
          discount_total: d.totals.discountTotal,
          fee_total: d.totals.feeTotal,
          tax_total: d.totals.taxTotal,
          total: d.totals.total,
          charges: JSON.stringify({ taxes: d.totals.taxes, fees: d.totals.fees }),
          promo_code_id: d.promoCodeId,
          promo_code: d.promoCode,
          affiliate_code: d.affiliateCode,
          expires_at: d.expiresAt,
          created_at: d.placedAt,
          updated_at: d.placedAt,
          revision,
        })
        .onConflict('id')
        .ignore();
      const present: { order_id: string } | undefined = await trx(lines)
        .where({ order_id: orderId })
        .first('order_id');
      if (!present) {
        await trx(lines).insert(
          d.lines.map((line, position) => ({
            order_id: orderId,
            position,
            event_id: eventId,
            ticket_id: line.ticketId,
            tier_id: line.tierId,
            ticket_title: line.ticketTitle,
            tier_label: line.tierLabel,
            quantity: line.quantity,
            unit_price: line.unitPrice,
            price: line.price,
            discount: line.discount,
            fee_total: line.feeTotal,
            tax_total: line.taxTotal,
            total: line.total,
          })),
        );
        await trx(attendees).insert(
          d.attendees.map((attendee, position) => ({
            id: attendee.attendeeId,
            account_id: d.accountId,
            event_id: eventId,
            order_id: orderId,
            position,
            ticket_id: attendee.ticketId,
            tier_id: attendee.tierId,
            short_id: attendee.shortId,
            locale: d.locale,
            status: 'ACTIVE',
            payment: 'PENDING',
            created_at: d.placedAt,
            updated_at: d.placedAt,
          })),
        );
      }
      return [...keys, `account:${d.accountId}`];
    }

    const row = await trx<OrderRow>(orders).where({ id: orderId }).first('revision', 'account_id');
    if (!row || Number(row.revision) >= revision) return [];
    const order = (changes: Partial<OrderRow>) =>
      trx(orders)
        .where({ id: orderId })
        .update({ ...changes, revision });
    const orderAttendees = (changes: Partial<AttendeeRow>, attendeeId?: string) =>
      trx(attendees)
        .where(attendeeId ? { order_id: orderId, id: attendeeId } : { order_id: orderId })
        .update(changes);

    switch (event.type) {
      case 'OrderHoldExtended':
        await order({ expires_at: event.data.expiresAt, updated_at: event.data.extendedAt });
        break;
      case 'OrderDetailsSubmitted': {
        const d = event.data;
        await order({
          status: 'RESERVED',
          first_name: d.buyer.firstName,
          last_name: d.buyer.lastName,
          email: d.buyer.email,
          locale: d.locale,
          answers: JSON.stringify(d.answers),
          updated_at: d.submittedAt,
        });
        for (const attendee of d.attendees)
          await orderAttendees(
            {
              first_name: attendee.firstName,
              last_name: attendee.lastName,
              email: attendee.email,
              locale: d.locale,
              answers: JSON.stringify(attendee.answers),
              updated_at: d.submittedAt,
            },
            attendee.attendeeId,
          );
        break;
      }
      case 'OrderCompleted':
        await order({
          status: 'COMPLETED',
          payment_method: event.data.paymentMethod,
          completed_at: event.data.completedAt,
          updated_at: event.data.completedAt,
        });
        await orderAttendees({ payment: 'PAID', updated_at: event.data.completedAt });
        break;
      case 'OrderAwaitingOfflinePayment':
        await order({
          status: 'AWAITING_PAYMENT',
          payment_method: 'OFFLINE',
          completed_at: event.data.completedAt,
          updated_at: event.data.completedAt,
        });
        await orderAttendees({ payment: 'UNPAID', updated_at: event.data.completedAt });
        break;
      case 'OrderMarkedPaid':
        await order({ status: 'COMPLETED', updated_at: event.data.paidAt });
        await orderAttendees({ payment: 'PAID', updated_at: event.data.paidAt });
        break;
      case 'OrderExpired':
        await order({ status: 'EXPIRED', updated_at: event.data.expiredAt });
        break;
      case 'OrderAbandoned':
        await order({ status: 'ABANDONED', updated_at: event.data.abandonedAt });
        break;
      case 'OrderCancelled': {
        const current = await trx<OrderRow>(orders).where({ id: orderId }).first('status');
        const refunding = current !== undefined && refundStatuses.includes(current.status);
        await order({ ...(refunding ? {} : { status: 'CANCELLED' }), updated_at: event.data.cancelledAt });
        await orderAttendees({ status: 'CANCELLED', updated_at: event.data.cancelledAt });
        break;
      }
      case 'AttendeeCancelled':
        await order({ updated_at: event.data.cancelledAt });
        await orderAttendees(
          { status: 'CANCELLED', updated_at: event.data.cancelledAt },
          event.data.attendeeId,
        );
        break;
      case 'AttendeeReactivated':
        await order({ updated_at: event.data.reactivatedAt });
        await orderAttendees(
          { status: 'ACTIVE', updated_at: event.data.reactivatedAt },
          event.data.attendeeId,
        );
        break;
      case 'OrderBuyerDetailsChanged': {
        const { buyer, changedAt } = event.data;
        await order({
          first_name: buyer.firstName,
          last_name: buyer.lastName,
          email: buyer.email,
          updated_at: changedAt,
        });
        break;
      }
      case 'AttendeeDetailsChanged': {
        const d = event.data;
        await order({ updated_at: d.changedAt });
        await orderAttendees(
          {
            first_name: d.firstName,
            last_name: d.lastName,
            email: d.email,
            locale: d.locale,
            answers: JSON.stringify(d.answers),
            updated_at: d.changedAt,
          },
          d.attendeeId,
        );
        break;
      }
      case 'ManualOrderRecorded':
        await order({});
        await trx(ctx.table('manual_orders'))
          .insert({ order_id: orderId, amount_paid: event.data.amountPaid, created_by: event.data.createdBy })
          .onConflict('order_id')
          .ignore();
        break;
      case 'OrderConfirmationResent':
      case 'AttendeeTicketResent':
        // Mails only (services/worker/orderMailReactor.ts); the history reads them from the stream.
        await order({});
        break;
      default:
        await applyPayment(trx, { payments: ctx.table('order_payments'), orders }, event, order);
    }
    return [...keys, `account:${row.account_id}`];
  },
});

type OrderUpdate = (changes: Partial<OrderRow>) => Promise<number>;

async function applyPayment(
  trx: Knex,
  tables: { payments: string; orders: string },
  event: OrderPaymentEvent,
  order: OrderUpdate,
) {
  const table = tables.payments;
  const ordersTableName = tables.orders;
  const { orderId } = event.data;
  const current = (await trx(table).where({ order_id: orderId }).first()) as OrderPaymentRow | undefined;
  const row: OrderPaymentRow = current
    ? numeric(current, ['paid_total', 'refunded_total', 'pending_refund'])
    : {
        order_id: orderId,
        payment_intent_id: null,
        charge_id: null,
        paid_total: 0,
        refunded_total: 0,
        pending_refund: 0,
        refund_status: null,
        payment_failure: null,
        amount_mismatch: false,
        updated_at: '',
      };
  const status = async (to: OrderStatus, at: string, onlyFrom?: readonly OrderStatus[]) => {
    const found = await trx<OrderRow>(ordersTableName).where({ id: orderId }).first('status');
    const allowed = !onlyFrom || onlyFrom.includes(found?.status ?? 'COMPLETED');
    await order(allowed ? { status: to, updated_at: at } : { updated_at: at });
  };
  let at: string;
  switch (event.type) {
    case 'PaymentIntentCreated':
      at = event.data.createdAt;
      Object.assign(row, { payment_intent_id: event.data.paymentIntentId });
      await order({ updated_at: at });
      break;
    case 'OrderPaymentReceived':
      at = event.data.receivedAt;
      Object.assign(row, {
        payment_intent_id: event.data.paymentIntentId,
        charge_id: event.data.chargeId,
        paid_total: event.data.amount,
        payment_failure: null,
      });
      await order({ updated_at: at });
      break;
    case 'PaymentAmountMismatch':
      at = event.data.flaggedAt;
      row.amount_mismatch = true;
      await order({ updated_at: at });
      break;
    case 'OrderPaymentFailed':
      at = event.data.failedAt;
      row.payment_failure = event.data.failureMessage ?? event.data.failureCode ?? 'failed';
      await status('PAYMENT_FAILED', at, ['AWAITING_DETAILS', 'RESERVED', 'PAYMENT_FAILED']);
      break;
    case 'OrderRefundRequested':
      at = event.data.requestedAt;
      Object.assign(row, {
        pending_refund: row.pending_refund + event.data.amount,
        refund_status: 'PENDING',
      });
      await status('REFUND_PENDING', at);
      break;
    case 'OrderRefundSubmitted':
      at = event.data.submittedAt;
      await order({ updated_at: at });
      break;
    case 'OrderRefunded':
      at = event.data.refundedAt;
      Object.assign(row, {
        pending_refund: Math.max(0, row.pending_refund - event.data.amount),
        refunded_total: event.data.refundedTotal,
        refund_status: 'SUCCEEDED',
      });
      await status(event.data.remaining === 0 ? 'REFUNDED' : 'PARTIALLY_REFUNDED', at);
      break;
    case 'OrderRefundFailed':
      at = event.data.failedAt;
      Object.assign(row, {
        pending_refund: Math.max(0, row.pending_refund - event.data.amount),
        refund_status: 'FAILED',
      });
      await status('REFUND_FAILED', at);
      break;
    case 'OrderRefundRecorded':
      at = event.data.recordedAt;
      Object.assign(row, {
        paid_total: row.paid_total || event.data.refundedTotal + event.data.remaining,
        refunded_total: event.data.refundedTotal,
        refund_status: 'SUCCEEDED',
      });
      await status(event.data.remaining === 0 ? 'REFUNDED' : 'PARTIALLY_REFUNDED', at);
      break;
  }
  row.updated_at = at;
  await trx(table).insert(row).onConflict('order_id').merge();
}

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

// ---------- queries

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

import type { Knex } from 'knex';
import type { RecordedOf } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import { ERASED_EMAIL, ERASED_TEXT } from '../../services/sales/orders/orderEvents';
import type {
  OrderEvent,
  OrderPaymentEvent,
  OrderStatus,
  PaymentMethod,
} from '../../services/sales/orders/orderEvents';

export type OrdersProjectionEvent = RecordedOf<OrderEvent | OrderPaymentEvent>;

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

/** Whether the row is new (a replayed `OrderPlaced` leaves the existing one). */
export async function insertPlacedOrder(
  trx: Knex,
  orders: string,
  event: Extract<OrdersProjectionEvent, { type: 'OrderPlaced' }>,
): Promise<boolean> {
  const d = event.data;
  const inserted: unknown[] = await trx(orders)
    .insert({
      id: d.orderId,
      account_id: d.accountId,
      event_id: d.eventId,
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
      revision: Number(event.revision),
    })
    .onConflict('id')
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

/** The order's revision and account, or nothing before its `OrderPlaced`. */
export async function orderRevision(
  trx: Knex,
  orders: string,
  orderId: string,
): Promise<{ revision: number; account_id: string } | undefined> {
  const row = await trx<OrderRow>(orders).where({ id: orderId }).first('revision', 'account_id');
  return row && { revision: Number(row.revision), account_id: row.account_id };
}

/**
 * The order row after any event but `OrderPlaced`: every event moves its revision on, whatever else it changes.
 * A payment event's status only moves from the statuses it may move from (docs/orders.md "Statuses").
 */
export async function applyToOrder(
  trx: Knex,
  orders: string,
  event: Exclude<OrdersProjectionEvent, { type: 'OrderPlaced' }>,
): Promise<void> {
  const { orderId } = event.data;
  const order = (changes: Partial<OrderRow>) =>
    trx(orders)
      .where({ id: orderId })
      .update({ ...changes, revision: Number(event.revision) });
  const currentStatus = async () =>
    (await trx<OrderRow>(orders).where({ id: orderId }).first('status'))?.status;
  const status = async (to: OrderStatus, at: string, onlyFrom?: readonly OrderStatus[]) => {
    const allowed = !onlyFrom || onlyFrom.includes((await currentStatus()) ?? 'COMPLETED');
    await order(allowed ? { status: to, updated_at: at } : { updated_at: at });
  };

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
      break;
    }
    case 'OrderCompleted':
      await order({
        status: 'COMPLETED',
        payment_method: event.data.paymentMethod,
        completed_at: event.data.completedAt,
        updated_at: event.data.completedAt,
      });
      break;
    case 'OrderAwaitingOfflinePayment':
      await order({
        status: 'AWAITING_PAYMENT',
        payment_method: 'OFFLINE',
        completed_at: event.data.completedAt,
        updated_at: event.data.completedAt,
      });
      break;
    case 'OrderMarkedPaid':
      await order({ status: 'COMPLETED', updated_at: event.data.paidAt });
      break;
    case 'OrderExpired':
      await order({ status: 'EXPIRED', updated_at: event.data.expiredAt });
      break;
    case 'OrderAbandoned':
      await order({ status: 'ABANDONED', updated_at: event.data.abandonedAt });
      break;
    case 'OrderCancelled': {
      const current = await currentStatus();
      const refunding = current !== undefined && refundStatuses.includes(current);
      await order({ ...(refunding ? {} : { status: 'CANCELLED' }), updated_at: event.data.cancelledAt });
      break;
    }
    case 'AttendeeCancelled':
      await order({ updated_at: event.data.cancelledAt });
      break;
    case 'AttendeeReactivated':
      await order({ updated_at: event.data.reactivatedAt });
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
    case 'AttendeeDetailsChanged':
      await order({ updated_at: event.data.changedAt });
      break;
    case 'ManualOrderRecorded':
      await order({});
      break;
    case 'OrderPersonalDataErased':
      // The values a rebuild reads from the erased events (services/eventstore/personalData.ts).
      await trx(orders)
        .where({ id: orderId })
        .whereNotNull('email')
        .update({ first_name: ERASED_TEXT, last_name: ERASED_TEXT, email: ERASED_EMAIL, answers: '{}' });
      await order({ updated_at: event.data.erasedAt });
      break;
    case 'OrderConfirmationResent':
    case 'AttendeeTicketResent':
      // Mails only (services/worker/orderMailReactor.ts); the history reads them from the stream.
      await order({});
      break;
    case 'PaymentIntentCreated':
      await order({ updated_at: event.data.createdAt });
      break;
    case 'OrderPaymentReceived':
      await order({ updated_at: event.data.receivedAt });
      break;
    case 'PaymentAmountMismatch':
      await order({ updated_at: event.data.flaggedAt });
      break;
    case 'OrderPaymentFailed':
      await status('PAYMENT_FAILED', event.data.failedAt, ['AWAITING_DETAILS', 'RESERVED', 'PAYMENT_FAILED']);
      break;
    case 'OrderRefundRequested':
      await status('REFUND_PENDING', event.data.requestedAt);
      break;
    case 'OrderRefundSubmitted':
      await order({ updated_at: event.data.submittedAt });
      break;
    case 'OrderRefunded':
      await status(event.data.remaining === 0 ? 'REFUNDED' : 'PARTIALLY_REFUNDED', event.data.refundedAt);
      break;
    case 'OrderRefundFailed':
      await status('REFUND_FAILED', event.data.failedAt);
      break;
    case 'OrderRefundRecorded':
      await status(event.data.remaining === 0 ? 'REFUNDED' : 'PARTIALLY_REFUNDED', event.data.recordedAt);
      break;
  }
}

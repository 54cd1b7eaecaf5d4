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

/** The order's row as its `OrderPlaced` writes it. */
export function placedOrderRow(event: Extract<OrdersProjectionEvent, { type: 'OrderPlaced' }>): OrderRow {
  const d = event.data;
  return {
    id: d.orderId,
    account_id: d.accountId,
    event_id: d.eventId,
    short_id: d.shortId,
    reference: d.reference,
    status: 'AWAITING_DETAILS',
    locale: d.locale,
    first_name: null,
    last_name: null,
    email: null,
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
    payment_method: null,
    expires_at: d.expiresAt,
    created_at: d.placedAt,
    completed_at: null,
    updated_at: d.placedAt,
    answers: null,
    revision: Number(event.revision),
  };
}

/**
 * What any event but `OrderPlaced` changes in the order's row, given the row as the previous events left it;
 * every event moves its revision on, whatever else it changes. A payment event's status only moves from the
 * statuses it may move from (docs/orders.md "Statuses").
 */
export function orderChanges(
  row: Readonly<OrderRow>,
  event: Exclude<OrdersProjectionEvent, { type: 'OrderPlaced' }>,
): Partial<OrderRow> {
  const changes = (values: Partial<OrderRow>): Partial<OrderRow> => ({
    ...values,
    revision: Number(event.revision),
  });
  const status = (to: OrderStatus, at: string, onlyFrom?: readonly OrderStatus[]) =>
    changes(!onlyFrom || onlyFrom.includes(row.status) ? { status: to, updated_at: at } : { updated_at: at });

  switch (event.type) {
    case 'OrderHoldExtended':
      return changes({ expires_at: event.data.expiresAt, updated_at: event.data.extendedAt });
    case 'OrderDetailsSubmitted': {
      const d = event.data;
      return changes({
        status: 'RESERVED',
        first_name: d.buyer.firstName,
        last_name: d.buyer.lastName,
        email: d.buyer.email,
        locale: d.locale,
        answers: JSON.stringify(d.answers),
        updated_at: d.submittedAt,
      });
    }
    case 'OrderCompleted':
      return changes({
        status: 'COMPLETED',
        payment_method: event.data.paymentMethod,
        completed_at: event.data.completedAt,
        updated_at: event.data.completedAt,
      });
    case 'OrderAwaitingOfflinePayment':
      return changes({
        status: 'AWAITING_PAYMENT',
        payment_method: 'OFFLINE',
        completed_at: event.data.completedAt,
        updated_at: event.data.completedAt,
      });
    case 'OrderMarkedPaid':
      return changes({ status: 'COMPLETED', updated_at: event.data.paidAt });
    case 'OrderExpired':
      return changes({ status: 'EXPIRED', updated_at: event.data.expiredAt });
    case 'OrderAbandoned':
      return changes({ status: 'ABANDONED', updated_at: event.data.abandonedAt });
    case 'OrderCancelled':
      return changes({
        ...(refundStatuses.includes(row.status) ? {} : { status: 'CANCELLED' }),
        updated_at: event.data.cancelledAt,
      });
    case 'AttendeeCancelled':
      return changes({ updated_at: event.data.cancelledAt });
    case 'AttendeeReactivated':
      return changes({ updated_at: event.data.reactivatedAt });
    case 'OrderBuyerDetailsChanged': {
      const { buyer, changedAt } = event.data;
      return changes({
        first_name: buyer.firstName,
        last_name: buyer.lastName,
        email: buyer.email,
        updated_at: changedAt,
      });
    }
    case 'AttendeeDetailsChanged':
      return changes({ updated_at: event.data.changedAt });
    case 'OrderPersonalDataErased':
      // The values a rebuild reads from the erased events (services/eventstore/personalData.ts).
      return changes({
        ...(row.email === null
          ? {}
          : { first_name: ERASED_TEXT, last_name: ERASED_TEXT, email: ERASED_EMAIL, answers: '{}' }),
        updated_at: event.data.erasedAt,
      });
    case 'ManualOrderRecorded':
    case 'OrderConfirmationResent':
    case 'AttendeeTicketResent':
      // Mails only (services/worker/orderMailReactor.ts); the history reads them from the stream.
      return changes({});
    case 'OrderCompanyInvoiceRequested':
      // Read by the invoice reactor from the order's stream; the invoice, not the order row, names the company.
      return changes({});
    case 'PaymentIntentCreated':
      return changes({ updated_at: event.data.createdAt });
    case 'OrderPaymentReceived':
      return changes({ updated_at: event.data.receivedAt });
    case 'PaymentAmountMismatch':
      return changes({ updated_at: event.data.flaggedAt });
    case 'OrderPaymentFailed':
      return status('PAYMENT_FAILED', event.data.failedAt, [
        'AWAITING_DETAILS',
        'RESERVED',
        'PAYMENT_FAILED',
      ]);
    case 'OrderRefundRequested':
      return status('REFUND_PENDING', event.data.requestedAt);
    case 'OrderRefundSubmitted':
      return changes({ updated_at: event.data.submittedAt });
    case 'OrderRefunded':
      return status(event.data.remaining === 0 ? 'REFUNDED' : 'PARTIALLY_REFUNDED', event.data.refundedAt);
    case 'OrderRefundFailed':
      return status('REFUND_FAILED', event.data.failedAt);
    case 'OrderRefundRecorded':
      return status(event.data.remaining === 0 ? 'REFUNDED' : 'PARTIALLY_REFUNDED', event.data.recordedAt);
  }
}

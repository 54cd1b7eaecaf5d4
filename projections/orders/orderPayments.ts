import type { Knex } from 'knex';
import type { ReadModelTable } from '../runner/types';
import { orderPaymentEventTypes, type OrderPaymentEvent } from '../../services/sales/orders/orderEvents';
import type { RecordedOf } from '../runner/define';
import type { OrdersProjectionEvent } from './orders';

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

/** bigint columns come back as strings from PostgreSQL. */
export const numeric = <Row>(row: Row, keys: readonly (keyof Row)[]): Row => {
  const copy = { ...row };
  for (const key of keys) (copy as Record<keyof Row, unknown>)[key] = Number(row[key]);
  return copy;
};

const paymentEventTypes = new Set<string>(orderPaymentEventTypes);
const isPaymentEvent = (event: OrdersProjectionEvent): event is RecordedOf<OrderPaymentEvent> =>
  paymentEventTypes.has(event.type);

export async function applyToOrderPayments(
  trx: Knex,
  payments: string,
  event: OrdersProjectionEvent,
): Promise<void> {
  if (!isPaymentEvent(event)) return;
  const { orderId } = event.data;
  const current = (await trx(payments).where({ order_id: orderId }).first()) as OrderPaymentRow | undefined;
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
  let at: string;
  switch (event.type) {
    case 'PaymentIntentCreated':
      at = event.data.createdAt;
      Object.assign(row, { payment_intent_id: event.data.paymentIntentId });
      break;
    case 'OrderPaymentReceived':
      at = event.data.receivedAt;
      Object.assign(row, {
        payment_intent_id: event.data.paymentIntentId,
        charge_id: event.data.chargeId,
        paid_total: event.data.amount,
        payment_failure: null,
      });
      break;
    case 'PaymentAmountMismatch':
      at = event.data.flaggedAt;
      row.amount_mismatch = true;
      break;
    case 'OrderPaymentFailed':
      at = event.data.failedAt;
      row.payment_failure = event.data.failureMessage ?? event.data.failureCode ?? 'failed';
      break;
    case 'OrderRefundRequested':
      at = event.data.requestedAt;
      Object.assign(row, {
        pending_refund: row.pending_refund + event.data.amount,
        refund_status: 'PENDING',
      });
      break;
    case 'OrderRefundSubmitted':
      at = event.data.submittedAt;
      break;
    case 'OrderRefunded':
      at = event.data.refundedAt;
      Object.assign(row, {
        pending_refund: Math.max(0, row.pending_refund - event.data.amount),
        refunded_total: event.data.refundedTotal,
        refund_status: 'SUCCEEDED',
      });
      break;
    case 'OrderRefundFailed':
      at = event.data.failedAt;
      Object.assign(row, {
        pending_refund: Math.max(0, row.pending_refund - event.data.amount),
        refund_status: 'FAILED',
      });
      break;
    case 'OrderRefundRecorded':
      at = event.data.recordedAt;
      Object.assign(row, {
        paid_total: row.paid_total || event.data.refundedTotal + event.data.remaining,
        refunded_total: event.data.refundedTotal,
        refund_status: 'SUCCEEDED',
      });
      break;
  }
  row.updated_at = at;
  await trx(payments).insert(row).onConflict('order_id').merge();
}

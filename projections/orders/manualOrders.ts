import type { Knex } from 'knex';
import type { ReadModelTable } from '../runner/types';
import type { OrdersProjectionEvent } from './orders';

/** Orders a member created by hand (a manual attendee): never refundable. */
export const manualOrdersTable: ReadModelTable = {
  name: 'manual_orders',
  define(table) {
    table.string('order_id', 40).primary();
    table.bigInteger('amount_paid').notNullable();
    table.string('created_by', 40).notNullable();
  },
};

export async function applyToManualOrders(
  trx: Knex,
  manualOrders: string,
  event: OrdersProjectionEvent,
): Promise<void> {
  if (event.type !== 'ManualOrderRecorded') return;
  await trx(manualOrders)
    .insert({
      order_id: event.data.orderId,
      amount_paid: event.data.amountPaid,
      created_by: event.data.createdBy,
    })
    .onConflict('order_id')
    .ignore();
}

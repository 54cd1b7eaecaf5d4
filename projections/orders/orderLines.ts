import type { ReadModelTable } from '../runner/types';
import type { OrdersProjectionEvent } from './orders';

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
    table.index(['ticket_id', 'order_id'], `${tableName}_ticket_idx`);
    table.index(['event_id', 'ticket_id', 'ticket_title'], `${tableName}_event_ticket_idx`);
  },
};

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

/** The order's lines as its `OrderPlaced` writes them. */
export function placedOrderLines(
  event: Extract<OrdersProjectionEvent, { type: 'OrderPlaced' }>,
): OrderLineRow[] {
  const { orderId, eventId } = event.data;
  return event.data.lines.map((line, position) => ({
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
  }));
}

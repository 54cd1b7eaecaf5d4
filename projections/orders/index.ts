import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import {
  orderEventTypes,
  orderPaymentEventTypes,
  type OrderPaymentEvent,
  type OrderEvent,
} from '../../services/sales/orders/orderEvents';
import { applyToAttendees, attendeesTable, insertPlacedAttendees } from './attendees';
import { applyToManualOrders, manualOrdersTable } from './manualOrders';
import { hasOrderLines, insertOrderLines, orderLinesTable } from './orderLines';
import { applyToOrderPayments, orderPaymentsTable } from './orderPayments';
import { applyToOrder, insertPlacedOrder, orderRevision, ordersTable } from './orders';

export {
  attendeesTable,
  type AttendeePaymentStatus,
  type AttendeeRow,
  type AttendeeStatus,
} from './attendees';
export { manualOrdersTable } from './manualOrders';
export { orderLinesTable, type OrderLineRow } from './orderLines';
export { orderPaymentsTable, type OrderPaymentRow } from './orderPayments';
export { ordersTable, type OrderRow } from './orders';
export * from './queries';
export {
  orderTrail,
  orderTrailEventTypes,
  orderTrailLinksTable,
  orderTrailProjection,
  orderTrailTable,
  type OrderTrailRow,
} from './orderTrail';

/**
 * Each order's revision and account as this transaction left them: a batch reads an order's row once, however
 * many of its events it holds (every event but `OrderPlaced` moves the row's revision to its own).
 */
const revisions = new WeakMap<Knex.Transaction, Map<string, { revision: number; account_id: string }>>();

/**
 * Orders and their attendees: the organizer's lists, the buyer's order page and the mails. The order stream
 * is the truth; an open order past its `expires_at` is shown as expired by the presenters before the expiry
 * reactor records it (services/sales/orders/orderDecider.ts `effectiveStatus`). One file per table writes it;
 * the order's revision decides for all of them whether an event is new.
 */
export const ordersProjection = defineProjection<OrderEvent | OrderPaymentEvent>({
  name: 'orders',
  tables: [ordersTable, orderLinesTable, attendeesTable, manualOrdersTable, orderPaymentsTable],
  handles: [...orderEventTypes, ...orderPaymentEventTypes],
  async apply(trx, event, ctx) {
    const orders = ctx.table(ordersTable.name);
    const attendees = ctx.table(attendeesTable.name);
    const { orderId, eventId } = event.data;
    const keys = [`order:${orderId}`, `event:${eventId}`];

    let known = revisions.get(trx);
    if (!known) revisions.set(trx, (known = new Map<string, { revision: number; account_id: string }>()));
    if (event.type === 'OrderPlaced') {
      known.delete(orderId);
      if (await insertPlacedOrder(trx, orders, event))
        known.set(orderId, { revision: Number(event.revision), account_id: event.data.accountId });
      const lines = ctx.table(orderLinesTable.name);
      if (!(await hasOrderLines(trx, lines, orderId))) {
        await insertOrderLines(trx, lines, event);
        await insertPlacedAttendees(trx, attendees, event);
      }
      return [...keys, `account:${event.data.accountId}`];
    }

    const row = known.get(orderId) ?? (await orderRevision(trx, orders, orderId));
    if (!row || row.revision >= Number(event.revision)) return [];
    await applyToOrder(trx, orders, event);
    await applyToAttendees(trx, attendees, event);
    await applyToManualOrders(trx, ctx.table(manualOrdersTable.name), event);
    await applyToOrderPayments(trx, ctx.table(orderPaymentsTable.name), event);
    known.set(orderId, { revision: Number(event.revision), account_id: row.account_id });
    return [...keys, `account:${row.account_id}`];
  },
});

import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import {
  orderEventTypes,
  orderPaymentEventTypes,
  type OrderPaymentEvent,
  type OrderEvent,
} from '../../services/sales/orders/orderEvents';
import { readWhereIn, writeRows } from '../runner/bulk';
import type { ProjectionContext } from '../runner/types';
import { attendeesTable, changeAttendees, placedAttendeeRows, type AttendeeRow } from './attendees';
import { applyToManualOrders, manualOrdersTable } from './manualOrders';
import { orderLinesTable, placedOrderLines, type OrderLineRow } from './orderLines';
import { applyToOrderPayments, orderPaymentsTable } from './orderPayments';
import { orderChanges, placedOrderRow, ordersTable, type OrderRow } from './orders';

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

/** One order as this transaction sees it: read once, changed in memory, written by `settle`. */
interface CachedOrder {
  /** Null before its `OrderPlaced`. */
  row: OrderRow | null;
  changed: boolean;
  /** Whether its lines (and with them its attendees) are written already: `OrderPlaced` applied twice. */
  hasLines: boolean;
  newLines: OrderLineRow[];
  attendees: AttendeeRow[];
  changedAttendees: Set<AttendeeRow>;
}

/**
 * The orders a transaction touched, by id. `prepare` reads a batch's orders, lines and attendees in three
 * statements; `apply` changes them in memory; `settle` writes the changed ones a few hundred per statement. A
 * failed transaction takes them with it.
 */
const batches = new WeakMap<Knex.Transaction, Map<string, CachedOrder>>();

function batchOf(trx: Knex.Transaction): Map<string, CachedOrder> {
  let batch = batches.get(trx);
  if (!batch) batches.set(trx, (batch = new Map<string, CachedOrder>()));
  return batch;
}

async function readOrders(
  trx: Knex.Transaction,
  ctx: ProjectionContext,
  orderIds: readonly string[],
): Promise<void> {
  const batch = batchOf(trx);
  const missing = [...new Set(orderIds)].filter((orderId) => !batch.has(orderId));
  if (missing.length === 0) return;
  const rows = await readWhereIn<OrderRow>(trx, ctx.table(ordersTable.name), 'id', missing);
  const attendees = await readWhereIn<AttendeeRow>(trx, ctx.table(attendeesTable.name), 'order_id', missing);
  const withLines = await readWhereIn<{ order_id: string }>(
    trx,
    ctx.table(orderLinesTable.name),
    'order_id',
    missing,
    ['order_id'],
  );
  const lined = new Set(withLines.map((line) => line.order_id));
  for (const orderId of missing)
    batch.set(orderId, {
      row: null,
      changed: false,
      hasLines: lined.has(orderId),
      newLines: [],
      attendees: [],
      changedAttendees: new Set(),
    });
  for (const row of rows) batch.get(row.id)!.row = row;
  for (const attendee of attendees.sort((a, b) => a.position - b.position))
    batch.get(attendee.order_id)!.attendees.push(attendee);
}

/**
 * Orders and their attendees: the organizer's lists, the buyer's order page and the mails. The order stream
 * is the truth; an open order past its `expires_at` is shown as expired by the presenters before the expiry
 * reactor records it (services/sales/orders/orderDecider.ts `effectiveStatus`). One file per table says what
 * each event changes in it; the order's revision decides for all of them whether an event is new.
 */
export const ordersProjection = defineProjection<OrderEvent | OrderPaymentEvent>({
  name: 'orders',
  tables: [ordersTable, orderLinesTable, attendeesTable, manualOrdersTable, orderPaymentsTable],
  handles: [...orderEventTypes, ...orderPaymentEventTypes],
  async prepare(trx, events, ctx) {
    await readOrders(
      trx,
      ctx,
      events.map((event) => event.data.orderId),
    );
  },
  async apply(trx, event, ctx) {
    const { orderId, eventId } = event.data;
    const keys = [`order:${orderId}`, `event:${eventId}`];
    await readOrders(trx, ctx, [orderId]);
    const order = batchOf(trx).get(orderId)!;

    if (event.type === 'OrderPlaced') {
      // Placed again (a replay): the row stays as its later events left it.
      if (!order.row) {
        order.row = placedOrderRow(event);
        order.changed = true;
      }
      if (!order.hasLines) {
        order.hasLines = true;
        order.newLines = placedOrderLines(event);
        order.attendees = placedAttendeeRows(event);
        for (const attendee of order.attendees) order.changedAttendees.add(attendee);
      }
      return [...keys, `account:${event.data.accountId}`];
    }

    const row = order.row;
    if (!row || Number(row.revision) >= Number(event.revision)) return [];
    Object.assign(row, orderChanges(row, event));
    order.changed = true;
    for (const attendee of changeAttendees(order.attendees, event)) order.changedAttendees.add(attendee);
    await applyToManualOrders(trx, ctx.table(manualOrdersTable.name), event);
    await applyToOrderPayments(trx, ctx.table(orderPaymentsTable.name), event);
    return [...keys, `account:${row.account_id}`];
  },
  async settle(trx, ctx) {
    const batch = batches.get(trx);
    batches.delete(trx);
    if (!batch) return;
    const orders: OrderRow[] = [];
    const lines: OrderLineRow[] = [];
    const attendees: AttendeeRow[] = [];
    for (const order of batch.values()) {
      if (order.changed && order.row) orders.push(order.row);
      lines.push(...order.newLines);
      attendees.push(...order.changedAttendees);
    }
    await writeRows(trx, ctx.table(ordersTable.name), orders, { upsertOn: 'id' });
    await writeRows(trx, ctx.table(orderLinesTable.name), lines, 'new');
    await writeRows(trx, ctx.table(attendeesTable.name), attendees, { upsertOn: 'id' });
  },
});

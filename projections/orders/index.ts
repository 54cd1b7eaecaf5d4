import type { Knex } from 'knex';
import { defineProjection, type RecordedOf } from '../runner/define';
import {
  orderEventTypes,
  orderPaymentEventTypes,
  type OrderPaymentEvent,
  type OrderEvent,
} from '../../services/sales/orders/orderEvents';
import { readWhereIn, writeRows } from '../runner/bulk';
import type { ProjectionContext } from '../runner/types';
import {
  attendeesTable,
  changeAttendees,
  changesAttendees,
  placedAttendeeRows,
  type AttendeeRow,
} from './attendees';
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
  /**
   * Whether its lines (and with them its attendees) are written already: `OrderPlaced` applied twice. Null
   * until asked; an order without a row has neither (they are written in one transaction).
   */
  hasLines: boolean | null;
  newLines: OrderLineRow[];
  /** Null until an event that changes attendees asks for them. */
  attendees: AttendeeRow[] | null;
  changedAttendees: Set<AttendeeRow>;
}

/**
 * The orders a transaction touched, by id. `prepare` reads a batch's orders in one statement, and the
 * attendees and lines of those its events need in one more each; `apply` changes them in memory; `settle`
 * writes the changed ones a few hundred per statement. A failed transaction takes them with it.
 */
const batches = new WeakMap<Knex.Transaction, Map<string, CachedOrder>>();

function batchOf(trx: Knex.Transaction): Map<string, CachedOrder> {
  let batch = batches.get(trx);
  if (!batch) batches.set(trx, (batch = new Map<string, CachedOrder>()));
  return batch;
}

type OrdersEvent = RecordedOf<OrderEvent | OrderPaymentEvent>;

/** Reads the orders `events` name, then the attendees and lines those events will need, each in one go. */
async function readOrders(
  trx: Knex.Transaction,
  ctx: ProjectionContext,
  events: readonly OrdersEvent[],
): Promise<void> {
  const batch = batchOf(trx);
  const missing = [...new Set(events.map((event) => event.data.orderId))].filter((id) => !batch.has(id));
  if (missing.length > 0) {
    for (const orderId of missing)
      batch.set(orderId, {
        row: null,
        changed: false,
        hasLines: null,
        newLines: [],
        attendees: null,
        changedAttendees: new Set(),
      });
    for (const row of await readWhereIn<OrderRow>(trx, ctx.table(ordersTable.name), 'id', missing))
      batch.get(row.id)!.row = row;
  }
  const stored = (type: (type: OrdersEvent['type']) => boolean, known: (order: CachedOrder) => boolean) => [
    ...new Set(
      events.flatMap((event) => {
        const order = batch.get(event.data.orderId)!;
        if (!type(event.type) || known(order)) return [];
        if (order.row) return [event.data.orderId];
        // Nothing is stored of an order without a row.
        order.hasLines = false;
        order.attendees ??= [];
        return [];
      }),
    ),
  ];

  const unlined = stored(
    (type) => type === 'OrderPlaced',
    (order) => order.hasLines !== null,
  );
  if (unlined.length > 0) {
    const lined = new Set(
      (
        await readWhereIn<{ order_id: string }>(trx, ctx.table(orderLinesTable.name), 'order_id', unlined, {
          columns: ['order_id'],
        })
      ).map((line) => line.order_id),
    );
    for (const orderId of unlined) batch.get(orderId)!.hasLines = lined.has(orderId);
  }

  const unread = stored(changesAttendees, (order) => order.attendees !== null);
  if (unread.length > 0) {
    for (const orderId of unread) batch.get(orderId)!.attendees = [];
    const attendees = await readWhereIn<AttendeeRow>(trx, ctx.table(attendeesTable.name), 'order_id', unread);
    for (const attendee of attendees.sort((a, b) => a.position - b.position))
      batch.get(attendee.order_id)!.attendees!.push(attendee);
  }
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
    await readOrders(trx, ctx, events);
  },
  async apply(trx, event, ctx) {
    const { orderId, eventId } = event.data;
    const keys = [`order:${orderId}`, `event:${eventId}`];
    await readOrders(trx, ctx, [event]);
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
    for (const attendee of changeAttendees(order.attendees ?? [], event))
      order.changedAttendees.add(attendee);
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

import type { Knex } from 'knex';
import { readCheckpoint } from '../runner/checkpoints';
import { readWhereIn, writeRows } from '../runner/bulk';
import { defineProjection } from '../runner/define';
import type { ProjectionContext, ReadModelTable } from '../runner/types';
import {
  orderEventTypes,
  type OrderEvent,
  type OrderLine,
  type OrderRefunded,
  type OrderRefundRecorded,
} from '../../services/sales/orders/orderEvents';
import type { AttendeeCheckedIn, AttendeeCheckedOut } from '../../services/admission/checkIn/checkInEvents';

/**
 * The dashboard's and the reports' numbers (issue 16, docs/reporting.md).
 *
 * When a sale counts:
 * - tickets and orders count when the order completes, including an order completed with the offline method
 *   (`OrderAwaitingOfflinePayment`): the tickets are issued;
 * - revenue (gross, taxes, fees) counts when the money is in: at `OrderCompleted` (free or card), or at
 *   `OrderMarkedPaid` for an offline order; until then its total is `awaiting_payment`;
 * - promo discounts count with the sale, like the tickets (a discount is granted, not received), so the
 *   headline's discounts are the promo code table's sum (issue 26, item 14) and a cancellation takes them out;
 * - a cancellation takes the order's tickets and the order out of the counts at the instant it is cancelled;
 *   money already received stays in gross until a refund counts it in `refunds` (`OrderRefunded` from Stripe,
 *   `OrderRefundRecorded` for money given back offline) at the refund's instant: net = gross − refunds. A
 *   refund is shared among the order's tickets in proportion to their totals. A late card payment refunded
 *   because its order had lapsed never counted in gross, so its refund does not count either. A cancelled
 *   order that was never paid leaves `awaiting_payment`.
 *
 * Every change is a signed delta in a UTC minute bucket (`stat_minutes`, one row per event, ticket and minute;
 * ticket `''` is the whole event), stamped with the business time the event carries (`completedAt`,
 * `paidAt`, `scannedAt`), never the time it was projected, so a rebuild gives the same buckets. Hours and days
 * are grouped in the event's time zone when read (`services/reporting/statsQueries.ts`): minutes are exact in
 * every zone, including those with half-hour offsets, and a changed event time zone needs no rebuild.
 *
 * Idempotence: each order and each admission stream keeps the last revision applied (`stat_orders`,
 * `stat_check_ins`); an event at or below it changes nothing, so a replay never counts twice.
 */

export const statOrdersTable: ReadModelTable = {
  name: 'stat_orders',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('event_id', 40).notNullable();
    table.string('account_id', 40).notNullable();
    table.string('currency', 3).notNullable();
    /** OPEN (not completed yet), SOLD (completed, unpaid offline), PAID, CANCELLED, LAPSED (expired/abandoned). */
    table.string('state', 10).notNullable();
    table.string('placed_at', 30).notNullable();
    table.string('sold_at', 30).nullable();
    table.string('paid_at', 30).nullable();
    table.string('promo_code', 50).nullable();
    table.string('affiliate_code', 50).nullable();
    table.bigInteger('total').notNullable();
    table.bigInteger('discount_total').notNullable();
    table.bigInteger('tax_total').notNullable();
    table.bigInteger('fee_total').notNullable();
    /** JSON `{ taxes: Charge[], fees: Charge[] }` of the order's totals. */
    table.text('charges').notNullable();
    /** JSON `StatLine[]`: what each ticket of the order adds. */
    table.text('lines').notNullable();
    /** JSON `{ [attendeeId]: { ticketId, active } }`. */
    table.text('attendees').notNullable();
    table.integer('revision').notNullable();
    table.index(['event_id', 'sold_at'], `${tableName}_event_sold_idx`);
  },
};

export const statMinutesTable: ReadModelTable = {
  name: 'stat_minutes',
  define(table, tableName) {
    table.string('event_id', 40).notNullable();
    /** `''`: the whole event. */
    table.string('ticket_id', 40).notNullable();
    /** ISO instant with seconds zeroed, UTC (`2026-11-22T18:05:00.000Z`), like `event_page_views.minute`. */
    table.string('minute', 30).notNullable();
    table.integer('orders').notNullable().defaultTo(0);
    table.integer('tickets_sold').notNullable().defaultTo(0);
    table.bigInteger('gross').notNullable().defaultTo(0);
    table.bigInteger('discounts').notNullable().defaultTo(0);
    table.bigInteger('taxes').notNullable().defaultTo(0);
    table.bigInteger('fees').notNullable().defaultTo(0);
    table.bigInteger('refunds').notNullable().defaultTo(0);
    table.bigInteger('awaiting_payment').notNullable().defaultTo(0);
    table.integer('check_ins').notNullable().defaultTo(0);
    table.primary(['event_id', 'ticket_id', 'minute'], `${tableName}_pk`);
  },
};

export const statCheckInsTable: ReadModelTable = {
  name: 'stat_check_ins',
  define(table, tableName) {
    table.string('check_in_list_id', 40).notNullable();
    table.string('attendee_id', 40).notNullable();
    table.string('event_id', 40).notNullable();
    table.string('ticket_id', 40).notNullable();
    table.integer('checked_in').notNullable();
    table.integer('admissions').notNullable();
    table.string('last_scanned_at', 30).notNullable();
    table.integer('revision').notNullable();
    table.primary(['check_in_list_id', 'attendee_id'], `${tableName}_pk`);
    table.index(['event_id'], `${tableName}_event_idx`);
  },
};

/** What one ticket of an order adds to the counts (a ticket may appear on several lines: tiers). */
export interface StatLine {
  ticketId: string;
  quantity: number;
  total: number;
  discount: number;
  taxes: number;
  fees: number;
}

interface StatAttendee {
  ticketId: string;
  active: boolean;
}

export interface StatOrderRow {
  id: string;
  event_id: string;
  account_id: string;
  currency: string;
  state: 'OPEN' | 'SOLD' | 'PAID' | 'CANCELLED' | 'LAPSED';
  placed_at: string;
  sold_at: string | null;
  paid_at: string | null;
  promo_code: string | null;
  affiliate_code: string | null;
  total: number;
  discount_total: number;
  tax_total: number;
  fee_total: number;
  charges: string;
  lines: string;
  attendees: string;
  revision: number;
}

export type StatCounter =
  | 'orders'
  | 'tickets_sold'
  | 'gross'
  | 'discounts'
  | 'taxes'
  | 'fees'
  | 'refunds'
  | 'awaiting_payment'
  | 'check_ins';

export const statCounters: readonly StatCounter[] = [
  'orders',
  'tickets_sold',
  'gross',
  'discounts',
  'taxes',
  'fees',
  'refunds',
  'awaiting_payment',
  'check_ins',
];

type Delta = Partial<Record<StatCounter, number>>;

/** The UTC minute an instant falls in, as stored in `stat_minutes.minute`. */
export function minuteOf(instant: string): string {
  const at = Date.parse(instant);
  return new Date(at - (((at % 60_000) + 60_000) % 60_000)).toISOString();
}

function statLines(lines: readonly OrderLine[]): StatLine[] {
  const byTicket = new Map<string, StatLine>();
  for (const line of lines) {
    const known = byTicket.get(line.ticketId) ?? {
      ticketId: line.ticketId,
      quantity: 0,
      total: 0,
      discount: 0,
      taxes: 0,
      fees: 0,
    };
    known.quantity += line.quantity;
    known.total += line.total;
    known.discount += line.discount;
    known.taxes += line.taxTotal;
    known.fees += line.feeTotal;
    byTicket.set(line.ticketId, known);
  }
  return [...byTicket.values()];
}

/** Admissions count; duplicate and refused offline scans admit nobody. */
type Admission = AttendeeCheckedIn | AttendeeCheckedOut;
const admissionTypes: readonly Admission['type'][] = ['AttendeeCheckedIn', 'AttendeeCheckedOut'];

/** The name of the stats projection; its notices reach the event's room (`event:<id>`). */
export const statsProjectionName = 'stats';

/** The refunds that take money back out of an event's sales. */
type Refund = OrderRefunded | OrderRefundRecorded;
const refundTypes: readonly Refund['type'][] = ['OrderRefunded', 'OrderRefundRecorded'];

/**
 * The minute buckets' deltas of the events applied so far in one transaction, summed per bucket: a door's
 * admissions in a batch are one upsert per bucket, not two per scan. Written by `settle` before the commit;
 * a transaction that fails takes its sums with it.
 */
const bucketDeltas = new WeakMap<Knex.Transaction, Map<string, { bucket: MinuteBucket; delta: Delta }>>();

/**
 * The `stat_orders` and `stat_check_ins` rows read or changed in one transaction: `prepare` reads a batch's in a
 * few statements, `apply` changes them in memory (null: no row yet), `settle` writes the changed ones a few
 * hundred per statement. A failed transaction takes them with it, like the bucket sums.
 */
interface CachedRows {
  orders: Map<string, { row: StatOrderRow | null; changed: boolean }>;
  /** By `<list>|<attendee>`. */
  checkIns: Map<string, { row: StatCheckInRow | null; changed: boolean }>;
}
const cachedRows = new WeakMap<Knex.Transaction, CachedRows>();

function cachedRowsOf(trx: Knex.Transaction): CachedRows {
  let rows = cachedRows.get(trx);
  if (!rows) cachedRows.set(trx, (rows = { orders: new Map(), checkIns: new Map() }));
  return rows;
}

interface StatCheckInRow {
  check_in_list_id: string;
  attendee_id: string;
  event_id: string;
  ticket_id: string;
  checked_in: number;
  admissions: number;
  last_scanned_at: string;
  revision: number;
}

const checkInKey = (listId: string, attendeeId: string): string => `${listId}|${attendeeId}`;

async function readStatOrders(trx: Knex.Transaction, ctx: ProjectionContext, ids: readonly string[]) {
  const { orders } = cachedRowsOf(trx);
  const missing = [...new Set(ids)].filter((id) => !orders.has(id));
  if (missing.length === 0) return;
  for (const id of missing) orders.set(id, { row: null, changed: false });
  for (const row of await readWhereIn<StatOrderRow>(trx, ctx.table('stat_orders'), 'id', missing))
    orders.set(row.id, { row, changed: false });
}

async function readStatCheckIns(
  trx: Knex.Transaction,
  ctx: ProjectionContext,
  admissions: readonly { checkInListId: string; attendeeId: string }[],
) {
  const { checkIns } = cachedRowsOf(trx);
  const missing = admissions.filter((a) => !checkIns.has(checkInKey(a.checkInListId, a.attendeeId)));
  if (missing.length === 0) return;
  const attendeesByList = new Map<string, string[]>();
  for (const { checkInListId, attendeeId } of missing) {
    checkIns.set(checkInKey(checkInListId, attendeeId), { row: null, changed: false });
    const listed = attendeesByList.get(checkInListId);
    if (listed) listed.push(attendeeId);
    else attendeesByList.set(checkInListId, [attendeeId]);
  }
  // By the table's key (list, attendee): a batch's scans are at one list or a few.
  for (const [checkInListId, attendeeIds] of attendeesByList)
    for (const row of await readWhereIn<StatCheckInRow>(
      trx,
      ctx.table('stat_check_ins'),
      'attendee_id',
      attendeeIds,
      { within: { check_in_list_id: checkInListId } },
    ))
      checkIns.set(checkInKey(row.check_in_list_id, row.attendee_id), { row, changed: false });
}

interface MinuteBucket {
  event_id: string;
  ticket_id: string;
  minute: string;
}

export const statsProjection = defineProjection<OrderEvent | Refund | Admission>({
  name: statsProjectionName,
  tables: [statOrdersTable, statMinutesTable, statCheckInsTable],
  handles: [...orderEventTypes, ...refundTypes, ...admissionTypes],
  async prepare(trx, events, ctx) {
    const admissions: Admission['data'][] = [];
    const orderIds: string[] = [];
    for (const event of events)
      if (event.type === 'AttendeeCheckedIn' || event.type === 'AttendeeCheckedOut')
        admissions.push(event.data);
      else orderIds.push(event.data.orderId);
    await readStatOrders(trx, ctx, orderIds);
    await readStatCheckIns(trx, ctx, admissions);
  },
  async apply(trx, event, ctx) {
    const revision = Number(event.revision);

    /** Adds to the bucket's sum in this transaction; `settle` writes the sums. */
    const add = (eventId: string, ticketId: string, instant: string, delta: Delta) => {
      let buckets = bucketDeltas.get(trx);
      if (!buckets)
        bucketDeltas.set(trx, (buckets = new Map<string, { bucket: MinuteBucket; delta: Delta }>()));
      const bucket = { event_id: eventId, ticket_id: ticketId, minute: minuteOf(instant) };
      const key = `${bucket.event_id}|${bucket.ticket_id}|${bucket.minute}`;
      const summed = buckets.get(key) ?? { bucket, delta: {} };
      for (const [counter, value] of Object.entries(delta) as [StatCounter, number][])
        summed.delta[counter] = (summed.delta[counter] ?? 0) + value;
      buckets.set(key, summed);
    };

    if (event.type === 'AttendeeCheckedIn' || event.type === 'AttendeeCheckedOut') {
      const d = event.data;
      await readStatCheckIns(trx, ctx, [d]);
      const cached = cachedRowsOf(trx).checkIns.get(checkInKey(d.checkInListId, d.attendeeId))!;
      // A scan at or below the row's revision (a replay) changes nothing.
      if (cached.row && Number(cached.row.revision) >= revision) return [];
      if (event.type === 'AttendeeCheckedIn') {
        const { scannedAt } = event.data;
        cached.row = {
          check_in_list_id: d.checkInListId,
          attendee_id: d.attendeeId,
          event_id: d.eventId,
          ticket_id: d.ticketId,
          checked_in: 1,
          admissions: Number(cached.row?.admissions ?? 0) + 1,
          last_scanned_at: scannedAt,
          revision,
        };
        cached.changed = true;
        add(d.eventId, '', scannedAt, { check_ins: 1 });
        add(d.eventId, d.ticketId, scannedAt, { check_ins: 1 });
      } else {
        if (!cached.row) return [];
        Object.assign(cached.row, { checked_in: 0, revision, last_scanned_at: event.data.checkedOutAt });
        cached.changed = true;
      }
      return [`event:${d.eventId}`];
    }

    const { orderId, eventId } = event.data;

    if (event.type === 'OrderPlaced') {
      const d = event.data;
      const attendees: Record<string, StatAttendee> = {};
      for (const attendee of d.attendees)
        attendees[attendee.attendeeId] = { ticketId: attendee.ticketId, active: true };
      const placed: StatOrderRow = {
        id: orderId,
        event_id: eventId,
        account_id: d.accountId,
        currency: d.currency,
        state: 'OPEN',
        placed_at: d.placedAt,
        promo_code: d.promoCode,
        affiliate_code: d.affiliateCode,
        total: d.totals.total,
        discount_total: d.totals.discountTotal,
        tax_total: d.totals.taxTotal,
        fee_total: d.totals.feeTotal,
        charges: JSON.stringify({ taxes: d.totals.taxes, fees: d.totals.fees }),
        lines: JSON.stringify(statLines(d.lines)),
        attendees: JSON.stringify(attendees),
        sold_at: null,
        paid_at: null,
        revision,
      };
      await readStatOrders(trx, ctx, [orderId]);
      const cached = cachedRowsOf(trx).orders.get(orderId)!;
      // An order placed again (a replay) keeps its row.
      if (!cached.row) Object.assign(cached, { row: placed, changed: true });
      // Nothing counts before the order completes: no notice.
      return [];
    }

    await readStatOrders(trx, ctx, [orderId]);
    const cached = cachedRowsOf(trx).orders.get(orderId)!;
    const row = cached.row;
    if (!row) return [];
    if (Number(row.revision) >= revision) return [];
    const lines = JSON.parse(row.lines) as StatLine[];
    const attendees = JSON.parse(row.attendees) as Record<string, StatAttendee>;
    const activeOf = (ticketId: string) =>
      Object.values(attendees).filter((attendee) => attendee.ticketId === ticketId && attendee.active).length;
    const changed = cached;
    const update = (changes: Partial<StatOrderRow>): Promise<void> => {
      Object.assign(row, changes, { revision });
      changed.changed = true;
      return Promise.resolve();
    };

    /** Deltas per ticket (`''`: the whole event), merged so each bucket row is written once per event. */
    type Deltas = Map<string, Delta>;
    const sale = (sign: 1 | -1 = 1): Deltas => {
      const deltas: Deltas = new Map([
        [
          '',
          {
            orders: sign,
            tickets_sold: sign * lines.reduce((sum, line) => sum + activeOf(line.ticketId), 0),
            discounts: sign * Number(row.discount_total),
          },
        ],
      ]);
      for (const line of lines)
        deltas.set(line.ticketId, {
          orders: sign,
          tickets_sold: sign * activeOf(line.ticketId),
          discounts: sign * line.discount,
        });
      return deltas;
    };
    const money = (sign: 1 | -1 = 1): Deltas => {
      const deltas: Deltas = new Map([
        [
          '',
          {
            gross: sign * Number(row.total),
            taxes: sign * Number(row.tax_total),
            fees: sign * Number(row.fee_total),
          },
        ],
      ]);
      for (const line of lines)
        deltas.set(line.ticketId, {
          gross: sign * line.total,
          taxes: sign * line.taxes,
          fees: sign * line.fees,
        });
      return deltas;
    };
    /** `amount` refunded: the whole event's, and each ticket's share by its total (largest remainders). */
    const refunded = (amount: number): Deltas => {
      const deltas: Deltas = new Map([['', { refunds: amount }]]);
      const base = lines.reduce((sum, line) => sum + line.total, 0);
      if (base <= 0) return deltas;
      const shares = lines.map((line) => {
        const exact = (amount * line.total) / base;
        return { ticketId: line.ticketId, whole: Math.floor(exact), rest: exact - Math.floor(exact) };
      });
      let left = amount - shares.reduce((sum, share) => sum + share.whole, 0);
      for (const share of [...shares].sort((a, b) => b.rest - a.rest)) {
        if (left <= 0) break;
        share.whole++;
        left--;
      }
      for (const share of shares) {
        const into = deltas.get(share.ticketId) ?? {};
        into.refunds = (into.refunds ?? 0) + share.whole;
        deltas.set(share.ticketId, into);
      }
      return deltas;
    };
    const awaiting = (sign: 1 | -1): Deltas =>
      new Map([['', { awaiting_payment: sign * Number(row.total) }]]);
    const record = (at: string, ...parts: Deltas[]) => {
      for (const part of parts) for (const [ticketId, delta] of part) add(eventId, ticketId, at, delta);
    };
    const sold = row.state === 'SOLD' || row.state === 'PAID';

    switch (event.type) {
      case 'OrderCompleted': {
        if (row.state !== 'OPEN') break;
        const at = event.data.completedAt;
        record(at, sale(), money());
        await update({ state: 'PAID', sold_at: at, paid_at: at });
        break;
      }
      case 'OrderAwaitingOfflinePayment': {
        if (row.state !== 'OPEN') break;
        const at = event.data.completedAt;
        record(at, sale(), awaiting(1));
        await update({ state: 'SOLD', sold_at: at });
        break;
      }
      case 'OrderMarkedPaid': {
        if (row.state !== 'SOLD') break;
        const at = event.data.paidAt;
        record(at, awaiting(-1), money());
        await update({ state: 'PAID', paid_at: at });
        break;
      }
      case 'OrderCancelled': {
        const at = event.data.cancelledAt;
        if (sold) record(at, sale(-1), row.state === 'SOLD' ? awaiting(-1) : new Map<string, Delta>());
        for (const attendee of Object.values(attendees)) attendee.active = false;
        await update({ state: 'CANCELLED', attendees: JSON.stringify(attendees) });
        break;
      }
      case 'AttendeeCancelled':
      case 'AttendeeReactivated': {
        const attendee = attendees[event.data.attendeeId];
        const active = event.type === 'AttendeeReactivated';
        if (attendee && attendee.active !== active) {
          attendee.active = active;
          if (sold) {
            const at =
              event.type === 'AttendeeReactivated' ? event.data.reactivatedAt : event.data.cancelledAt;
            const delta = active ? 1 : -1;
            add(eventId, '', at, { tickets_sold: delta });
            add(eventId, attendee.ticketId, at, { tickets_sold: delta });
          }
        }
        await update({ attendees: JSON.stringify(attendees) });
        break;
      }
      case 'OrderExpired':
      case 'OrderAbandoned':
        if (row.state === 'OPEN') await update({ state: 'LAPSED' });
        else await update({});
        return [];
      case 'OrderRefunded':
      case 'OrderRefundRecorded': {
        // Only money that counted in gross comes back out of it.
        if (!row.paid_at) {
          await update({});
          return [];
        }
        const at = event.type === 'OrderRefunded' ? event.data.refundedAt : event.data.recordedAt;
        record(at, refunded(event.data.amount));
        await update({});
        break;
      }
      default:
        await update({});
        return [];
    }
    return [`event:${eventId}`, `account:${row.account_id}`];
  },

  async settle(trx, ctx) {
    const rows = cachedRows.get(trx);
    cachedRows.delete(trx);
    const changed = <Row>(cache: Map<string, { row: Row | null; changed: boolean }> | undefined): Row[] =>
      [...(cache?.values() ?? [])].flatMap(({ row, changed }) => (changed && row ? [row] : []));
    await writeRows(trx, ctx.table('stat_orders'), changed(rows?.orders), { upsertOn: 'id' });
    await writeRows(trx, ctx.table('stat_check_ins'), changed(rows?.checkIns), {
      upsertOn: ['check_in_list_id', 'attendee_id'],
    });
    const buckets = bucketDeltas.get(trx);
    bucketDeltas.delete(trx);
    const minutes = ctx.table('stat_minutes');
    const sums = [...(buckets?.values() ?? [])]
      .filter(({ delta }) => Object.values(delta).some((value) => value !== 0))
      .map(({ bucket, delta }) => ({
        ...bucket,
        ...Object.fromEntries(statCounters.map((counter) => [counter, delta[counter] ?? 0])),
      }));
    await writeRows(trx, minutes, sums, {
      addOn: ['event_id', 'ticket_id', 'minute'],
      columns: statCounters,
    });
  },
});

export type StatsProjectionEvent = OrderEvent | Admission;

/** The stats projection's checkpoint: the position every answer built from these tables reflects at least. */
export async function statsPosition(db: Knex): Promise<string> {
  const checkpoint = await readCheckpoint(db, statsProjectionName);
  return String(checkpoint?.position ?? '0');
}

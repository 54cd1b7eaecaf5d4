import type { Knex } from 'knex';
import type { EventRow } from '../../projections/events';
import { statCounters } from '../../projections/stats';
import { listEventAffiliates } from '../../projections/affiliates';
import { checkInListNames } from '../../projections/checkIn';
import { codeUsage, ticketStats } from './statsQueries';
import { bucketOf, nextDate, startOfLocalDay } from './zonedTime';

/**
 * An event's reports (issue 16): each is a list of rows with typed columns, read from the stats read model
 * and filtered by a range of LOCAL dates of the event (`from`/`to`, both included). The same rows answer as
 * JSON, CSV or XLSX (services/reporting/exports.ts).
 */

export type ReportName =
  'sales_by_ticket' | 'sales_by_day' | 'promo_codes' | 'affiliates' | 'taxes_and_fees' | 'check_ins';
export const reportNames: readonly ReportName[] = [
  'sales_by_ticket',
  'sales_by_day',
  'promo_codes',
  'affiliates',
  'taxes_and_fees',
  'check_ins',
];

/** `money` is in minor units of the event's currency; `count` a whole number; `text` as it is. */
export type ColumnKind = 'text' | 'count' | 'money' | 'date';
export interface ReportColumn {
  key: string;
  kind: ColumnKind;
}
export type ReportRow = Record<string, string | number | null>;
export interface Report {
  report: ReportName;
  currency: string;
  timezone: string;
  from: string | null;
  to: string | null;
  columns: ReportColumn[];
  rows: ReportRow[];
}

type ReportEvent = Pick<EventRow, 'id' | 'timezone' | 'currency'>;
interface Bounds {
  from?: string;
  to?: string;
}

const col = (key: string, kind: ColumnKind): ReportColumn => ({ key, kind });
const salesColumns = [
  col('orders', 'count'),
  col('tickets_sold', 'count'),
  col('gross', 'money'),
  col('discounts', 'money'),
  col('taxes', 'money'),
  col('fees', 'money'),
  col('refunds', 'money'),
  col('net', 'money'),
];

/** The UTC instants of a range of local dates: from the start of `from` to the end of `to`. */
export function boundsOf(event: ReportEvent, range: { from?: string; to?: string }): Bounds {
  return {
    ...(range.from ? { from: new Date(startOfLocalDay(range.from, event.timezone)).toISOString() } : {}),
    ...(range.to ? { to: new Date(startOfLocalDay(nextDate(range.to), event.timezone)).toISOString() } : {}),
  };
}

async function salesByTicket(db: Knex, event: ReportEvent, bounds: Bounds) {
  const rows = await ticketStats(db, event.id, bounds);
  return {
    columns: [col('ticket', 'text'), ...salesColumns, col('check_ins', 'count')],
    rows: rows.map((row) => ({
      ticket: row.title,
      orders: row.orders,
      tickets_sold: row.tickets_sold,
      gross: row.gross,
      discounts: row.discounts,
      taxes: row.taxes,
      fees: row.fees,
      refunds: row.refunds,
      net: row.net,
      check_ins: row.check_ins,
    })),
  };
}

async function salesByDay(db: Knex, event: ReportEvent, bounds: Bounds) {
  const query = db('stat_minutes')
    .where({ event_id: event.id, ticket_id: '' })
    .orderBy('minute')
    .select(['minute', ...statCounters]);
  if (bounds.from) void query.where('minute', '>=', bounds.from);
  if (bounds.to) void query.where('minute', '<', bounds.to);
  const minutes = (await query) as Record<string, unknown>[];
  const days = new Map<string, ReportRow & Record<string, number | string>>();
  for (const minute of minutes) {
    const date = bucketOf(Date.parse(String(minute.minute)), event.timezone, 'day');
    const day = days.get(date) ?? {
      date,
      orders: 0,
      tickets_sold: 0,
      gross: 0,
      discounts: 0,
      taxes: 0,
      fees: 0,
      refunds: 0,
      net: 0,
    };
    for (const key of ['orders', 'tickets_sold', 'gross', 'discounts', 'taxes', 'fees', 'refunds'] as const)
      day[key] = Number(day[key]) + Number(minute[key] ?? 0);
    day.net = Number(day.gross) - Number(day.refunds);
    days.set(date, day);
  }
  return { columns: [col('date', 'date'), ...salesColumns], rows: [...days.values()] };
}

async function byCode(db: Knex, event: ReportEvent, bounds: Bounds, kind: 'promo_code' | 'affiliate_code') {
  const usage = await codeUsage(db, event.id, kind, bounds);
  const names = new Map<string, string>();
  if (kind === 'affiliate_code' && usage.length > 0) {
    for (const affiliate of await listEventAffiliates(db, event.id))
      names.set(affiliate.code, affiliate.name);
  }
  const columns = [
    col('code', 'text'),
    ...(kind === 'affiliate_code' ? [col('name', 'text')] : []),
    col('orders', 'count'),
    col('tickets_sold', 'count'),
    col('discounts', 'money'),
    col('gross', 'money'),
  ];
  return {
    columns,
    rows: usage.map((row) => ({
      code: row.code,
      ...(kind === 'affiliate_code' ? { name: names.get(row.code) ?? null } : {}),
      orders: row.orders,
      tickets_sold: row.tickets_sold,
      discounts: row.discounts,
      gross: row.gross,
    })),
  };
}

/** What the paid orders collected per tax and fee (by name), counted when the money came in. */
async function taxesAndFees(db: Knex, event: ReportEvent, bounds: Bounds) {
  const query = db('stat_orders').where({ event_id: event.id, state: 'PAID' }).select('charges');
  if (bounds.from) void query.where('paid_at', '>=', bounds.from);
  if (bounds.to) void query.where('paid_at', '<', bounds.to);
  const orders = (await query) as { charges: string }[];
  const totals = new Map<string, { type: string; name: string; orders: number; amount: number }>();
  for (const order of orders) {
    const charges = JSON.parse(order.charges) as {
      taxes: { name: string; amount: number }[];
      fees: typeof charges.taxes;
    };
    for (const [type, list] of [
      ['tax', charges.taxes],
      ['fee', charges.fees],
    ] as const)
      for (const charge of list) {
        const key = `${type}\n${charge.name}`;
        const total = totals.get(key) ?? { type, name: charge.name, orders: 0, amount: 0 };
        total.orders += 1;
        total.amount += charge.amount;
        totals.set(key, total);
      }
  }
  return {
    columns: [col('type', 'text'), col('name', 'text'), col('orders', 'count'), col('amount', 'money')],
    rows: [...totals.values()].sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name)),
  };
}

/**
 * Per check-in list: attendees admitted at least once, inside now, and admissions in all. The range filters
 * by each attendee's last scan on the list.
 */
async function checkIns(db: Knex, event: ReportEvent, bounds: Bounds) {
  const query = db('stat_check_ins')
    .where({ event_id: event.id })
    .groupBy('check_in_list_id')
    .select(
      'check_in_list_id',
      db.raw('count(*) as attendees'),
      db.raw('coalesce(sum(checked_in), 0) as inside'),
      db.raw('coalesce(sum(admissions), 0) as admissions'),
    );
  if (bounds.from) void query.where('last_scanned_at', '>=', bounds.from);
  if (bounds.to) void query.where('last_scanned_at', '<', bounds.to);
  const rows = (await query) as Record<string, string | number>[];
  const names = await checkInListNames(
    db,
    rows.map((row) => String(row.check_in_list_id)),
  );
  return {
    columns: [
      col('check_in_list', 'text'),
      col('attendees_checked_in', 'count'),
      col('inside_now', 'count'),
      col('admissions', 'count'),
    ],
    rows: rows
      .map((row) => ({
        check_in_list: names.get(String(row.check_in_list_id)) ?? String(row.check_in_list_id),
        attendees_checked_in: Number(row.attendees),
        inside_now: Number(row.inside),
        admissions: Number(row.admissions),
      }))
      .sort((a, b) => a.check_in_list.localeCompare(b.check_in_list)),
  };
}

export async function buildReport(
  db: Knex,
  event: ReportEvent,
  report: ReportName,
  range: { from?: string; to?: string },
): Promise<Report> {
  const bounds = boundsOf(event, range);
  const built =
    report === 'sales_by_ticket'
      ? await salesByTicket(db, event, bounds)
      : report === 'sales_by_day'
        ? await salesByDay(db, event, bounds)
        : report === 'promo_codes'
          ? await byCode(db, event, bounds, 'promo_code')
          : report === 'affiliates'
            ? await byCode(db, event, bounds, 'affiliate_code')
            : report === 'taxes_and_fees'
              ? await taxesAndFees(db, event, bounds)
              : await checkIns(db, event, bounds);
  return {
    report,
    currency: event.currency,
    timezone: event.timezone,
    from: range.from ?? null,
    to: range.to ?? null,
    ...built,
  };
}

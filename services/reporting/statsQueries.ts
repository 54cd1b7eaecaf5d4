import type { Knex } from 'knex';
import { accountEventCurrencies, listUpcomingAccountEvents, type EventRow } from '../../projections/events';
import { statCounters, statsPosition, type StatCounter } from '../../projections/stats';
import { listEventTickets } from '../../projections/tickets';
import {
  bucketOf,
  bucketsBetween,
  localMinute,
  nextDate,
  startOfLocalDay,
  type Granularity,
} from './zonedTime';

/**
 * The dashboard's questions to the stats read model (projections/stats) and the page views
 * (services/reporting/pageViews.ts). Every answer names the stats projection's checkpoint read BEFORE the
 * rows, so the rows reflect at least that position: a client that ignores notices at or below it and
 * refetches on a newer one never misses a change and never counts one twice (docs/reporting.md).
 */

export type StatsRange = '24h' | '7d' | '30d' | '90d' | 'all';
export const statsRanges: readonly StatsRange[] = ['24h', '7d', '30d', '90d', 'all'];
const RANGE_MS: Record<Exclude<StatsRange, 'all'>, number> = {
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
  '90d': 90 * 86_400_000,
};

export type Counts = Record<StatCounter, number>;

export interface HeadlineNumbers extends Counts {
  net: number;
  checked_in: number;
  page_views: number;
  /**
   * Orders per counted page view; null without views. Not capped: above 1 means orders came without a view
   * (created by hand, through the API), and hiding that would hide a counting problem too.
   */
  conversion: number | null;
}

export interface SeriesPoint {
  bucket: string;
  orders: number;
  tickets_sold: number;
  gross: number;
  net: number;
  taxes: number;
  fees: number;
  discounts: number;
  refunds: number;
  check_ins: number;
  page_views: number;
}

type StatsEvent = Pick<EventRow, 'id' | 'timezone' | 'currency' | 'start_date' | 'title'>;

/** A query over a read-model table whose rows the caller types (knex infers nothing useful from a name). */
export const table = (db: Knex, name: string): Knex.QueryBuilder => db(name);

const zero = (): Counts => Object.fromEntries(statCounters.map((counter) => [counter, 0])) as Counts;
const sums = (db: Knex) =>
  statCounters.map((counter) => db.raw('coalesce(sum(??), 0) as ??', [counter, counter]));
const toCounts = (row: Record<string, unknown> | undefined): Counts => {
  const counts = zero();
  for (const counter of statCounters) counts[counter] = Number(row?.[counter] ?? 0);
  return counts;
};

export async function eventTotals(db: Knex, eventId: string): Promise<Counts> {
  const row = await table(db, 'stat_minutes')
    .where({ event_id: eventId, ticket_id: '' })
    .first<Record<string, unknown> | undefined>(sums(db));
  return toCounts(row);
}

async function checkedIn(db: Knex, eventId: string): Promise<number> {
  const row = await table(db, 'stat_check_ins')
    .where({ event_id: eventId, checked_in: 1 })
    .countDistinct({ n: 'attendee_id' })
    .first<{ n: number | string } | undefined>();
  return Number(row?.n ?? 0);
}

async function pageViewTotal(db: Knex, eventId: string, range: { from?: string; to?: string } = {}) {
  const query = db('event_page_views').where({ event_id: eventId });
  if (range.from) void query.where('minute', '>=', range.from);
  if (range.to) void query.where('minute', '<', range.to);
  const row = await query.sum({ views: 'views' }).first<{ views: number | string | null } | undefined>();
  return Number(row?.views ?? 0);
}

export async function headlineNumbers(db: Knex, eventId: string): Promise<HeadlineNumbers> {
  const [totals, inside, views] = await Promise.all([
    eventTotals(db, eventId),
    checkedIn(db, eventId),
    pageViewTotal(db, eventId),
  ]);
  return {
    ...totals,
    net: totals.gross - totals.refunds,
    checked_in: inside,
    page_views: views,
    conversion: views > 0 ? totals.orders / views : null,
  };
}

/** The instants a range covers, ending now; `all` starts at the first minute anything was counted. */
export async function rangeBounds(
  db: Knex,
  eventId: string,
  range: StatsRange,
  now: Date,
): Promise<{ from: number; to: number }> {
  const to = now.getTime();
  if (range !== 'all') return { from: to - RANGE_MS[range], to };
  const firstMinute = async (name: string) => {
    const row = await table(db, name)
      .where({ event_id: eventId })
      .min({ minute: 'minute' })
      .first<{ minute: string | null } | undefined>();
    return row?.minute ? Date.parse(row.minute) : Number.NaN;
  };
  const candidates = (
    await Promise.all([firstMinute('stat_minutes'), firstMinute('event_page_views')])
  ).filter((at) => !Number.isNaN(at));
  return { from: candidates.length > 0 ? Math.min(...candidates) : to - RANGE_MS['7d'], to };
}

export const defaultGranularity = (range: StatsRange): Granularity => (range === '24h' ? 'hour' : 'day');

/** Sales, revenue, admissions and views per local bucket of the event's zone, zero-filled, oldest first. */
export async function statsSeries(
  db: Knex,
  event: StatsEvent,
  bounds: { from: number; to: number },
  granularity: Granularity,
): Promise<SeriesPoint[]> {
  const from = new Date(bounds.from - (bounds.from % 60_000)).toISOString();
  const to = new Date(bounds.to + 1).toISOString();
  const [minutes, views] = await Promise.all([
    db('stat_minutes')
      .where({ event_id: event.id, ticket_id: '' })
      .where('minute', '>=', from)
      .where('minute', '<', to)
      .select(['minute', ...statCounters]) as Promise<Record<string, unknown>[]>,
    db('event_page_views')
      .where({ event_id: event.id })
      .where('minute', '>=', from)
      .where('minute', '<', to)
      .select('minute', 'views') as Promise<{ minute: string; views: number | string }[]>,
  ]);
  const points = new Map<string, SeriesPoint>();
  for (const bucket of bucketsBetween(bounds.from, bounds.to, event.timezone, granularity))
    points.set(bucket, {
      bucket,
      orders: 0,
      tickets_sold: 0,
      gross: 0,
      net: 0,
      taxes: 0,
      fees: 0,
      discounts: 0,
      refunds: 0,
      check_ins: 0,
      page_views: 0,
    });
  for (const row of minutes) {
    const point = points.get(bucketOf(Date.parse(String(row.minute)), event.timezone, granularity));
    if (!point) continue;
    const counts = toCounts(row);
    point.orders += counts.orders;
    point.tickets_sold += counts.tickets_sold;
    point.gross += counts.gross;
    point.taxes += counts.taxes;
    point.fees += counts.fees;
    point.discounts += counts.discounts;
    point.refunds += counts.refunds;
    point.net += counts.gross - counts.refunds;
    point.check_ins += counts.check_ins;
  }
  for (const row of views) {
    const point = points.get(bucketOf(Date.parse(row.minute), event.timezone, granularity));
    if (point) point.page_views += Number(row.views);
  }
  return [...points.values()];
}

export interface TicketStats extends Counts {
  ticket_id: string;
  title: string;
  net: number;
}

/** Per ticket, between two instants (all time without them), with the ticket's current title, in the organizer's order. */
export async function ticketStats(
  db: Knex,
  eventId: string,
  bounds: { from?: string; to?: string } = {},
): Promise<TicketStats[]> {
  const query = db('stat_minutes')
    .where({ event_id: eventId })
    .whereNot({ ticket_id: '' })
    .groupBy('ticket_id')
    .select(['ticket_id', ...sums(db)]);
  if (bounds.from) void query.where('minute', '>=', bounds.from);
  if (bounds.to) void query.where('minute', '<', bounds.to);
  const [rows, tickets] = await Promise.all([
    query as Promise<(Record<string, unknown> & { ticket_id: string })[]>,
    listEventTickets(db, eventId),
  ]);
  const countsOf = new Map(rows.map((row) => [row.ticket_id, toCounts(row)]));
  // The organizer's order of tickets, each even without sales; then tickets deleted since they sold.
  const ids = [
    ...tickets.map((ticket) => ticket.ticketId),
    ...rows.map((row) => row.ticket_id).filter((id) => !tickets.some((ticket) => ticket.ticketId === id)),
  ];
  return ids.map((ticketId) => {
    const counts = countsOf.get(ticketId) ?? zero();
    return {
      ticket_id: ticketId,
      title: tickets.find((ticket) => ticket.ticketId === ticketId)?.details.title ?? ticketId,
      ...counts,
      net: counts.gross - counts.refunds,
    };
  });
}

export interface CodeUsage {
  code: string;
  orders: number;
  tickets_sold: number;
  discounts: number;
  gross: number;
}

/** Completed orders (paid or awaiting an offline payment) per promo or affiliate code, sold between two instants. */
export async function codeUsage(
  db: Knex,
  eventId: string,
  column: 'promo_code' | 'affiliate_code',
  bounds: { from?: string; to?: string } = {},
): Promise<CodeUsage[]> {
  const query = db('stat_orders')
    .where({ event_id: eventId })
    .whereIn('state', ['SOLD', 'PAID'])
    .whereNotNull(column)
    .select(column, 'discount_total', 'total', 'lines', 'attendees');
  if (bounds.from) void query.where('sold_at', '>=', bounds.from);
  if (bounds.to) void query.where('sold_at', '<', bounds.to);
  const rows = (await query) as (Record<string, unknown> & { attendees: string })[];
  const byCode = new Map<string, CodeUsage>();
  for (const row of rows) {
    const code = String(row[column]);
    const usage = byCode.get(code) ?? { code, orders: 0, tickets_sold: 0, discounts: 0, gross: 0 };
    usage.orders += 1;
    usage.tickets_sold += Object.values(
      JSON.parse(row.attendees) as Record<string, { active: boolean }>,
    ).filter((attendee) => attendee.active).length;
    usage.discounts += Number(row.discount_total);
    usage.gross += Number(row.total);
    byCode.set(code, usage);
  }
  return [...byCode.values()].sort((a, b) => b.orders - a.orders || a.code.localeCompare(b.code));
}

/** Admissions per minute on the event's (local) first day, from the first admission to the last. */
export async function checkInsOnEventDay(
  db: Knex,
  event: StatsEvent,
): Promise<{ day: string; per_minute: { minute: string; check_ins: number }[] }> {
  const day = localMinute(Date.parse(event.start_date), event.timezone).slice(0, 10);
  const from = startOfLocalDay(day, event.timezone);
  const to = startOfLocalDay(nextDate(day), event.timezone);
  const rows = await table(db, 'stat_minutes')
    .where({ event_id: event.id, ticket_id: '' })
    .where('minute', '>=', new Date(from).toISOString())
    .where('minute', '<', new Date(to).toISOString())
    .whereNot({ check_ins: 0 })
    .orderBy('minute')
    .select<{ minute: string; check_ins: number | string }[]>('minute', 'check_ins');
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) return { day, per_minute: [] };
  const counts = new Map(
    rows.map((row) => [localMinute(Date.parse(row.minute), event.timezone), Number(row.check_ins)]),
  );
  const per_minute = bucketsBetween(
    Date.parse(first.minute),
    Date.parse(last.minute),
    event.timezone,
    'minute',
  ).map((minute) => ({ minute: minute.slice(11), check_ins: counts.get(minute) ?? 0 }));
  return { day, per_minute };
}

export interface EventStats {
  event_id: string;
  currency: string;
  timezone: string;
  position: string;
  totals: HeadlineNumbers;
  range: { range: StatsRange; granularity: Granularity; from: string; to: string };
  series: SeriesPoint[];
  tickets: TicketStats[];
  promo_codes: CodeUsage[];
  check_ins: { day: string; per_minute: { minute: string; check_ins: number }[] };
}

export async function eventStats(
  db: Knex,
  event: StatsEvent,
  query: { range: StatsRange; granularity: Granularity },
  now: Date,
): Promise<EventStats> {
  // First the position, then the rows: the rows are at least as new as the position says.
  const position = await statsPosition(db);
  const bounds = await rangeBounds(db, event.id, query.range, now);
  const [totals, series, tickets, promoCodes, checkIns] = await Promise.all([
    headlineNumbers(db, event.id),
    statsSeries(db, event, bounds, query.granularity),
    ticketStats(db, event.id),
    codeUsage(db, event.id, 'promo_code'),
    checkInsOnEventDay(db, event),
  ]);
  return {
    event_id: event.id,
    currency: event.currency,
    timezone: event.timezone,
    position,
    totals,
    range: {
      range: query.range,
      granularity: query.granularity,
      from: new Date(bounds.from).toISOString(),
      to: new Date(bounds.to).toISOString(),
    },
    series,
    tickets,
    promo_codes: promoCodes,
    check_ins: checkIns,
  };
}

export interface UpcomingEventSales {
  event_id: string;
  title: string;
  start_date: string;
  timezone: string;
  currency: string;
  status: string;
  orders: number;
  tickets_sold: number;
  gross: number;
  page_views: number;
}

/** The account's events that have not ended, soonest first, with their sales. */
export async function upcomingEventSales(
  db: Knex,
  accountId: string,
  now: Date,
  limit = 20,
): Promise<UpcomingEventSales[]> {
  const events = await listUpcomingAccountEvents(db, accountId, now, limit);
  if (events.length === 0) return [];
  const ids = events.map((event) => event.id);
  const [sales, views] = await Promise.all([
    db('stat_minutes')
      .whereIn('event_id', ids)
      .where({ ticket_id: '' })
      .groupBy('event_id')
      .select(['event_id', ...sums(db)]) as Promise<(Record<string, unknown> & { event_id: string })[]>,
    db('event_page_views')
      .whereIn('event_id', ids)
      .groupBy('event_id')
      .select('event_id')
      .sum({ views: 'views' }) as Promise<{ event_id: string; views: number | string | null }[]>,
  ]);
  const salesOf = new Map(sales.map((row) => [row.event_id, toCounts(row)]));
  const viewsOf = new Map(views.map((row) => [row.event_id, Number(row.views ?? 0)]));
  return events.map((event) => {
    const counts = salesOf.get(event.id) ?? zero();
    return {
      event_id: event.id,
      title: event.title,
      start_date: event.start_date,
      timezone: event.timezone,
      currency: event.currency,
      status: event.status,
      orders: counts.orders,
      tickets_sold: counts.tickets_sold,
      gross: counts.gross,
      page_views: viewsOf.get(event.id) ?? 0,
    };
  });
}

export interface CurrencyTotals {
  currency: string;
  events: number;
  orders: number;
  tickets_sold: number;
  gross: number;
  net: number;
  taxes: number;
  fees: number;
  refunds: number;
}

/** The whole account's sales per currency (money of two currencies is never added up). */
export async function accountTotals(db: Knex, accountId: string): Promise<CurrencyTotals[]> {
  const currencyOf = await accountEventCurrencies(db, accountId);
  const ids = [...currencyOf.keys()];
  const byCurrency = new Map<string, CurrencyTotals>();
  for (let start = 0; start < ids.length; start += 500) {
    const perEvent = await table(db, 'stat_minutes')
      .whereIn('event_id', ids.slice(start, start + 500))
      .where({ ticket_id: '' })
      .groupBy('event_id')
      .select<(Record<string, unknown> & { event_id: string })[]>(['event_id', ...sums(db)]);
    for (const row of perEvent) {
      const currency = currencyOf.get(row.event_id) ?? '';
      const counts = toCounts(row);
      const totals = byCurrency.get(currency) ?? {
        currency,
        events: 0,
        orders: 0,
        tickets_sold: 0,
        gross: 0,
        net: 0,
        taxes: 0,
        fees: 0,
        refunds: 0,
      };
      totals.events += 1;
      for (const counter of ['orders', 'tickets_sold', 'gross', 'taxes', 'fees', 'refunds'] as const)
        totals[counter] += counts[counter];
      totals.net = totals.gross - totals.refunds;
      byCurrency.set(currency, totals);
    }
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

import { z } from 'zod';
import { dataOf, route } from '../kit/http/routeContract';
import { reportNames } from './reports';
import { statsRanges } from './statsQueries';
import { isLocalDate } from './zonedTime';
import { checkInProjection } from '../../projections/checkIn';
import { eventsProjection } from '../../projections/events';
import { statsProjection } from '../../projections/stats';
import { ticketsProjection } from '../../projections/tickets';

/**
 * The dashboard's and the reports' API (issue 16). Query strings are strict like bodies: an unknown parameter
 * is refused under its own name.
 */

export const statsQuerySchema = z
  .object({
    range: z.enum(statsRanges).default('7d'),
    granularity: z.enum(['minute', 'hour', 'day']).optional(),
  })
  .strict()
  .refine((query) => query.granularity !== 'minute' || query.range === '24h', {
    message: 'Minutes only for the last 24 hours (range=24h)',
    path: ['granularity'],
  });

/** Routes that take no query parameters refuse any. */
export const noQuerySchema = z.object({}).strict();

const localDate = z.string().refine(isLocalDate, 'A date YYYY-MM-DD');

export const reportQuerySchema = z
  .object({
    from: localDate.optional(),
    to: localDate.optional(),
    format: z.enum(['json', 'csv', 'xlsx']).default('json'),
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The end date comes before the start date',
    path: ['to'],
  });

export const reportNameSchema = z.enum(reportNames);

const counts = {
  orders: z.number().int(),
  tickets_sold: z.number().int(),
  gross: z.number().int(),
  discounts: z.number().int(),
  taxes: z.number().int(),
  fees: z.number().int(),
  refunds: z.number().int(),
  awaiting_payment: z.number().int(),
  check_ins: z.number().int(),
};

export const eventStatsResponseSchema = z.object({
  event_id: z.string(),
  currency: z.string(),
  timezone: z.string(),
  /** The stats read model's position the numbers reflect at least (a decimal bigint). */
  position: z.string(),
  totals: z.object({
    ...counts,
    net: z.number().int(),
    checked_in: z.number().int(),
    page_views: z.number().int(),
    conversion: z.number().nullable(),
  }),
  range: z.object({
    range: z.enum(statsRanges),
    granularity: z.enum(['minute', 'hour', 'day']),
    from: z.string(),
    to: z.string(),
  }),
  series: z.array(
    z.object({
      bucket: z.string(),
      orders: z.number().int(),
      tickets_sold: z.number().int(),
      gross: z.number().int(),
      net: z.number().int(),
      taxes: z.number().int(),
      fees: z.number().int(),
      discounts: z.number().int(),
      refunds: z.number().int(),
      check_ins: z.number().int(),
      page_views: z.number().int(),
    }),
  ),
  tickets: z.array(z.object({ ticket_id: z.string(), title: z.string(), ...counts, net: z.number().int() })),
  promo_codes: z.array(
    z.object({
      code: z.string(),
      orders: z.number().int(),
      tickets_sold: z.number().int(),
      discounts: z.number().int(),
      gross: z.number().int(),
    }),
  ),
  check_ins: z.object({
    day: z.string(),
    per_minute: z.array(z.object({ minute: z.string(), check_ins: z.number().int() })),
  }),
});

export const reportResponseSchema = z.object({
  report: reportNameSchema,
  currency: z.string(),
  timezone: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  position: z.string(),
  columns: z.array(z.object({ key: z.string(), kind: z.enum(['text', 'count', 'money', 'date']) })),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});

export const statsOverviewResponseSchema = z.object({
  position: z.string(),
  upcoming: z.array(
    z.object({
      event_id: z.string(),
      title: z.string(),
      start_date: z.string(),
      timezone: z.string(),
      currency: z.string(),
      status: z.string(),
      orders: z.number().int(),
      tickets_sold: z.number().int(),
      gross: z.number().int(),
      page_views: z.number().int(),
    }),
  ),
});

export const accountStatsResponseSchema = z.object({
  position: z.string(),
  currencies: z.array(
    z.object({
      currency: z.string(),
      events: z.number().int(),
      orders: z.number().int(),
      tickets_sold: z.number().int(),
      gross: z.number().int(),
      net: z.number().int(),
      taxes: z.number().int(),
      fees: z.number().int(),
      refunds: z.number().int(),
    }),
  ),
});

export const statsRouteContracts = [
  route({
    method: 'get',
    path: '/events/:eventId/stats',
    reads: [statsProjection, eventsProjection, ticketsProjection],
    summary:
      'The event dashboard: headline numbers, a series (query `range` 24h|7d|30d|90d|all, `granularity` minute|hour|day, in the event time zone), sales by ticket, promo codes, check-ins per minute on the event day; `position` is the stats read model position the numbers reflect',
    query: statsQuerySchema,
    response: dataOf(eventStatsResponseSchema),
  }),
  route({
    method: 'get',
    path: '/events/:eventId/reports/:report',
    reads: [statsProjection, eventsProjection, ticketsProjection, checkInProjection],
    summary:
      'An event report (sales_by_ticket, sales_by_day, promo_codes, affiliates, taxes_and_fees, check_ins); query `from`/`to` (local dates, included), `format` json|csv|xlsx (csv and xlsx answer a file)',
    query: reportQuerySchema,
    response: dataOf(reportResponseSchema),
  }),
  route({
    method: 'get',
    path: '/stats/overview',
    reads: [statsProjection, eventsProjection],
    summary: "The organizer's overview: the account's upcoming events with their sales",
    response: dataOf(statsOverviewResponseSchema),
  }),
  route({
    method: 'get',
    path: '/stats/account',
    reads: [statsProjection, eventsProjection],
    summary: "The account's sales per currency, across all its events (administrators)",
    response: dataOf(accountStatsResponseSchema),
  }),
];

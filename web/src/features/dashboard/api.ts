import { api } from '../../shared/api/clients';
import { downloadFile } from '../../shared/api/download';
import type { ApiResponse } from '../../shared/api/contract.gen';

export type EventStats = ApiResponse<'GET /events/{eventId}/stats'>['data'];
export type StatsRange = EventStats['range']['range'];
export type Granularity = EventStats['range']['granularity'];
export type SeriesPoint = EventStats['series'][number];
export type Report = ApiResponse<'GET /events/{eventId}/reports/{report}'>['data'];
export type ReportName = Report['report'];
export type StatsOverview = ApiResponse<'GET /stats/overview'>['data'];
export type AccountStats = ApiResponse<'GET /stats/account'>['data'];

export const statsRanges: readonly StatsRange[] = ['24h', '7d', '30d', '90d', 'all'];
export const reportNames: readonly ReportName[] = [
  'sales_by_ticket',
  'sales_by_day',
  'promo_codes',
  'affiliates',
  'taxes_and_fees',
  'check_ins',
];

export async function getEventStats(
  eventId: string,
  query: { range: StatsRange; granularity?: Granularity },
  signal?: AbortSignal,
): Promise<EventStats> {
  return (await api.call('GET /events/{eventId}/stats', { params: { eventId }, query, signal })).data;
}

export interface ReportRange {
  from: string;
  to: string;
}

const reportQuery = (range: ReportRange) => ({
  ...(range.from ? { from: range.from } : {}),
  ...(range.to ? { to: range.to } : {}),
});

export async function getReport(
  eventId: string,
  report: ReportName,
  range: ReportRange,
  signal?: AbortSignal,
): Promise<Report> {
  return (
    await api.call('GET /events/{eventId}/reports/{report}', {
      params: { eventId, report },
      query: reportQuery(range),
      signal,
    })
  ).data;
}

/** Fetches a report file with the session's token and hands it to the browser as a download. */
export function downloadReport(
  eventId: string,
  report: ReportName,
  range: ReportRange,
  format: 'csv' | 'xlsx',
): Promise<void> {
  return downloadFile(
    `/events/${encodeURIComponent(eventId)}/reports/${encodeURIComponent(report)}`,
    { ...reportQuery(range), format },
    `${report}.${format}`,
  );
}

export async function getStatsOverview(signal?: AbortSignal): Promise<StatsOverview> {
  return (await api.call('GET /stats/overview', { signal })).data;
}

export async function getAccountStats(signal?: AbortSignal): Promise<AccountStats> {
  return (await api.call('GET /stats/account', { signal })).data;
}

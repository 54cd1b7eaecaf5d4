import { api } from '../../shared/api/clients';
import { getToken } from '../../shared/api/session';
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
export async function downloadReport(
  eventId: string,
  report: ReportName,
  range: ReportRange,
  format: 'csv' | 'xlsx',
): Promise<void> {
  const query = new URLSearchParams({ ...reportQuery(range), format });
  const response = await fetch(
    `/api/events/${encodeURIComponent(eventId)}/reports/${encodeURIComponent(report)}?${query}`,
    {
      headers: { Authorization: `Bearer ${getToken() ?? ''}` },
    },
  );
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download =
    /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ??
    `${report}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function getStatsOverview(signal?: AbortSignal): Promise<StatsOverview> {
  return (await api.call('GET /stats/overview', { signal })).data;
}

export async function getAccountStats(signal?: AbortSignal): Promise<AccountStats> {
  return (await api.call('GET /stats/account', { signal })).data;
}

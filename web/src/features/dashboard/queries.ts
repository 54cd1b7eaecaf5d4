import { queryOptions } from '@tanstack/react-query';
import {
  getAccountStats,
  getEventStats,
  getReport,
  getStatsOverview,
  type ReportName,
  type ReportRange,
  type StatsRange,
} from './api';

export const statsQueries = {
  all: ['stats'] as const,
  events: () => [...statsQueries.all, 'event'] as const,
  event: (eventId: string, range: StatsRange) =>
    queryOptions({
      queryKey: [...statsQueries.events(), eventId, range] as const,
      queryFn: ({ signal }) => getEventStats(eventId, { range }, signal),
      // The page refetches on live notices; a focus refetch would only repeat what the socket says.
      refetchOnWindowFocus: false,
    }),
  report: (eventId: string, report: ReportName, range: ReportRange) =>
    queryOptions({
      queryKey: [...statsQueries.all, 'report', eventId, report, range.from, range.to] as const,
      queryFn: ({ signal }) => getReport(eventId, report, range, signal),
    }),
  overview: () =>
    queryOptions({
      queryKey: [...statsQueries.all, 'overview'] as const,
      queryFn: ({ signal }) => getStatsOverview(signal),
    }),
  account: () =>
    queryOptions({
      queryKey: [...statsQueries.all, 'account'] as const,
      queryFn: ({ signal }) => getAccountStats(signal),
    }),
};

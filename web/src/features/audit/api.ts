import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/clients';
import type { ApiResponse } from '../../shared/api/contract.gen';
import { downloadFile } from '../../shared/api/download';
import type { RouteQuery } from '../../shared/api/routes';

/** One change in the account's audit log. */
export type AuditEntry = ApiResponse<'GET /account/audit'>['data'][number];
export type AuditType = AuditEntry['type'];
export type AuditEntityKind = AuditEntry['entity']['kind'];
export type AuditActor = ApiResponse<'GET /account/audit/actors'>['data'][number];
export type AuditQuery = RouteQuery<'GET /account/audit'>;

export const auditQueries = {
  all: ['audit'] as const,
  list: (query: AuditQuery) =>
    queryOptions({
      queryKey: [...auditQueries.all, 'list', query] as const,
      queryFn: ({ signal }) => api.call('GET /account/audit', { query, signal }),
    }),
  actors: () =>
    queryOptions({
      queryKey: [...auditQueries.all, 'actors'] as const,
      queryFn: async ({ signal }) => (await api.call('GET /account/audit/actors', { signal })).data,
    }),
};

/** The log in the list's filters as a file. */
export function downloadAuditExport(format: 'csv' | 'xlsx', query: AuditQuery): Promise<void> {
  return downloadFile('/account/audit/export', { ...query, format }, `audit.${format}`);
}

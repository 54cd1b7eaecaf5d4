import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/clients';
import type { ApiResponse } from '../../shared/api/contract.gen';
import type { RouteQuery } from '../../shared/api/routes';

/** A kept mail; `transport` is `smtp` when it went to a mail server, `outbox` when it is only kept here. */
export type OutboxMail = ApiResponse<'GET /outbox'>['data'][number];

export const outboxQueries = {
  all: ['outbox'] as const,
  list: (query: RouteQuery<'GET /outbox'>) =>
    queryOptions({
      queryKey: [...outboxQueries.all, 'list', query] as const,
      queryFn: ({ signal }) => api.call('GET /outbox', { query, signal }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...outboxQueries.all, 'detail', id] as const,
      queryFn: async ({ signal }) => (await api.call('GET /outbox/{id}', { params: { id }, signal })).data,
    }),
};

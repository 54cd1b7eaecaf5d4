import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/clients';
import type { QueryObject } from '../../shared/api/http';
import type { DataEnvelope, Paginated } from '../../shared/api/types';

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface OutboxMail {
  id: string;
  template: string;
  to: string;
  subject: string;
  locale: string;
  status: MailStatus;
  /** `smtp` when it went to a mail server, `outbox` when it is only kept here. */
  transport: 'smtp' | 'outbox' | null;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface OutboxMailContent extends OutboxMail {
  text: string;
  html: string;
}

export const outboxQueries = {
  all: ['outbox'] as const,
  list: (query: QueryObject) =>
    queryOptions({
      queryKey: [...outboxQueries.all, 'list', query] as const,
      queryFn: ({ signal }) => api.get<Paginated<OutboxMail>>('/outbox', { query, signal }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...outboxQueries.all, 'detail', id] as const,
      queryFn: async ({ signal }) =>
        (await api.get<DataEnvelope<OutboxMailContent>>(`/outbox/${encodeURIComponent(id)}`, { signal }))
          .data,
    }),
};

import { queryOptions } from '@tanstack/react-query';
import { listDeliveries, listWebhooks } from './api';

/** Query keys of the webhooks feature; everything starts with `['webhooks']`. */
export const webhookQueries = {
  all: ['webhooks'] as const,
  list: (eventId: string) =>
    queryOptions({
      queryKey: [...webhookQueries.all, 'list', eventId] as const,
      queryFn: ({ signal }) => listWebhooks(eventId, signal),
    }),
  /** The delivery log moves as the worker sends: refreshed every few seconds while it is open. */
  deliveries: (eventId: string, webhookId: string) =>
    queryOptions({
      queryKey: [...webhookQueries.all, 'deliveries', eventId, webhookId] as const,
      queryFn: ({ signal }) => listDeliveries(eventId, webhookId, signal),
      refetchInterval: 3_000,
    }),
};

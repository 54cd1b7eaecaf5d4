import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/clients';
import type { RouteQuery } from '../../shared/api/routes';

/** Query keys of the orders feature (orders and attendees); everything starts with `['orders']`. */
export const orderQueries = {
  all: ['orders'] as const,
  lists: () => [...orderQueries.all, 'list'] as const,
  list: (eventId: string, query: RouteQuery<'GET /events/{eventId}/orders'>) =>
    queryOptions({
      queryKey: [...orderQueries.lists(), 'orders', eventId, query] as const,
      queryFn: ({ signal }) =>
        api.call('GET /events/{eventId}/orders', { params: { eventId }, query, signal }),
    }),
  attendees: (eventId: string, query: RouteQuery<'GET /events/{eventId}/attendees'>) =>
    queryOptions({
      queryKey: [...orderQueries.lists(), 'attendees', eventId, query] as const,
      queryFn: ({ signal }) =>
        api.call('GET /events/{eventId}/attendees', { params: { eventId }, query, signal }),
    }),
  attendee: (eventId: string, attendeeId: string) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'attendee', attendeeId] as const,
      queryFn: async ({ signal }) =>
        (
          await api.call('GET /events/{eventId}/attendees/{attendeeId}', {
            params: { eventId, attendeeId },
            signal,
          })
        ).data,
    }),
  detail: (eventId: string, orderId: string) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'detail', orderId] as const,
      queryFn: async ({ signal }) =>
        (await api.call('GET /events/{eventId}/orders/{orderId}', { params: { eventId, orderId }, signal }))
          .data,
    }),
  /** Every stream's events that touched the order, and its mails (issue 30). */
  trail: (eventId: string, orderId: string) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'trail', orderId] as const,
      queryFn: async ({ signal }) =>
        (
          await api.call('GET /events/{eventId}/orders/{orderId}/history', {
            params: { eventId, orderId },
            signal,
          })
        ).data,
    }),
  /** The order as it was after the event at `position` (an entry of the trail). */
  asOf: (eventId: string, orderId: string, position: string) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'as-of', orderId, position] as const,
      queryFn: async ({ signal }) =>
        (
          await api.call('GET /events/{eventId}/orders/{orderId}/as-of', {
            params: { eventId, orderId },
            query: { position },
            signal,
          })
        ).data,
      staleTime: Infinity,
    }),
};

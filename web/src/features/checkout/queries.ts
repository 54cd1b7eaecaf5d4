import { queryOptions } from '@tanstack/react-query';
import { publicApi } from '../../shared/api/clients';
import { checkoutApi } from './api';

export const checkoutQueries = {
  all: ['checkout'] as const,
  order: (eventId: string, shortId: string) =>
    queryOptions({
      queryKey: ['checkout', 'order', eventId, shortId],
      queryFn: ({ signal }) => checkoutApi.order(eventId, shortId, signal),
      // The countdown, not a stale cache, says when a reservation ends: always read the order afresh.
      staleTime: 0,
    }),
  event: (eventId: string) =>
    queryOptions({
      queryKey: ['checkout', 'event', eventId],
      queryFn: async ({ signal }) =>
        (await publicApi.call('GET /public/events/{id}', { params: { id: eventId }, signal })).data,
      staleTime: 60_000,
    }),
  ticket: (eventId: string, attendeeShortId: string) =>
    queryOptions({
      queryKey: ['checkout', 'ticket', eventId, attendeeShortId],
      queryFn: ({ signal }) => checkoutApi.ticket(eventId, attendeeShortId, signal),
      staleTime: 0,
    }),
};

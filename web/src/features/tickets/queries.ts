import { queryOptions } from '@tanstack/react-query';
import { listTickets } from './api';

/** Query keys of the tickets feature; everything starts with `['tickets']`. */
export const ticketQueries = {
  all: ['tickets'] as const,
  list: (eventId: string) =>
    queryOptions({
      queryKey: [...ticketQueries.all, 'list', eventId] as const,
      queryFn: ({ signal }) => listTickets(eventId, signal),
    }),
};

import { queryOptions } from '@tanstack/react-query';
import { getCheckInStats, listCheckInLists, listTicketChoices } from './api';

/** Query keys of the check-in feature; everything starts with `['checkIn']`. */
export const checkInQueries = {
  all: ['checkIn'] as const,
  lists: (eventId: string) =>
    queryOptions({
      queryKey: [...checkInQueries.all, 'lists', eventId] as const,
      queryFn: ({ signal }) => listCheckInLists(eventId, signal),
    }),
  /** Under the tickets feature's root, so a ticket's change refreshes the choices too. */
  tickets: (eventId: string) =>
    queryOptions({
      queryKey: ['tickets', 'checkInChoices', eventId] as const,
      queryFn: ({ signal }) => listTicketChoices(eventId, signal),
    }),
  stats: (eventId: string) =>
    queryOptions({
      queryKey: [...checkInQueries.all, 'stats', eventId] as const,
      queryFn: ({ signal }) => getCheckInStats(eventId, signal),
    }),
};

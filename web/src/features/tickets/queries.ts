import { queryOptions } from '@tanstack/react-query';
import { listTaxesForTickets, listTickets } from './api';

/** Query keys of the tickets feature; everything starts with `['tickets']`. */
export const ticketQueries = {
  all: ['tickets'] as const,
  list: (eventId: string) =>
    queryOptions({
      queryKey: [...ticketQueries.all, 'list', eventId] as const,
      queryFn: ({ signal }) => listTickets(eventId, signal),
    }),
  /** Under the taxes feature's root, so its changes refresh the form's checkboxes too. */
  taxes: () =>
    queryOptions({
      queryKey: ['taxesAndFees', 'forTickets'] as const,
      queryFn: ({ signal }) => listTaxesForTickets(signal),
      retry: false,
    }),
};

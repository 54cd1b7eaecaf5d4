import { queryOptions } from '@tanstack/react-query';
import { listPromoCodes } from './api';

/** Query keys of the promo codes feature; everything starts with `['promoCodes']`. */
export const promoCodeQueries = {
  all: ['promoCodes'] as const,
  list: (eventId: string) =>
    queryOptions({
      queryKey: [...promoCodeQueries.all, 'list', eventId] as const,
      queryFn: ({ signal }) => listPromoCodes(eventId, signal),
    }),
};

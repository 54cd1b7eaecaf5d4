import { queryOptions } from '@tanstack/react-query';
import { listAffiliates } from './api';

/** Query keys of the affiliates feature; everything starts with `['affiliates']`. */
export const affiliateQueries = {
  all: ['affiliates'] as const,
  list: (eventId: string) =>
    queryOptions({
      queryKey: [...affiliateQueries.all, 'list', eventId] as const,
      queryFn: ({ signal }) => listAffiliates(eventId, signal),
    }),
};

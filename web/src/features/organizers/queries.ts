import { queryOptions } from '@tanstack/react-query';
import { getOrganizer, listOrganizers } from './api';

export const organizerQueries = {
  all: ['organizers'] as const,
  list: () =>
    queryOptions({
      queryKey: [...organizerQueries.all, 'list'] as const,
      queryFn: ({ signal }) => listOrganizers(signal),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...organizerQueries.all, 'detail', id] as const,
      queryFn: ({ signal }) => getOrganizer(id, signal),
    }),
};

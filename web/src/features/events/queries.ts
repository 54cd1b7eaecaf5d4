import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getEvent, listEvents } from './api';
import { toApiQuery, type EventListView } from './listParams';

/** Query keys and fetchers of the events feature; everything starts with `['events']`. */
export const eventQueries = {
  all: ['events'] as const,
  lists: () => [...eventQueries.all, 'list'] as const,
  list: (view: EventListView) => {
    const query = toApiQuery(view);
    return queryOptions({
      queryKey: [...eventQueries.lists(), query] as const,
      queryFn: ({ signal }) => listEvents(query, signal),
      placeholderData: keepPreviousData,
    });
  },
  details: () => [...eventQueries.all, 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...eventQueries.details(), id] as const,
      queryFn: ({ signal }) => getEvent(id, signal),
    }),
};

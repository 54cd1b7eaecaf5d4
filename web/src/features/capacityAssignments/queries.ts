import { queryOptions } from '@tanstack/react-query';
import { listCapacityAssignments } from './api';

/** Query keys of the capacity assignments feature; everything starts with `['capacityAssignments']`. */
export const capacityAssignmentQueries = {
  all: ['capacityAssignments'] as const,
  list: (eventId: string) =>
    queryOptions({
      queryKey: [...capacityAssignmentQueries.all, 'list', eventId] as const,
      queryFn: ({ signal }) => listCapacityAssignments(eventId, signal),
    }),
};

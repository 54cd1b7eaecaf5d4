import { queryOptions } from '@tanstack/react-query';
import { listQuestions } from './api';

/** Query keys of the questions feature; everything starts with `['questions']`. */
export const questionQueries = {
  all: ['questions'] as const,
  list: (eventId: string) =>
    queryOptions({
      queryKey: [...questionQueries.all, 'list', eventId] as const,
      queryFn: ({ signal }) => listQuestions(eventId, signal),
    }),
};

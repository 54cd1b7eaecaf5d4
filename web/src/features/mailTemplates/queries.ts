import { queryOptions } from '@tanstack/react-query';
import { listMailTemplates } from './api';

/** Query keys of the mail templates feature; everything starts with `['mailTemplates']`. */
export const mailTemplateQueries = {
  all: ['mailTemplates'] as const,
  list: (eventId: string) =>
    queryOptions({
      queryKey: [...mailTemplateQueries.all, 'list', eventId] as const,
      queryFn: ({ signal }) => listMailTemplates(eventId, signal),
    }),
};

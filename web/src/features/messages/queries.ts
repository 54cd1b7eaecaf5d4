import { queryOptions } from '@tanstack/react-query';
import { listMessages, listRecipients, listTicketChoices } from './api';

/** Query keys of the messages feature; everything starts with `['messages']`. */
export const messageQueries = {
  all: ['messages'] as const,
  lists: () => [...messageQueries.all, 'list'] as const,
  list: (eventId: string) =>
    queryOptions({
      queryKey: [...messageQueries.lists(), eventId] as const,
      queryFn: ({ signal }) => listMessages(eventId, signal),
      // Delivery counts move as the worker sends: poll while something is under way.
      refetchInterval: (query) =>
        query.state.data?.some((message) => message.state === 'sending') ? 2_000 : false,
    }),
  recipients: (eventId: string, messageId: string) =>
    queryOptions({
      queryKey: [...messageQueries.all, 'recipients', eventId, messageId] as const,
      queryFn: ({ signal }) => listRecipients(eventId, messageId, signal),
    }),
  tickets: (eventId: string) =>
    queryOptions({
      queryKey: [...messageQueries.all, 'tickets', eventId] as const,
      queryFn: ({ signal }) => listTicketChoices(eventId, signal),
    }),
};

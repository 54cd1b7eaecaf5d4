import { queryOptions } from '@tanstack/react-query';
import { listMessages, listRecipients, listTicketChoices, searchRecipients, type PersonKind } from './api';

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
  recipientSearch: (eventId: string, kind: PersonKind, query: string) =>
    queryOptions({
      queryKey: [...messageQueries.all, 'recipient-search', eventId, kind, query] as const,
      queryFn: ({ signal }) => searchRecipients(eventId, kind, query, signal),
      staleTime: 30_000,
    }),
  tickets: (eventId: string) =>
    queryOptions({
      queryKey: [...messageQueries.all, 'tickets', eventId] as const,
      queryFn: ({ signal }) => listTicketChoices(eventId, signal),
    }),
};

import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/clients';
import type { QueryObject } from '../../shared/api/http';
import type { DataEnvelope, Paginated } from '../../shared/api/types';
import type { Attendee, OrderDetail, OrderListItem } from './api';

const eventPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}`;

/** Query keys of the orders feature (orders and attendees); everything starts with `['orders']`. */
export const orderQueries = {
  all: ['orders'] as const,
  lists: () => [...orderQueries.all, 'list'] as const,
  list: (eventId: string, query: QueryObject) =>
    queryOptions({
      queryKey: [...orderQueries.lists(), 'orders', eventId, query] as const,
      queryFn: ({ signal }) =>
        api.get<Paginated<OrderListItem>>(`${eventPath(eventId)}/orders`, { query, signal }),
    }),
  attendees: (eventId: string, query: QueryObject) =>
    queryOptions({
      queryKey: [...orderQueries.lists(), 'attendees', eventId, query] as const,
      queryFn: ({ signal }) =>
        api.get<Paginated<Attendee>>(`${eventPath(eventId)}/attendees`, { query, signal }),
    }),
  attendee: (eventId: string, attendeeId: string) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'attendee', attendeeId] as const,
      queryFn: async ({ signal }) =>
        (
          await api.get<DataEnvelope<Attendee>>(
            `${eventPath(eventId)}/attendees/${encodeURIComponent(attendeeId)}`,
            { signal },
          )
        ).data,
    }),
  detail: (eventId: string, orderId: string) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'detail', orderId] as const,
      queryFn: async ({ signal }) =>
        (
          await api.get<DataEnvelope<OrderDetail>>(
            `${eventPath(eventId)}/orders/${encodeURIComponent(orderId)}`,
            { signal },
          )
        ).data,
    }),
};

import type { GetEventsResponse, GetUsersMeResponse } from './contract.gen';

/** Shapes of the API's answers that several features share, from the generated contract. */

/** An event as the events list answers it (ISO 8601 UTC dates, IANA zone, ISO 4217 currency). */
export type Event = GetEventsResponse['data'][number];
export type EventStatus = Event['status'];
export type EventLifecycle = Event['lifecycle'];
export type EventLocation = NonNullable<Event['location']>;

/** The logged-in user in the account of their session, as `GET /api/users/me` answers them. */
export type User = GetUsersMeResponse['data'];
export type UserRole = User['role'];

export interface DataEnvelope<T> {
  data: T;
}

export type SortDirection = 'asc' | 'desc';

/** Spec section 9: default page 1, per_page 20. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 20;

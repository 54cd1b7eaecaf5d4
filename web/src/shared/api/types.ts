import type { GetEventsResponse } from './contract.gen';

/** Shapes of the API's answers that several features share; the events' come from the generated contract. */

/** An event as the events list answers it (ISO 8601 UTC dates, IANA zone, ISO 4217 currency). */
export type Event = GetEventsResponse['data'][number];
export type EventStatus = Event['status'];
export type EventLifecycle = Event['lifecycle'];
export type EventLocation = NonNullable<Event['location']>;

export type UserRole = 'ADMIN' | 'ORGANIZER';

export interface User {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: UserRole;
  account_id: string;
  timezone: string | null;
  locale: string | null;
  /** The member's status in this account. */
  status?: 'ACTIVE' | 'INACTIVE' | 'INVITED';
  account_name?: string;
  is_account_owner?: boolean;
  /** Accounts this user may log in to. */
  account_count?: number;
  email_verified?: boolean;
  /** A new address waiting for its confirmation link. */
  pending_email?: string | null;
  pending_email_expires_at?: string | null;
  last_login_at?: string | null;
  /** What the server's policy grants this user here (`users.manage`, `events.manage`, ...). */
  permissions?: string[];
}

export interface DataEnvelope<T> {
  data: T;
}

export interface PageMeta {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  from: number | null;
  to: number | null;
  allowed_sorts?: string[];
  allowed_filter_fields?: string[];
}

export interface Paginated<T> {
  data: T[];
  meta: PageMeta;
}

export type SortDirection = 'asc' | 'desc';

/** Spec section 9: default page 1, per_page 20. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 20;

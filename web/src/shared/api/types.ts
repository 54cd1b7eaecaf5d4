/** Shapes of the API's answers that several features share. */

export type EventStatus = 'DRAFT' | 'LIVE' | 'ARCHIVED';
export type EventLifecycle = 'upcoming' | 'ongoing' | 'ended';

export interface EventLocation {
  venue_name: string | null;
  address_line_1: string | null;
  address_line_2: string | null;
  city: string | null;
  state_or_region: string | null;
  zip_or_postal_code: string | null;
  country: string | null;
}

export interface Event {
  id: string;
  account_id: string;
  /** Every event has one since organizers arrived; null only for events recorded before. */
  organizer_id: string | null;
  title: string;
  slug: string;
  description: string | null;
  /** Server-sanitised HTML; the only field rendered as HTML. */
  description_html: string | null;
  /** ISO 8601, UTC. */
  start_date: string;
  end_date: string | null;
  /** IANA zone, e.g. `Europe/Berlin`. */
  timezone: string;
  /** ISO 4217, e.g. `EUR`. */
  currency: string;
  status: EventStatus;
  lifecycle: EventLifecycle;
  is_online: boolean;
  location: EventLocation | null;
  created_at: string;
  updated_at: string;
}

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

import type { Event } from '../../shared/api/types';

/** Shapes of the event management API (issue 5); type-only, so the public pages can share them for free. */

export type PriceDisplayMode = 'INCLUSIVE' | 'EXCLUSIVE';
export type HomepageBackgroundType = 'COLOR' | 'COVER_IMAGE';

export const COLOUR_FIELDS = [
  'homepage_background_color',
  'homepage_content_background_color',
  'homepage_primary_color',
  'homepage_secondary_color',
  'homepage_text_color',
  'homepage_button_color',
  'homepage_link_color',
  'widget_background_color',
  'widget_text_color',
] as const;
export type ColourField = (typeof COLOUR_FIELDS)[number];

export type HomepageColours = Record<ColourField, string>;

export interface EventSettings extends HomepageColours {
  support_email: string | null;
  reply_to_email: string | null;
  email_footer_message: string | null;
  seo_title: string | null;
  seo_description: string | null;
  seo_keywords: string | null;
  allow_search_engine_indexing: boolean;
  order_timeout_minutes: number;
  price_display_mode: PriceDisplayMode;
  show_available_quantity: boolean;
  hide_homepage_from_sidebar: boolean;
  pre_checkout_message: string | null;
  post_checkout_message: string | null;
  continue_button_text: string | null;
  homepage_background_type: HomepageBackgroundType;
}

export interface StoredImage {
  id: string;
  type: string;
  url: string;
  width: number;
  height: number;
  size: number;
  content_type: string;
  uploaded_at: string;
}

export interface OrganizerSummary {
  id: string;
  name: string;
  email: string | null;
  website: string | null;
  description: string | null;
  description_html: string | null;
  logo_url: string | null;
  cover_url: string | null;
}

export interface Organizer extends OrganizerSummary {
  account_id: string;
  images: StoredImage[];
  created_at: string;
  updated_at: string;
}

/** `GET /api/events/{id}`: the event with its page, images and organizer. */
export interface EventDetail extends Event {
  online_connection_details: string | null;
  map_url: string | null;
  settings: EventSettings;
  images: StoredImage[];
  cover_image_url: string | null;
  organizer: OrganizerSummary | null;
}

/** `GET /api/public/events/{id}`: what buyers see (no account, no joining details, public settings only). */
export type PublicEvent = Omit<EventDetail, 'account_id' | 'online_connection_details' | 'settings'> & {
  settings: Partial<EventSettings>;
};

export interface DuplicateOptions {
  tickets: boolean;
  questions: boolean;
  promo_codes: boolean;
  capacity_assignments: boolean;
  check_in_lists: boolean;
  settings: boolean;
  images: boolean;
}

export interface EventDefaults {
  timezone: string | null;
  currency: string | null;
  order_timeout_minutes: number;
  price_display_mode: PriceDisplayMode;
  allow_search_engine_indexing: boolean;
  show_available_quantity: boolean;
  support_email: string | null;
  continue_button_text: string | null;
  /** The account's own zone and currency, which apply where these defaults name none. */
  account?: { timezone: string; currency: string } | null;
}

import type {
  GetEventDefaultsResponse,
  GetEventsByIdResponse,
  GetEventsByIdSettingsResponse,
  GetOrganizersByIdResponse,
  PostEventsByIdDuplicateBody,
} from '../../shared/api/contract.gen';

/**
 * Shapes of the event management API, from the generated contract (`npm run contract:types`); type-only, so the
 * public pages can share them for free.
 */

export type PriceDisplayMode = EventSettings['price_display_mode'];
export type HomepageBackgroundType = EventSettings['homepage_background_type'];

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

export type EventSettings = GetEventsByIdSettingsResponse['data'];

/** `GET /api/events/{id}`: the event with its page, images and organizer. */
export type EventDetail = GetEventsByIdResponse['data'];
export type StoredImage = EventDetail['images'][number];
export type OrganizerSummary = NonNullable<EventDetail['organizer']>;
export type Organizer = GetOrganizersByIdResponse['data'];

/** `GET /api/public/events/{id}`: what buyers see (no account, no joining details, public settings only). */
export type PublicEvent = Omit<EventDetail, 'account_id' | 'online_connection_details' | 'settings'> & {
  settings: Partial<EventSettings>;
};

export type DuplicateOptions = Required<NonNullable<PostEventsByIdDuplicateBody['copy']>>;

export type EventDefaults = GetEventDefaultsResponse['data'];

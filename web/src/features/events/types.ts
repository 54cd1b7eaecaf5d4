import type {
  ApiResponse,
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

/**
 * The event as buyers see it (no account, no joining details, public settings only): `GET /api/public/events/{id}`
 * but for its tickets, so that the homepage designer can preview an event from its own details too.
 */
export type PublicEvent = Omit<
  ApiResponse<'GET /public/events/{id}'>['data'],
  'tickets' | 'payment_setup_incomplete'
>;

export type DuplicateOptions = Required<NonNullable<PostEventsByIdDuplicateBody['copy']>>;

export type EventDefaults = GetEventDefaultsResponse['data'];

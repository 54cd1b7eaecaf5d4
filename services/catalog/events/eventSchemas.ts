import { z } from 'zod';
import { entityId } from '../../kit/http/ids';
import { queryText, singleLineText } from '../../kit/http/validate';
import { listQuerySchema } from '../../kit/listQuery';
import { eventListSpec } from '../../../projections/events';
import { Refusal } from '../../kit/refusal';
import { sanitizeOptionalRichText } from '../richText';
import { maxDescriptionLength, maxTitleLength } from './eventDecider';
import type { DuplicateOptions, EventDetails, EventLocation } from './eventEvents';
import {
  hexColour,
  maxContinueButtonTextLength,
  maxMessageLength,
  maxOrderTimeoutMinutes,
  maxWaitingRoomCheckoutCapacity,
  minWaitingRoomCheckoutCapacity,
  maxSeoDescriptionLength,
  maxSeoKeywordsLength,
  maxSeoTitleLength,
  minOrderTimeoutMinutes,
  type EventSettings,
} from './eventSettings';
import { dataOf, pageOf, route } from '../../kit/http/routeContract';
import { storedImageSchema } from '../images/imageSchemas';
import { publicOrganizerSchema } from '../organizers/organizerSchemas';
import { eventsProjection } from '../../../projections/events';
import { eventPagesProjection } from '../../../projections/events/pages';
import { organizersProjection } from '../../../projections/organizers';
import { publicTicketResponseSchema } from '../tickets/ticketSchemas';

/** The events API's requests (zod), and how each becomes a command. */

const isoInstant = z.iso.datetime({
  offset: true,
  message: 'Enter a date and time (ISO 8601, with a time zone offset)',
});
const optionalText = (max: number) => singleLineText().trim().max(max).nullable().optional();
const httpUrl = singleLineText()
  .trim()
  .max(2000)
  .refine(
    (value) => /^https?:\/\/[^\s]+$/i.test(value),
    'Enter a web address starting with http:// or https://',
  );
const locationSchema = z
  .object({
    venue_name: optionalText(200),
    address_line_1: optionalText(200),
    address_line_2: optionalText(200),
    city: optionalText(100),
    state_or_region: optionalText(100),
    zip_or_postal_code: optionalText(20),
    country: optionalText(100),
  })
  .strict();

const detailFields = {
  title: singleLineText()
    .trim()
    .min(1, 'The title is required')
    .max(maxTitleLength, `The title must be under ${maxTitleLength + 1} characters`),
  description: z.string().max(maxDescriptionLength).nullable().optional(),
  start_date: isoInstant,
  end_date: isoInstant.nullable().optional(),
  timezone: singleLineText().min(1).max(64),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'Use a three-letter currency code')
    .transform((code) => code.toUpperCase()),
  is_online: z.boolean().optional(),
  online_connection_details: z.string().max(maxDescriptionLength).nullable().optional(),
  location: locationSchema.nullable().optional(),
  map_url: httpUrl.nullable().optional(),
  organizer_id: entityId,
};

export const createEventSchema = z.object(detailFields).strict();
export const updateEventSchema = z.object(detailFields).partial().strict();
export const eventStatusSchema = z.object({ status: z.enum(['DRAFT', 'LIVE', 'ARCHIVED']) }).strict();

const colour = z.string().regex(hexColour, 'Enter a hex colour such as #ffffff');
const message = z.string().max(maxMessageLength).nullable();
const email = singleLineText().trim().email('Enter a valid email address').max(320).nullable();
export const settingsSchema = z
  .object({
    support_email: email,
    reply_to_email: email,
    email_footer_message: message,
    seo_title: singleLineText().trim().max(maxSeoTitleLength).nullable(),
    seo_description: singleLineText().trim().max(maxSeoDescriptionLength).nullable(),
    seo_keywords: singleLineText().trim().max(maxSeoKeywordsLength).nullable(),
    allow_search_engine_indexing: z.boolean(),
    order_timeout_minutes: z.number().int().min(minOrderTimeoutMinutes).max(maxOrderTimeoutMinutes),
    price_display_mode: z.enum(['INCLUSIVE', 'EXCLUSIVE']),
    show_available_quantity: z.boolean(),
    hide_homepage_from_sidebar: z.boolean(),
    pre_checkout_message: message,
    post_checkout_message: message,
    continue_button_text: singleLineText().trim().max(maxContinueButtonTextLength).nullable(),
    offline_payments_enabled: z.boolean(),
    offline_payment_instructions: message,
    allow_orders_awaiting_offline_payment_to_check_in: z.boolean(),
    invoices_enabled: z.boolean(),
    /** null: automatic, on for a large on-sale (docs/waiting-room.md). */
    waiting_room_enabled: z.boolean().nullable(),
    waiting_room_checkout_capacity: z
      .number()
      .int('Enter a whole number of buyers')
      .min(
        minWaitingRoomCheckoutCapacity,
        `Enter a whole number of buyers from ${minWaitingRoomCheckoutCapacity} to ${maxWaitingRoomCheckoutCapacity}`,
      )
      .max(
        maxWaitingRoomCheckoutCapacity,
        `Enter a whole number of buyers from ${minWaitingRoomCheckoutCapacity} to ${maxWaitingRoomCheckoutCapacity}`,
      ),
    homepage_background_type: z.enum(['COLOR', 'COVER_IMAGE']),
    homepage_background_color: colour,
    homepage_content_background_color: colour,
    homepage_primary_color: colour,
    homepage_secondary_color: colour,
    homepage_text_color: colour,
    homepage_button_color: colour,
    homepage_link_color: colour,
    widget_background_color: colour,
    widget_text_color: colour,
  })
  .partial()
  .strict();

const copyFlag = z.boolean().default(true);
export const duplicateSchema = z
  .object({
    title: detailFields.title.optional(),
    start_date: isoInstant.optional(),
    end_date: isoInstant.nullable().optional(),
    copy: z
      .object({
        tickets: copyFlag,
        questions: copyFlag,
        promo_codes: copyFlag,
        capacity_assignments: copyFlag,
        check_in_lists: copyFlag,
        settings: copyFlag,
        images: copyFlag,
      })
      .strict()
      .default({
        tickets: true,
        questions: true,
        promo_codes: true,
        capacity_assignments: true,
        check_in_lists: true,
        settings: true,
        images: true,
      }),
  })
  .strict();

const richTextSettings = [
  'email_footer_message',
  'pre_checkout_message',
  'post_checkout_message',
  'offline_payment_instructions',
] as const;
const camel = (key: string) => key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export function toSettingsChanges(input: z.infer<typeof settingsSchema>): Partial<EventSettings> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const rich = (richTextSettings as readonly string[]).includes(key);
    changes[camel(key)] = rich ? sanitizeOptionalRichText(value as string | null) : blankToNull(value);
  }
  return changes;
}

function toLocation(
  input: z.infer<typeof locationSchema> | null | undefined,
): EventLocation | null | undefined {
  if (input === undefined) return undefined;
  if (input === null) return null;
  return {
    venueName: input.venue_name ?? null,
    addressLine1: input.address_line_1 ?? null,
    addressLine2: input.address_line_2 ?? null,
    city: input.city ?? null,
    stateOrRegion: input.state_or_region ?? null,
    zipOrPostalCode: input.zip_or_postal_code ?? null,
    country: input.country ?? null,
  };
}

export function instant(value: string): string {
  return new Date(value).toISOString();
}

/** The create request as the decider's details (rich text sanitised, instants normalised to UTC). */
export function toDetails(input: z.infer<typeof createEventSchema>): EventDetails {
  return {
    title: input.title,
    description: sanitizeOptionalRichText(input.description) ?? null,
    startDate: instant(input.start_date),
    endDate: input.end_date ? instant(input.end_date) : null,
    timezone: input.timezone,
    currency: input.currency,
    isOnline: input.is_online ?? false,
    onlineConnectionDetails: sanitizeOptionalRichText(input.online_connection_details) ?? null,
    location: toLocation(input.location) ?? null,
    mapUrl: input.map_url ?? null,
  };
}

/** The fields an update request names, as the decider's changes. */
export function toDetailChanges(
  input: z.infer<typeof updateEventSchema>,
): Partial<EventDetails> & { organizerId?: string } {
  const changes: Partial<EventDetails> & { organizerId?: string } = {};
  if (input.organizer_id !== undefined) changes.organizerId = input.organizer_id;
  if (input.title !== undefined) changes.title = input.title;
  if (input.description !== undefined)
    changes.description = sanitizeOptionalRichText(input.description) ?? null;
  if (input.start_date !== undefined) changes.startDate = instant(input.start_date);
  if (input.end_date !== undefined)
    changes.endDate = input.end_date === null ? null : instant(input.end_date);
  if (input.timezone !== undefined) changes.timezone = input.timezone;
  if (input.currency !== undefined) changes.currency = input.currency;
  if (input.is_online !== undefined) changes.isOnline = input.is_online;
  if (input.online_connection_details !== undefined) {
    changes.onlineConnectionDetails = sanitizeOptionalRichText(input.online_connection_details) ?? null;
  }
  if (input.map_url !== undefined) changes.mapUrl = input.map_url;
  const location = toLocation(input.location);
  if (location !== undefined) changes.location = location;
  return changes;
}

/** What a duplicate copies, as the decider names it. */
export function toDuplicateOptions(copy: z.infer<typeof duplicateSchema>['copy']): DuplicateOptions {
  return {
    tickets: copy.tickets,
    questions: copy.questions,
    promoCodes: copy.promo_codes,
    capacityAssignments: copy.capacity_assignments,
    checkInLists: copy.check_in_lists,
    settings: copy.settings,
    images: copy.images,
  };
}

/** An `:id` that is not an event id is an unknown event, never a validation error. */
export function eventIdOrNotFound(value: string | undefined): string {
  const parsed = entityId.safeParse(value);
  if (!parsed.success) throw new Refusal('event_not_found');
  return parsed.data;
}

/** The events API as the contract (`/api/openapi.json`) describes it. */
/** The events API's answers (projections/events `presentEvent`, `presentEventDetail`, `presentPublicEvent`). */
const nullableString = z.string().nullable();
export const eventResponseSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  organizer_id: nullableString,
  title: z.string(),
  slug: z.string(),
  description: nullableString,
  description_html: nullableString,
  start_date: z.string(),
  end_date: nullableString,
  timezone: z.string(),
  currency: z.string(),
  status: z.enum(['DRAFT', 'LIVE', 'ARCHIVED']),
  lifecycle: z.enum(['upcoming', 'ongoing', 'ended']),
  is_online: z.boolean(),
  location: z
    .object({
      venue_name: nullableString,
      address_line_1: nullableString,
      address_line_2: nullableString,
      city: nullableString,
      state_or_region: nullableString,
      zip_or_postal_code: nullableString,
      country: nullableString,
    })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  published_at: nullableString,
});

/** Every setting, as stored (defaults where the event predates one). */
export const eventSettingsResponseSchema = settingsSchema.required();

export const eventDetailSchema = eventResponseSchema.extend({
  online_connection_details: nullableString,
  map_url: nullableString,
  settings: eventSettingsResponseSchema,
  images: z.array(storedImageSchema),
  cover_image_url: nullableString,
  organizer: publicOrganizerSchema.nullable(),
});

export const publicListEventSchema = eventResponseSchema.omit({ account_id: true });

/**
 * `GET /api/public/events/{id}` (projections/events `presentPublicEvent` and the route's catalogue): no account,
 * no joining details, the settings a buyer's page reads, and the tickets this buyer may see, priced.
 */
export const publicEventSchema = eventDetailSchema
  .omit({ account_id: true, online_connection_details: true, settings: true })
  .extend({
    settings: eventSettingsResponseSchema.pick({
      support_email: true,
      seo_title: true,
      seo_description: true,
      seo_keywords: true,
      allow_search_engine_indexing: true,
      price_display_mode: true,
      show_available_quantity: true,
      pre_checkout_message: true,
      post_checkout_message: true,
      continue_button_text: true,
      homepage_background_type: true,
      homepage_background_color: true,
      homepage_content_background_color: true,
      homepage_primary_color: true,
      homepage_secondary_color: true,
      homepage_text_color: true,
      homepage_button_color: true,
      homepage_link_color: true,
      widget_background_color: true,
      widget_text_color: true,
    }),
    tickets: z.array(publicTicketResponseSchema),
    /** Some tickets cost money and the seller cannot take paid orders yet (those on sale say so in `state`). */
    payment_setup_incomplete: z.boolean(),
  });

/**
 * The answer to a change this request committed when a delete of the event committed right behind it, so the
 * event could not be read back (docs/decisions/committed-then-deleted.md): what was committed, at which log
 * position, and where the delete came. A success, not a refusal: the change was made.
 */
export const committedThenDeletedSchema = z.object({
  committed: z.object({ events: z.array(z.string()), position: z.string() }),
  event_deleted: z.object({ position: z.string(), deleted_at: z.string() }),
});
/** A route's answer: the resource as the change left it, or the receipt when the event was deleted meanwhile. */
const orDeleted = <T extends z.ZodType>(schema: T) => z.union([dataOf(schema), committedThenDeletedSchema]);

/** The event lists' parameters (the filters' names only: the clock the lifecycle filter reads is the route's). */
const eventListQuerySchema = listQuerySchema(eventListSpec(() => new Date(0)));

/** `GET /api/public/events/{id}?promo_code=…`: a buyer's promo code shows the tickets it unlocks, at its price. */
export const publicEventQuerySchema = z
  .object({ promo_code: queryText().trim().min(1).max(50).optional() })
  .strict();

export const eventRouteContracts = [
  route({
    method: 'get',
    path: '/events',
    reads: [eventsProjection],
    summary: "The account's events (list query)",
    query: eventListQuerySchema,
    response: pageOf(eventResponseSchema),
  }),
  route({
    method: 'post',
    path: '/events',
    summary: 'Create an event',
    body: createEventSchema,
    response: orDeleted(eventDetailSchema),
    status: 201,
  }),
  route({
    method: 'get',
    path: '/events/:id',
    reads: [eventsProjection, eventPagesProjection, organizersProjection],
    summary: 'An event',
    response: dataOf(eventDetailSchema),
  }),
  route({
    method: 'put',
    path: '/events/:id',
    summary: "Change an event's details",
    body: updateEventSchema,
    response: orDeleted(eventDetailSchema),
  }),
  route({
    method: 'put',
    path: '/events/:id/status',
    summary: 'Publish, draft, archive or restore',
    body: eventStatusSchema,
    response: orDeleted(eventDetailSchema),
  }),
  route({ method: 'delete', path: '/events/:id', summary: 'Delete a draft event without orders' }),
  route({
    method: 'post',
    path: '/events/:id/duplicate',
    summary: 'Duplicate an event',
    body: duplicateSchema,
    response: orDeleted(eventDetailSchema),
    status: 201,
  }),
  route({
    method: 'get',
    path: '/events/:id/settings',
    reads: [eventPagesProjection],
    summary: "An event's settings",
    response: dataOf(eventSettingsResponseSchema),
  }),
  route({
    method: 'put',
    path: '/events/:id/settings',
    summary: "Change an event's settings",
    body: settingsSchema,
    response: orDeleted(eventSettingsResponseSchema),
  }),
  route({
    method: 'get',
    path: '/events/:id/images',
    reads: [eventPagesProjection],
    summary: "An event's images",
    response: dataOf(z.array(storedImageSchema)),
  }),
  route({
    method: 'post',
    path: '/events/:id/images',
    summary: 'Upload a cover image',
    upload: true,
    response: orDeleted(storedImageSchema),
    status: 201,
  }),
  route({ method: 'delete', path: '/events/:id/images/:imageId', summary: 'Remove an image' }),
];

export const promoCodeCheckSchema = z.object({ valid: z.boolean() });

export const publicEventRouteContracts = [
  route({
    method: 'get',
    path: '/public/events',
    summary: 'Live events',
    query: eventListQuerySchema,
    response: pageOf(publicListEventSchema),
    public: true,
  }),
  route({
    method: 'get',
    path: '/public/events/:id',
    summary: 'A live event',
    query: publicEventQuerySchema,
    response: dataOf(publicEventSchema),
    public: true,
  }),
  route({
    method: 'get',
    path: '/public/events/:id/promo-codes/:code',
    summary: 'Whether a promo code is valid',
    response: promoCodeCheckSchema,
    public: true,
  }),
];

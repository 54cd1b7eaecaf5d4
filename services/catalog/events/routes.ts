import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { Services } from '../../kit/http/context';
import { execute, loadOwned, requireAuth } from '../../kit/http/context';
import { allow } from '../../identity/policy';
import { body, parse, pathParam, singleLineText } from '../../kit/http/validate';
import { parseListQuery, runListQuery } from '../../kit/listQuery';
import { Refusal } from '../../kit/refusal';
import type { PublicEventCache } from '../../../projections/events/publicEventCache';
import {
  eventListSpec,
  eventsProjection,
  findAccountEvent,
  findLiveEvent,
  listAccountEvents,
  presentEvent,
  presentPublicListEvent,
} from '../../../projections/events';
import { presentEventDetail } from '../../../projections/events/detail';
import {
  eventPagesProjection,
  findEventPage,
  listEventImages,
  presentEventImage,
  presentSettings,
} from '../../../projections/events/pages';
import { findEventDefaults } from '../../../projections/eventDefaults';
import { findUser } from '../../../projections/identity';
import { findAccountOrganizer, organizersProjection } from '../../../projections/organizers';
import { settingsFromDefaults } from '../eventDefaults/eventDefaultsDecider';
import { receiveImage, type ReceivedImage } from '../images/receiveImage';
import { fileStorageFor } from '../images/storage';
import { sanitizeOptionalRichText } from '../richText';
import {
  eventDecider,
  eventStream,
  maxDescriptionLength,
  maxTitleLength,
  type EventCommand,
  type EventDetails,
  type EventLocation,
} from './eventDecider';
import {
  hexColour,
  maxContinueButtonTextLength,
  maxMessageLength,
  maxOrderTimeoutMinutes,
  maxSeoDescriptionLength,
  maxSeoKeywordsLength,
  maxSeoTitleLength,
  minOrderTimeoutMinutes,
  type EventSettings,
} from './eventSettings';

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
const entityId = z.string().regex(/^[a-z]{2,4}_[0-9a-z]{4,40}$/, 'Not a valid id');

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

const richTextSettings = ['email_footer_message', 'pre_checkout_message', 'post_checkout_message'] as const;
const camel = (key: string) => key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

function toSettingsChanges(input: z.infer<typeof settingsSchema>): Partial<EventSettings> {
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

function instant(value: string): string {
  return new Date(value).toISOString();
}

/** Orders arrive with the sales feature; until its read model exists, no event has any. */
async function countEventOrders(db: Knex, eventId: string): Promise<number> {
  if (!(await db.schema.hasTable('orders'))) return 0;
  const row = (await db('orders').where({ event_id: eventId }).count({ n: '*' }).first()) as
    { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

export function eventRoutes(services: Services) {
  const router = new Router();
  const storage = fileStorageFor(services.config.dataDir);
  router.use('/events', allow('events.manage'));

  /** Loads the aggregate and hides another account's events behind a 404. */
  async function ownedEvent(ctx: Context) {
    const auth = requireAuth(ctx);
    const eventId = eventIdOrNotFound(pathParam(ctx, 'id'));
    const state = await loadOwned(services, {
      decider: eventDecider,
      stream: eventStream(eventId),
      accountId: auth.accountId,
      notFound: 'event_not_found',
    });
    return { eventId, state };
  }

  async function ownOrganizer(accountId: string, organizerId: string): Promise<void> {
    if (!(await findAccountOrganizer(services.db, accountId, organizerId))) {
      throw new Refusal('organizer_not_found', undefined, {
        organizer_id: ['Choose one of your organizers'],
      });
    }
  }

  /** The event's detail reads the events, pages and organizers read models; settings and images the pages. */
  const detailReadModels = [eventsProjection.name, eventPagesProjection.name, organizersProjection.name];
  const pageReadModels = [eventPagesProjection.name];

  async function handle(
    ctx: Context,
    eventId: string,
    command: EventCommand,
    readModels: readonly string[] = detailReadModels,
  ) {
    return execute(ctx, services, {
      decider: eventDecider,
      stream: eventStream(eventId),
      command,
      readModels,
    });
  }

  async function detail(ctx: Context, eventId: string) {
    const row = await findAccountEvent(services.db, requireAuth(ctx).accountId, eventId);
    if (!row) throw new Refusal('event_not_found');
    return presentEventDetail(services.db, row, services.clock.now());
  }

  /** Runs the command and answers with the event as it now is. */
  async function run(ctx: Context, eventId: string, command: EventCommand) {
    await handle(ctx, eventId, command);
    const row = await findAccountEvent(services.db, requireAuth(ctx).accountId, eventId);
    // The command was accepted, so the event existed; a delete committed right after it removed the row.
    if (!row) throw new Refusal('event_deleted');
    return presentEventDetail(services.db, row, services.clock.now());
  }

  router.get('/events', async (ctx) => {
    const auth = requireAuth(ctx);
    const now = () => services.clock.now();
    const list = parseListQuery(ctx.query, eventListSpec(now));
    const { rows, meta } = await listAccountEvents(services.db, auth.accountId, list, now);
    ctx.body = { data: rows.map((row) => presentEvent(row, now())), meta };
  });

  router.post('/events', async (ctx) => {
    const auth = requireAuth(ctx);
    const input = body(ctx, createEventSchema);
    await ownOrganizer(auth.accountId, input.organizer_id);
    const eventId = services.ids.entity('ev');
    const details: EventDetails = {
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
    const settings = settingsFromDefaults(await findEventDefaults(services.db, auth.accountId));
    const data = await run(ctx, eventId, {
      type: 'CreateEvent',
      eventId,
      accountId: auth.accountId,
      organizerId: input.organizer_id,
      details,
      settings,
      now: services.clock.now(),
    });
    ctx.status = 201;
    ctx.set('Location', `/api/events/${eventId}`);
    ctx.body = { data };
  });

  router.get('/events/:id', async (ctx) => {
    ctx.body = { data: await detail(ctx, eventIdOrNotFound(pathParam(ctx, 'id'))) };
  });

  router.put('/events/:id', async (ctx) => {
    const input = body(ctx, updateEventSchema);
    const { eventId, state } = await ownedEvent(ctx);
    if (input.organizer_id !== undefined) await ownOrganizer(state.accountId, input.organizer_id);
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
    ctx.body = {
      data: await run(ctx, eventId, {
        type: 'UpdateEventDetails',
        eventId,
        changes,
        now: services.clock.now(),
      }),
    };
  });

  router.put('/events/:id/status', async (ctx) => {
    const auth = requireAuth(ctx);
    const { status } = body(ctx, eventStatusSchema);
    const { eventId, state } = await ownedEvent(ctx);
    const now = services.clock.now();
    let command: EventCommand;
    if (status === 'LIVE') {
      const user = await findUser(services.db, auth.accountId, auth.userId);
      // Tickets arrive with their own feature; until then there is nothing to count (null), not zero tickets.
      command = {
        type: 'PublishEvent',
        eventId,
        emailVerified: Boolean(user?.email_verified),
        ticketCount: null,
        now,
      };
    } else if (status === 'ARCHIVED') command = { type: 'ArchiveEvent', eventId, now };
    else if (state.status === 'ARCHIVED') command = { type: 'RestoreEvent', eventId, now };
    else command = { type: 'MoveEventToDraft', eventId, now };
    ctx.body = { data: await run(ctx, eventId, command) };
  });

  router.delete('/events/:id', allow('events.delete'), async (ctx) => {
    const { eventId } = await ownedEvent(ctx);
    const orderCount = await countEventOrders(services.db, eventId);
    await handle(ctx, eventId, { type: 'DeleteEvent', eventId, orderCount, now: services.clock.now() }, [
      eventsProjection.name,
    ]);
    ctx.status = 204;
  });

  router.post('/events/:id/duplicate', async (ctx) => {
    const auth = requireAuth(ctx);
    const input = body(ctx, duplicateSchema);
    const { eventId: sourceId, state } = await ownedEvent(ctx);
    const eventId = services.ids.entity('ev');
    const startDate = input.start_date ? instant(input.start_date) : state.details.startDate;
    const endDate =
      input.end_date === undefined
        ? input.start_date
          ? null
          : state.details.endDate
        : input.end_date && instant(input.end_date);
    const { copy } = input;
    await handle(ctx, eventId, {
      type: 'DuplicateEvent',
      eventId,
      accountId: auth.accountId,
      source: {
        eventId: sourceId,
        organizerId: state.organizerId,
        details: state.details,
        settings: state.settings,
        images: state.images,
      },
      title: input.title ?? `${state.details.title.slice(0, 140)} (copy)`,
      startDate,
      endDate,
      copy: {
        tickets: copy.tickets,
        questions: copy.questions,
        promoCodes: copy.promo_codes,
        capacityAssignments: copy.capacity_assignments,
        checkInLists: copy.check_in_lists,
        settings: copy.settings,
        images: copy.images,
      },
      defaultSettings: settingsFromDefaults(await findEventDefaults(services.db, auth.accountId)),
      imageIds: state.images.map(() => services.ids.entity('im')),
      now: services.clock.now(),
    });
    ctx.status = 201;
    ctx.set('Location', `/api/events/${eventId}`);
    ctx.body = { data: await detail(ctx, eventId) };
  });

  router.get('/events/:id/settings', async (ctx) => {
    const { eventId } = await ownedEvent(ctx);
    ctx.body = { data: presentSettings(await findEventPage(services.db, eventId)) };
  });

  router.put('/events/:id/settings', async (ctx) => {
    const input = body(ctx, settingsSchema);
    const { eventId } = await ownedEvent(ctx);
    await handle(
      ctx,
      eventId,
      { type: 'UpdateEventSettings', eventId, changes: toSettingsChanges(input), now: services.clock.now() },
      pageReadModels,
    );
    const page = await findEventPage(services.db, eventId);
    if (!page) throw new Refusal('event_deleted');
    ctx.body = { data: presentSettings(page) };
  });

  router.get('/events/:id/images', async (ctx) => {
    const { eventId } = await ownedEvent(ctx);
    ctx.body = { data: (await listEventImages(services.db, eventId)).map(presentEventImage) };
  });

  router.post('/events/:id/images', async (ctx) => {
    const { eventId, state } = await ownedEvent(ctx);
    const imageId = services.ids.entity('im');
    const upload = (image: ReceivedImage<'EVENT_COVER'>): EventCommand => ({
      type: 'UploadEventImage',
      eventId,
      image: { imageId, ...image },
      now: services.clock.now(),
    });
    await receiveImage(ctx, storage, ['EVENT_COVER'] as const, {
      decide: (image) => eventDecider.decide(upload(image), state),
      record: (image) => handle(ctx, eventId, upload(image), pageReadModels),
    });
    const stored = (await listEventImages(services.db, eventId)).find((row) => row.id === imageId);
    if (!stored) {
      const stillThere = await findAccountEvent(services.db, state.accountId, eventId);
      throw new Refusal(stillThere ? 'image_not_found' : 'event_deleted');
    }
    ctx.status = 201;
    ctx.body = { data: presentEventImage(stored) };
  });

  router.delete('/events/:id/images/:imageId', async (ctx) => {
    const { eventId } = await ownedEvent(ctx);
    const imageId = entityId.safeParse(pathParam(ctx, 'imageId'));
    if (!imageId.success) throw new Refusal('image_not_found');
    await handle(
      ctx,
      eventId,
      { type: 'RemoveEventImage', eventId, imageId: imageId.data, now: services.clock.now() },
      pageReadModels,
    );
    ctx.status = 204;
  });

  return router;
}

export function publicEventRoutes(services: Services, publicEvents: PublicEventCache) {
  const router = new Router({ prefix: '/public' });

  router.get('/events', async (ctx) => {
    const now = () => services.clock.now();
    const spec = eventListSpec(now);
    const list = parseListQuery(ctx.query, spec);
    const { rows, meta } = await runListQuery<Parameters<typeof presentEvent>[0]>(
      services.db('events').where({ status: 'LIVE' }),
      list,
      spec,
    );
    ctx.body = { data: rows.map((row) => presentPublicListEvent(row, now())), meta };
  });

  router.get('/events/:id', async (ctx) => {
    const event = await publicEvents.get(eventIdOrNotFound(pathParam(ctx, 'id')), services.clock.now());
    if (!event) throw new Refusal('event_not_found');
    ctx.set('Cache-Control', 'public, max-age=5');
    ctx.body = { data: event };
  });

  // Promo codes arrive with their own feature; until then no event has any, so every code is unknown.
  router.get('/events/:id/promo-codes/:code', async (ctx) => {
    const row = await findLiveEvent(services.db, eventIdOrNotFound(pathParam(ctx, 'id')));
    if (!row) throw new Refusal('event_not_found');
    parse(z.string().min(1).max(50), pathParam(ctx, 'code'));
    ctx.body = { valid: false };
  });

  return router;
}

function eventIdOrNotFound(value: string | undefined): string {
  const parsed = entityId.safeParse(value);
  if (!parsed.success) throw new Refusal('event_not_found');
  return parsed.data;
}

import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Services } from '../../api/context';
import { commandContext, readYourWrite, requireAuth, setPosition } from '../../api/context';
import { allow } from '../../identity/policy';
import { body, parse, pathParam } from '../../kit/http/validate';
import { parseListQuery, runListQuery } from '../../kit/listQuery';
import { Refusal } from '../../kit/refusal';
import {
  eventListSpec,
  findAccountEvent,
  findLiveEvent,
  listAccountEvents,
  presentEvent,
} from '../../../projections/events';
import {
  eventDecider,
  eventStream,
  maxDescriptionLength,
  maxTitleLength,
  type EventCommand,
  type EventDetails,
  type EventLocation,
} from './eventDecider';

const isoInstant = z.iso.datetime({ offset: true, message: 'Enter a date and time (ISO 8601, with a time zone offset)' });
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

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
  title: z.string().trim().min(1, 'The title is required').max(maxTitleLength, `The title must be under ${maxTitleLength + 1} characters`),
  description: z.string().max(maxDescriptionLength).nullable().optional(),
  start_date: isoInstant,
  end_date: isoInstant.nullable().optional(),
  timezone: z.string().min(1).max(64),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'Use a three-letter currency code')
    .transform((code) => code.toUpperCase()),
  is_online: z.boolean().optional(),
  location: locationSchema.nullable().optional(),
  organizer_id: z.string().max(40).nullable().optional(),
};

export const createEventSchema = z.object(detailFields).strict();
export const updateEventSchema = z.object(detailFields).partial().strict();
export const eventStatusSchema = z.object({ status: z.enum(['DRAFT', 'LIVE', 'ARCHIVED']) }).strict();
const eventIdSchema = z.string().regex(/^[a-z]{2,4}_[0-9a-z]{4,40}$/, 'Not an event id');

function toLocation(input: z.infer<typeof locationSchema> | null | undefined): EventLocation | null | undefined {
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

export function eventRoutes(services: Services) {
  const router = new Router();
  router.use('/events', allow('events.manage'));

  /** Loads the aggregate and hides another account's events behind a 404. */
  async function ownedEvent(ctx: Context) {
    const auth = requireAuth(ctx);
    const eventId = eventIdOrNotFound(pathParam(ctx, 'id'));
    const { state } = await services.commands.load(eventDecider, eventStream(eventId));
    if (!state.exists || state.accountId !== auth.accountId) throw new Refusal('event_not_found');
    return { eventId, state };
  }

  async function run(ctx: Context, eventId: string, command: EventCommand) {
    const result = await services.commands.handle(eventDecider, eventStream(eventId), command, commandContext(ctx));
    setPosition(ctx, result.position);
    await readYourWrite(services, result.position);
    const row = await findAccountEvent(services.db, requireAuth(ctx).accountId, eventId);
    if (!row) throw new Refusal('event_not_found');
    return presentEvent(row, services.clock.now());
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
    const eventId = services.ids.entity('ev');
    const details: EventDetails = {
      title: input.title,
      description: input.description ?? null,
      startDate: instant(input.start_date),
      endDate: input.end_date ? instant(input.end_date) : null,
      timezone: input.timezone,
      currency: input.currency,
      isOnline: input.is_online ?? false,
      location: toLocation(input.location) ?? null,
    };
    const data = await run(ctx, eventId, {
      type: 'CreateEvent',
      eventId,
      accountId: auth.accountId,
      organizerId: input.organizer_id ?? null,
      details,
      now: services.clock.now(),
    });
    ctx.status = 201;
    ctx.set('Location', `/api/events/${eventId}`);
    ctx.body = { data };
  });

  router.get('/events/:id', async (ctx) => {
    const auth = requireAuth(ctx);
    const row = await findAccountEvent(services.db, auth.accountId, eventIdOrNotFound(pathParam(ctx, 'id')));
    if (!row) throw new Refusal('event_not_found');
    ctx.body = { data: presentEvent(row, services.clock.now()) };
  });

  router.put('/events/:id', async (ctx) => {
    const input = body(ctx, updateEventSchema);
    const { eventId } = await ownedEvent(ctx);
    const changes: Partial<EventDetails> = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.description !== undefined) changes.description = input.description;
    if (input.start_date !== undefined) changes.startDate = instant(input.start_date);
    if (input.end_date !== undefined) changes.endDate = input.end_date === null ? null : instant(input.end_date);
    if (input.timezone !== undefined) changes.timezone = input.timezone;
    if (input.currency !== undefined) changes.currency = input.currency;
    if (input.is_online !== undefined) changes.isOnline = input.is_online;
    const location = toLocation(input.location);
    if (location !== undefined) changes.location = location;
    ctx.body = { data: await run(ctx, eventId, { type: 'UpdateEventDetails', eventId, changes, now: services.clock.now() }) };
  });

  router.put('/events/:id/status', async (ctx) => {
    const { status } = body(ctx, eventStatusSchema);
    const { eventId, state } = await ownedEvent(ctx);
    const now = services.clock.now();
    const command: EventCommand =
      status === 'LIVE'
        ? { type: 'PublishEvent', eventId, now }
        : status === 'ARCHIVED'
          ? { type: 'ArchiveEvent', eventId, now }
          : state.status === 'ARCHIVED'
            ? { type: 'RestoreEvent', eventId, now }
            : { type: 'MoveEventToDraft', eventId, now };
    ctx.body = { data: await run(ctx, eventId, command) };
  });

  return router;
}

export function publicEventRoutes(services: Services) {
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
    ctx.body = { data: rows.map((row) => presentEvent(row, now())), meta };
  });

  router.get('/events/:id', async (ctx) => {
    const row = await findLiveEvent(services.db, eventIdOrNotFound(pathParam(ctx, 'id')));
    if (!row) throw new Refusal('event_not_found');
    ctx.set('Cache-Control', 'public, max-age=5');
    ctx.body = { data: presentEvent(row, services.clock.now()) };
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
  const parsed = eventIdSchema.safeParse(value);
  if (!parsed.success) throw new Refusal('event_not_found');
  return parsed.data;
}

import Router from '@koa/router';
import type { Context } from 'koa';
import type { CommandResult } from '../../kit/commandHandler';
import type { DomainEvent } from '../../kit/decider';
import type { RecordedEvent } from '../../eventstore/port';
import type { Services } from '../../kit/http/context';
import { execute, requireAuth } from '../../kit/http/context';
import { allow } from '../../kit/http/policy';
import { body, pathParam } from '../../kit/http/validate';
import { parseListQuery } from '../../kit/listQuery';
import { Refusal } from '../../kit/refusal';
import {
  eventListSpec,
  eventsProjection,
  findAccountEvent,
  listAccountEvents,
  presentEvent,
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
import { countEventTickets } from '../../../projections/tickets';
import { countEventOrders } from '../../../projections/orders';
import { findUser } from '../../../projections/identity';
import { findAccountOrganizer, organizersProjection } from '../../../projections/organizers';
import { settingsFromDefaults } from '../eventDefaults/eventDefaultsDecider';
import { receiveImage, type ReceivedImage } from '../images/receiveImage';
import { fileStorageFor } from '../images/storage';
import { eventDecider, type EventCommand } from './eventDecider';
import { eventStream } from './eventEvents';
import { entityId } from '../../kit/http/ids';
import { ownedEvent } from './ownedEvent';
import {
  createEventSchema,
  duplicateSchema,
  eventIdOrNotFound,
  eventStatusSchema,
  instant,
  settingsSchema,
  toDetailChanges,
  toDetails,
  toDuplicateOptions,
  toSettingsChanges,
  updateEventSchema,
} from './eventSchemas';

/** The organizer's side of events (`/api/events`): thin routes, rules in eventDecider, shapes in eventSchemas. */

export function eventRoutes(services: Services) {
  const router = new Router();
  const storage = fileStorageFor(services.config.dataDir);
  router.use('/events', allow('events.manage'));

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

  /**
   * The answer to a command this request committed when the event can no longer be read back: a delete
   * committed right behind it removed it (docs/decisions/committed-then-deleted.md). The command's own success,
   * with what it committed and where the delete came, so the client knows its change was made and the event
   * is gone. Without a delete in the stream the read model is behind: `not_ready`, as for any read.
   */
  async function committedThenDeleted(eventId: string, committed: CommandResult<DomainEvent, unknown>) {
    const deleted = await deletionOf(eventId);
    if (!deleted)
      throw new Refusal('not_ready', 'The change is saved but not yet visible; reload in a moment');
    const { deletedAt } = deleted.data as { deletedAt: string };
    return {
      committed: {
        events: committed.events.map((event) => event.type),
        position: committed.position.toString(),
      },
      event_deleted: { position: deleted.position.toString(), deleted_at: deletedAt },
    };
  }

  /** The event's `EventDeleted`, read from the log (the read models may not all have applied it yet). */
  async function deletionOf(eventId: string): Promise<RecordedEvent | undefined> {
    let deleted: RecordedEvent | undefined;
    for await (const event of services.store.readStream(eventStream(eventId)))
      if (event.type === 'EventDeleted') deleted = event;
    return deleted;
  }

  /** Runs the command and answers with the event as it now is (or what was committed, if it is gone). */
  async function run(ctx: Context, eventId: string, command: EventCommand) {
    const result = await handle(ctx, eventId, command);
    const row = await findAccountEvent(services.db, requireAuth(ctx).accountId, eventId);
    // The command was accepted, so the event existed; a delete committed right after it removed the row.
    if (!row) return committedThenDeleted(eventId, result);
    return { data: await presentEventDetail(services.db, row, services.clock.now()) };
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
    const settings = settingsFromDefaults(await findEventDefaults(services.db, auth.accountId));
    const answer = await run(ctx, eventId, {
      type: 'CreateEvent',
      eventId,
      accountId: auth.accountId,
      organizerId: input.organizer_id,
      details: toDetails(input),
      settings,
      now: services.clock.now(),
    });
    ctx.status = 201;
    ctx.set('Location', `/api/events/${eventId}`);
    ctx.body = answer;
  });

  router.get('/events/:id', async (ctx) => {
    ctx.body = { data: await detail(ctx, eventIdOrNotFound(pathParam(ctx, 'id'))) };
  });

  router.put('/events/:id', async (ctx) => {
    const input = body(ctx, updateEventSchema);
    const { eventId, event: state } = await ownedEvent(ctx, services, 'id');
    if (input.organizer_id !== undefined) await ownOrganizer(state.accountId, input.organizer_id);
    ctx.body = await run(ctx, eventId, {
      type: 'UpdateEventDetails',
      eventId,
      changes: toDetailChanges(input),
      now: services.clock.now(),
    });
  });

  router.put('/events/:id/status', async (ctx) => {
    const auth = requireAuth(ctx);
    const { status } = body(ctx, eventStatusSchema);
    const { eventId } = await ownedEvent(ctx, services, 'id');
    // Whether the member's email is verified is an advisory fact: read here, decided in the decider.
    const user = await findUser(services.db, auth.accountId, auth.userId);
    const command: EventCommand = {
      type: 'ChangeEventStatus',
      eventId,
      to: status,
      emailVerified: Boolean(user?.email_verified),
      // An advisory fact from the tickets read model (the caller's own last write is waited for by X-Position).
      ticketCount: await countEventTickets(services.db, eventId),
      now: services.clock.now(),
    };
    ctx.body = await run(ctx, eventId, command);
  });

  router.delete('/events/:id', allow('events.delete'), async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services, 'id');
    const orderCount = await countEventOrders(services.db, eventId);
    await handle(ctx, eventId, { type: 'DeleteEvent', eventId, orderCount, now: services.clock.now() }, [
      eventsProjection.name,
    ]);
    ctx.status = 204;
  });

  router.post('/events/:id/duplicate', async (ctx) => {
    const auth = requireAuth(ctx);
    const input = body(ctx, duplicateSchema);
    const { eventId: sourceId, event: state } = await ownedEvent(ctx, services, 'id');
    const eventId = services.ids.entity('ev');
    const startDate = input.start_date ? instant(input.start_date) : state.details.startDate;
    const endDate =
      input.end_date === undefined
        ? input.start_date
          ? null
          : state.details.endDate
        : input.end_date && instant(input.end_date);
    const copied = await handle(ctx, eventId, {
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
      copy: toDuplicateOptions(input.copy),
      defaultSettings: settingsFromDefaults(await findEventDefaults(services.db, auth.accountId)),
      imageIds: state.images.map(() => services.ids.entity('im')),
      now: services.clock.now(),
    });
    ctx.status = 201;
    ctx.set('Location', `/api/events/${eventId}`);
    const row = await findAccountEvent(services.db, auth.accountId, eventId);
    ctx.body = row
      ? { data: await presentEventDetail(services.db, row, services.clock.now()) }
      : await committedThenDeleted(eventId, copied);
  });

  router.get('/events/:id/settings', async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services, 'id');
    ctx.body = { data: presentSettings(await findEventPage(services.db, eventId)) };
  });

  router.put('/events/:id/settings', async (ctx) => {
    const input = body(ctx, settingsSchema);
    const { eventId } = await ownedEvent(ctx, services, 'id');
    const result = await handle(
      ctx,
      eventId,
      { type: 'UpdateEventSettings', eventId, changes: toSettingsChanges(input), now: services.clock.now() },
      pageReadModels,
    );
    const page = await findEventPage(services.db, eventId);
    ctx.body = page ? { data: presentSettings(page) } : await committedThenDeleted(eventId, result);
  });

  router.get('/events/:id/images', async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services, 'id');
    ctx.body = { data: (await listEventImages(services.db, eventId)).map(presentEventImage) };
  });

  router.post('/events/:id/images', async (ctx) => {
    const { eventId, event: state } = await ownedEvent(ctx, services, 'id');
    const imageId = services.ids.entity('im');
    const upload = (image: ReceivedImage<'EVENT_COVER'>): EventCommand => ({
      type: 'UploadEventImage',
      eventId,
      image: { imageId, ...image },
      now: services.clock.now(),
    });
    const result = await receiveImage(ctx, storage, ['EVENT_COVER'] as const, {
      decide: (image) => eventDecider.decide(upload(image), state),
      record: (image) => handle(ctx, eventId, upload(image), pageReadModels),
    });
    const stored = (await listEventImages(services.db, eventId)).find((row) => row.id === imageId);
    // Missing from the event's pages, which were read at the upload's position: removed since, or gone with a
    // delete. The log tells which; the events list may not have applied the delete yet.
    if (!stored && !(await deletionOf(eventId))) throw new Refusal('image_not_found');
    ctx.status = 201;
    ctx.body = stored ? { data: presentEventImage(stored) } : await committedThenDeleted(eventId, result);
  });

  router.delete('/events/:id/images/:imageId', async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services, 'id');
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

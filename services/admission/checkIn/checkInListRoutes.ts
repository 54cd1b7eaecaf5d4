import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { execute } from '../../kit/http/context';
import { allow } from '../../kit/http/policy';
import { body, pathParam } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import {
  checkedInCounts,
  checkInProjection,
  checkInStats,
  findEventCheckInList,
  listEventCheckInLists,
  listTicketIds,
  presentCheckInList,
  type CheckInListRow,
} from '../../../projections/checkIn';
import { listEventTickets } from '../../../projections/tickets';
import { attendeeNames, countListAttendees } from './attendeeDirectory';
import { checkInListDecider, type CheckInListCommand } from './checkInListDecider';
import { checkInListStream } from './checkInListEvents';
import {
  checkInListIdOrNotFound,
  createCheckInListSchema,
  toCheckInListChanges,
  toCheckInListDetails,
  updateCheckInListSchema,
} from './checkInSchemas';
import { ownedEvent } from '../../catalog/events/ownedEvent';

const base = '/events/:eventId/check-in-lists';

/** The organizer's check-in lists (`/api/events/{eventId}/check-in-lists`) and the event's check-in stats. */
export function checkInListRoutes(services: Services) {
  const router = new Router();
  router.use(base, allow('events.manage'));
  router.use('/events/:eventId/check_in_stats', allow('events.manage'));
  const readModels = [checkInProjection.name];

  /** Another account's event answers like an unknown one. */
  const ownedEventId = async (ctx: Context): Promise<string> => (await ownedEvent(ctx, services)).eventId;

  const existingTicketIds = async (eventId: string) =>
    (await listEventTickets(services.db, eventId)).map((ticket) => ticket.ticketId);

  async function present(eventId: string, rows: readonly CheckInListRow[]) {
    const checkedIn = await checkedInCounts(services.db, eventId);
    const totals = await countListAttendees(
      services.db,
      eventId,
      rows.map((row) => ({ id: row.id, ticketIds: listTicketIds(row) })),
    );
    const now = services.clock.now();
    return rows.map((row) =>
      presentCheckInList(row, { checkedIn: checkedIn.get(row.id) ?? 0, total: totals.get(row.id) ?? 0 }, now),
    );
  }

  async function presentOne(eventId: string, checkInListId: string) {
    const row = await findEventCheckInList(services.db, eventId, checkInListId);
    if (!row) throw new Refusal('check_in_list_not_found');
    const [data] = await present(eventId, [row]);
    return data;
  }

  const run = (ctx: Context, checkInListId: string, command: CheckInListCommand) =>
    execute(ctx, services, {
      decider: checkInListDecider,
      stream: checkInListStream(checkInListId),
      command,
      readModels,
    });

  router.get(base, async (ctx) => {
    const eventId = await ownedEventId(ctx);
    ctx.body = { data: await present(eventId, await listEventCheckInLists(services.db, eventId)) };
  });

  router.post(base, async (ctx) => {
    const input = body(ctx, createCheckInListSchema);
    const eventId = await ownedEventId(ctx);
    const checkInListId = services.ids.entity('cl');
    await run(ctx, checkInListId, {
      type: 'CreateCheckInList',
      eventId,
      checkInListId,
      shortId: services.ids.shortId(),
      details: toCheckInListDetails(input),
      existingTicketIds: await existingTicketIds(eventId),
      now: services.clock.now(),
    });
    ctx.status = 201;
    ctx.set('Location', `/api/events/${eventId}/check-in-lists/${checkInListId}`);
    ctx.body = { data: await presentOne(eventId, checkInListId) };
  });

  router.get(`${base}/:id`, async (ctx) => {
    const eventId = await ownedEventId(ctx);
    ctx.body = { data: await presentOne(eventId, checkInListIdOrNotFound(pathParam(ctx, 'id'))) };
  });

  router.put(`${base}/:id`, async (ctx) => {
    const input = body(ctx, updateCheckInListSchema);
    const eventId = await ownedEventId(ctx);
    const checkInListId = checkInListIdOrNotFound(pathParam(ctx, 'id'));
    await run(ctx, checkInListId, {
      type: 'UpdateCheckInList',
      eventId,
      checkInListId,
      changes: toCheckInListChanges(input),
      existingTicketIds: await existingTicketIds(eventId),
      now: services.clock.now(),
    });
    ctx.body = { data: await presentOne(eventId, checkInListId) };
  });

  router.post(`${base}/:id/rotate-link`, async (ctx) => {
    const eventId = await ownedEventId(ctx);
    const checkInListId = checkInListIdOrNotFound(pathParam(ctx, 'id'));
    await run(ctx, checkInListId, {
      type: 'RotateCheckInListLink',
      eventId,
      checkInListId,
      shortId: services.ids.shortId(),
      now: services.clock.now(),
    });
    ctx.body = { data: await presentOne(eventId, checkInListId) };
  });

  router.delete(`${base}/:id`, async (ctx) => {
    const eventId = await ownedEventId(ctx);
    const checkInListId = checkInListIdOrNotFound(pathParam(ctx, 'id'));
    await run(ctx, checkInListId, {
      type: 'DeleteCheckInList',
      eventId,
      checkInListId,
      now: services.clock.now(),
    });
    ctx.status = 204;
  });

  router.get('/events/:eventId/check_in_stats', async (ctx) => {
    const eventId = await ownedEventId(ctx);
    const lists = await present(eventId, await listEventCheckInLists(services.db, eventId));
    const stats = await checkInStats(services.db, eventId);
    const names = await attendeeNames(
      services.db,
      stats.issues.map((row) => String(row.attendee_id)),
    );
    ctx.body = {
      data: {
        event_id: eventId,
        checked_in_attendees: stats.checkedInAttendees,
        lists: lists.map((list) => ({
          id: list.id,
          name: list.name,
          checked_in_attendees: list.checked_in_attendees,
          total_attendees: list.total_attendees,
        })),
        tickets: stats.perTicket.map((row) => ({
          ticket_id: row.ticketId,
          checked_in_attendees: row.checkedIn,
        })),
        arrivals_per_minute: stats.arrivalsPerMinute,
        scan_issues: stats.issues.map((row) => ({
          kind: row.kind === 'DUPLICATE_ENTRY' ? ('DUPLICATE_ENTRY' as const) : ('REFUSED_OFFLINE' as const),
          check_in_list_id: String(row.check_in_list_id),
          attendee_id: String(row.attendee_id),
          attendee_name: names.get(String(row.attendee_id)) ?? null,
          ticket_id: String(row.ticket_id),
          device_id: String(row.device_id),
          gate: row.gate ?? null,
          scanned_at: String(row.scanned_at),
          recorded_at: String(row.recorded_at),
          reason: row.reason ?? null,
          first_checked_in_at: row.first_checked_in_at ?? null,
          first_device_id: row.first_device_id ?? null,
          first_gate: row.first_gate ?? null,
        })),
      },
    };
  });

  return router;
}

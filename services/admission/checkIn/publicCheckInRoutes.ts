import Router from '@koa/router';
import type { Services } from '../../kit/http/context';
import { query } from '../../kit/http/validate';
import { checkedInOnList, checkInProjection, findAttendeeCheckIns } from '../../../projections/checkIn';
import { eventDecider } from '../../catalog/events/eventDecider';
import { eventStream } from '../../catalog/events/eventEvents';
import type { TicketSigningKeys } from '../signingKeys';
import { countListAttendees, searchListAttendees, type AttendeeRecord } from './attendeeDirectory';
import { checkInDoor, presentCheckIn, presentListedAttendee, type ResolvedList } from './checkInDoor';
import { CheckInFeed } from './checkInFeed';
import { checkInListStatus } from './checkInListEvents';
import { attendeeSearchSchema } from './checkInSchemas';
import { scanRoutes } from './scanRoutes';

const base = '/public/check-in-lists/:shortId';
const snapshotLimit = 100_000;

/**
 * The door staff's API (no login: the list's short id is the credential, docs/admission.md): the list, its
 * attendees and the offline snapshot here, the scans in scanRoutes.
 */
export function publicCheckInRoutes(
  services: Services,
  signingKeys: TicketSigningKeys,
  feed: CheckInFeed = new CheckInFeed(),
) {
  const router = new Router();
  const door = checkInDoor(services, signingKeys, feed);

  async function presentList(list: ResolvedList) {
    const { facts } = list;
    const checkedIn = await checkedInOnList(services.db, facts.checkInListId);
    const totals = await countListAttendees(services.db, facts.eventId, [
      { id: facts.checkInListId, ticketIds: facts.ticketIds },
    ]);
    const { state: event } = await services.commands.load(eventDecider, eventStream(facts.eventId));
    return {
      list: {
        id: facts.checkInListId,
        name: list.name,
        description: list.description,
        activates_at: facts.activatesAt,
        expires_at: facts.expiresAt,
        status: checkInListStatus(facts, services.clock.now()),
        ticket_ids: [...facts.ticketIds],
        checked_in_attendees: checkedIn,
        total_attendees: totals.get(facts.checkInListId) ?? 0,
      },
      event: {
        id: facts.eventId,
        title: event.exists ? event.details.title : '',
        start_date: event.exists ? event.details.startDate : null,
        timezone: event.exists ? event.details.timezone : 'UTC',
        allows_paying_at_check_in: event.exists && event.settings.allowOrdersAwaitingOfflinePaymentToCheckIn,
      },
    };
  }

  async function checkInRowsOf(checkInListId: string, attendees: readonly AttendeeRecord[]) {
    const rows = await findAttendeeCheckIns(
      services.db,
      checkInListId,
      attendees.map((attendee) => attendee.attendeeId),
    );
    return new Map(rows.map((row) => [row.attendee_id, row]));
  }

  router.get(base, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: await presentList(await door.resolveList(ctx)) };
  });

  router.get(`${base}/attendees`, async (ctx) => {
    const search = query(ctx, attendeeSearchSchema);
    const list = await door.resolveList(ctx);
    const attendees = await searchListAttendees(services.db, list.facts, {
      query: search.query,
      orderReference: search.order_reference,
      limit: search.limit,
    });
    const states = await checkInRowsOf(list.facts.checkInListId, attendees);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      data: attendees.map((attendee) => ({
        ...presentListedAttendee(attendee),
        email: attendee.email,
        check_in: presentCheckIn(states.get(attendee.attendeeId)),
      })),
    };
  });

  router.get(`${base}/snapshot`, async (ctx) => {
    const list = await door.resolveList(ctx);
    // The position is read before the rows: every push above it is news, those at or below it are in the rows.
    const lag = await services.readSide.lag();
    const position = lag.find((entry) => entry.projection === checkInProjection.name)?.checkpoint ?? 0n;
    const attendees = await searchListAttendees(services.db, list.facts, { limit: snapshotLimit });
    const states = await checkInRowsOf(list.facts.checkInListId, attendees);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      data: {
        ...(await presentList(list)),
        attendees: attendees.map((attendee) => ({
          ...presentListedAttendee(attendee),
          check_in: presentCheckIn(states.get(attendee.attendeeId)),
        })),
        ticket_keys: door.publishedKeys,
        position: position.toString(),
      },
    };
  });

  scanRoutes(router, services, door, base);
  return router;
}

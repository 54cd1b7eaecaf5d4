import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { commandContext, execute, setPosition } from '../../kit/http/context';
import { body, pathParam, query } from '../../kit/http/validate';
import { isRefusal, Refusal } from '../../kit/refusal';
import { isShortId } from '../../kit/shortIds';
import {
  checkedInOnList,
  checkInProjection,
  findAttendeeCheckIns,
  findCheckInById,
  findCheckInListByShortId,
  type CheckInAttendeeRow,
} from '../../../projections/checkIn';
import { eventDecider } from '../../catalog/events/eventDecider';
import { eventStream } from '../../catalog/events/eventEvents';
import { serverTicketVerifier } from '../ticketCodes';
import { publishedTicketKeys, type TicketSigningKeys } from '../signingKeys';
import {
  countListAttendees,
  findAttendeeByShortId,
  searchListAttendees,
  type AttendeeRecord,
  type ListedAttendee,
} from './attendeeDirectory';
import {
  checkInDecider,
  checkInRefusals,
  type AlreadyCheckedIn,
  type CheckInRefusal,
  type CheckInState,
  type ListFacts,
} from './checkInDecider';
import { checkInStream, type CheckInEvent } from './checkInEvents';
import { orderDecider } from '../../sales/orders/orderDecider';
import { orderStream } from '../../sales/orders/orderEvents';
import { CheckInFeed } from './checkInFeed';
import { checkInListDecider } from './checkInListDecider';
import { checkInListStatus, checkInListStream } from './checkInListEvents';
import {
  attendeeSearchSchema,
  checkOutQuerySchema,
  offlineScansSchema,
  scanSchema,
  type OfflineScanResult,
  type ScanResult,
} from './checkInSchemas';

const base = '/public/check-in-lists/:shortId';
const snapshotLimit = 100_000;

interface ResolvedList {
  facts: ListFacts;
  name: string;
  description: string | null;
}

type Target =
  | { attendee: AttendeeRecord }
  | { result: Extract<ScanResult, 'invalid_ticket_code' | 'ticket_of_another_event' | 'ticket_not_found'> };

/**
 * The door staff's scanning API (no login: the list's short id is the credential, docs/admission.md). Each
 * scan is decided by checkInDecider on the attendee's stream for the list with the expected revision; the
 * answer is `admitted` or a reason from the closed list, never a 500 and never a second admission.
 */
export function publicCheckInRoutes(
  services: Services,
  signingKeys: TicketSigningKeys,
  feed: CheckInFeed = new CheckInFeed(),
) {
  const router = new Router();
  const publishedKeys = publishedTicketKeys(signingKeys);
  const verifyCode = serverTicketVerifier(publishedKeys);

  /**
   * Which list each link names. A link never comes to name another list (rotating makes a new link), so this
   * can be remembered; whether the link is still the list's is read from the list's stream on every call.
   */
  const listIdsByLink = new Map<string, string>();
  async function listIdOf(shortId: string): Promise<string> {
    const known = listIdsByLink.get(shortId);
    if (known) return known;
    const found = await findCheckInListByShortId(services.db, shortId);
    if (!found) throw new Refusal('check_in_list_not_found');
    if ('revoked' in found) throw new Refusal('check_in_link_revoked');
    if (listIdsByLink.size >= 10_000) listIdsByLink.delete(listIdsByLink.keys().next().value!);
    listIdsByLink.set(shortId, found.list.id);
    return found.list.id;
  }

  /** The list a link names, from its own stream (a rotated or deleted link is revoked at once). */
  async function resolveList(ctx: Context): Promise<ResolvedList> {
    const shortId = pathParam(ctx, 'shortId') ?? '';
    if (!isShortId(shortId)) throw new Refusal('check_in_list_not_found');
    const listId = await listIdOf(shortId);
    const { state } = await services.commands.load(checkInListDecider, checkInListStream(listId));
    if (!state.exists || state.shortId !== shortId) {
      listIdsByLink.delete(shortId);
      throw new Refusal('check_in_link_revoked');
    }
    return {
      facts: {
        checkInListId: listId,
        eventId: state.eventId,
        ticketIds: state.details.ticketIds,
        activatesAt: state.details.activatesAt,
        expiresAt: state.details.expiresAt,
      },
      name: state.details.name,
      description: state.details.description,
    };
  }

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

  async function resolveTarget(
    list: ListFacts,
    scan: { code?: string | undefined; attendee_short_id?: string | undefined },
  ): Promise<Target> {
    let shortId = scan.attendee_short_id?.trim().toLowerCase();
    if (scan.code !== undefined) {
      const check = await verifyCode(scan.code.trim());
      if (!check.ok) return { result: 'invalid_ticket_code' };
      if (check.fields.eventId !== list.eventId) return { result: 'ticket_of_another_event' };
      shortId = check.fields.attendeeShortId;
    }
    const attendee = shortId ? await findAttendeeByShortId(services.db, shortId) : null;
    if (!attendee) return { result: 'ticket_not_found' };
    if (attendee.eventId !== list.eventId) return { result: 'ticket_of_another_event' };
    return { attendee };
  }

  const presentAttendee = (attendee: AttendeeRecord) => ({
    id: attendee.attendeeId,
    short_id: attendee.shortId,
    order_id: attendee.orderId,
    ticket_id: attendee.ticketId,
    first_name: attendee.firstName,
    last_name: attendee.lastName,
    status: attendee.status,
    payment: attendee.payment,
  });

  /** In a search or the snapshot: with what tells namesakes apart (ticket, order). */
  const presentListedAttendee = (attendee: ListedAttendee) => ({
    ...presentAttendee(attendee),
    ticket_title: attendee.ticketTitle,
    order_reference: attendee.orderReference,
  });

  const presentCheckIn = (row: CheckInAttendeeRow | undefined) =>
    row && row.state === 'CHECKED_IN'
      ? {
          id: row.check_in_id,
          check_in_list_id: row.check_in_list_id,
          checked_in_at: row.scanned_at,
          device_id: row.device_id,
          gate: row.gate,
        }
      : null;

  function presentAdmission(admission: AlreadyCheckedIn, list: ResolvedList) {
    return {
      id: admission.checkInId,
      check_in_list_id: admission.checkInListId,
      check_in_list_name: list.name,
      checked_in_at: admission.at,
      device_id: admission.deviceId,
      gate: admission.gate,
    };
  }

  router.get(base, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: await presentList(await resolveList(ctx)) };
  });

  router.get(`${base}/attendees`, async (ctx) => {
    const search = query(ctx, attendeeSearchSchema);
    const list = await resolveList(ctx);
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
    const list = await resolveList(ctx);
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
        ticket_keys: publishedKeys,
        position: position.toString(),
      },
    };
  });

  /** Decides the scan of `attendee` and answers it: `admitted`, or the reason from the closed list. */
  async function admit(
    ctx: Context,
    list: ResolvedList,
    attendee: AttendeeRecord,
    scan: { nonce: string; device_id: string; gate: string | null },
  ) {
    const attendeeAnswer = presentAttendee(attendee);
    try {
      const outcome = await execute(ctx, services, {
        decider: checkInDecider,
        stream: checkInStream(list.facts.checkInListId, attendee.attendeeId),
        command: {
          type: 'CheckIn',
          nonce: scan.nonce,
          deviceId: scan.device_id,
          gate: scan.gate,
          checkInId: services.ids.entity('ci'),
          attendee,
          list: list.facts,
          now: services.clock.now(),
        },
        readModels: [],
        actor: 'public',
      });
      publishAll(outcome.events, outcome.position);
      const admission = admissionOf(outcome.state, scan.nonce);
      ctx.body = {
        data: admission
          ? { result: 'admitted', attendee: attendeeAnswer, check_in: presentAdmission(admission, list) }
          : { result: 'already_checked_in', attendee: attendeeAnswer, check_in: null },
      };
    } catch (error) {
      if (!isRefusal(error) || !isCheckInRefusal(error.reason)) throw error;
      const earlier =
        error.reason === 'already_checked_in' ? (error.details as AlreadyCheckedIn | undefined) : undefined;
      ctx.body = {
        data: {
          result: error.reason,
          attendee: attendeeAnswer,
          check_in: earlier ? presentAdmission(earlier, list) : null,
        },
      };
    }
  }

  /**
   * The scan of the request's body on the path's list, and its attendee; a code that names no attendee of this
   * event is answered here (and null returned).
   */
  async function scannedAttendee(ctx: Context) {
    const scan = body(ctx, scanSchema);
    const list = await resolveList(ctx);
    const target = await resolveTarget(list.facts, scan);
    if ('attendee' in target) return { scan, list, attendee: target.attendee };
    ctx.body = { data: { result: target.result, attendee: null, check_in: null } };
    return null;
  }

  router.post(`${base}/check-ins`, async (ctx) => {
    const scanned = await scannedAttendee(ctx);
    if (scanned) await admit(ctx, scanned.list, scanned.attendee, scanned.scan);
  });

  /**
   * Cash at the door: where the event allows it, the order awaiting its offline payment is marked paid (by the
   * list, recorded on the order) and the attendee is admitted. Every other refusal (cancelled, not on this list,
   * a closed list, already admitted) stands, and then nothing is marked paid.
   */
  router.post(`${base}/paid-check-ins`, async (ctx) => {
    const scanned = await scannedAttendee(ctx);
    if (!scanned) return;
    const { scan, list, attendee } = scanned;
    if (attendee.payment !== 'UNPAID') {
      await admit(ctx, list, attendee, scan);
      return;
    }
    const { state: event } = await services.commands.load(eventDecider, eventStream(list.facts.eventId));
    if (!event.exists || !event.settings.allowOrdersAwaitingOfflinePaymentToCheckIn)
      throw new Refusal('paying_at_check_in_not_allowed');
    const now = services.clock.now();
    // Everything but the payment must admit them already: a refused scan never marks an order paid.
    const { state: admissions } = await services.commands.load(
      checkInDecider,
      checkInStream(list.facts.checkInListId, attendee.attendeeId),
    );
    const paid = { ...attendee, payment: 'PAID' as const };
    try {
      checkInDecider.decide(
        {
          type: 'CheckIn',
          nonce: scan.nonce,
          deviceId: scan.device_id,
          gate: scan.gate,
          checkInId: 'ci_probe',
          attendee: paid,
          list: list.facts,
          now,
        },
        admissions,
      );
    } catch (error) {
      if (!isRefusal(error) || !isCheckInRefusal(error.reason)) throw error;
      await admit(ctx, list, attendee, scan);
      return;
    }
    await services.commands.handle(
      orderDecider,
      orderStream(attendee.orderId),
      {
        type: 'MarkOrderPaid',
        orderId: attendee.orderId,
        by: `check-in-list:${list.facts.checkInListId}`,
        now,
      },
      commandContext(ctx, 'public'),
    );
    await admit(ctx, list, paid, scan);
  });

  router.delete(`${base}/check-ins/:checkInId`, async (ctx) => {
    const { device_id: deviceId = 'unknown' } = query(ctx, checkOutQuerySchema);
    const list = await resolveList(ctx);
    const checkInId = pathParam(ctx, 'checkInId') ?? '';
    if (!/^ci_[0-9a-z]{4,40}$/.test(checkInId)) throw new Refusal('not_checked_in');
    let row = await findCheckInById(services.db, list.facts.checkInListId, checkInId);
    if (!row) {
      // An admission a moment old may not be in the read model yet.
      await services.readSide.waitFor(await services.store.head(), 2_000, [checkInProjection.name]);
      row = await findCheckInById(services.db, list.facts.checkInListId, checkInId);
    }
    if (!row) throw new Refusal('not_checked_in');
    const undone = await execute(ctx, services, {
      decider: checkInDecider,
      stream: checkInStream(list.facts.checkInListId, row.attendee_id),
      // Undoing one admission twice is one undo: the nonce is the admission's.
      command: {
        type: 'CheckOut',
        nonce: `out-${checkInId}`,
        deviceId,
        gate: null,
        checkInId,
        now: services.clock.now(),
      },
      readModels: [],
      actor: 'public',
    });
    publishAll(undone.events, undone.position);
    ctx.status = 204;
  });

  router.post(`${base}/offline-scans`, async (ctx) => {
    const { scans } = body(ctx, offlineScansSchema);
    const list = await resolveList(ctx);
    let last = 0n;
    const results = await Promise.all(
      scans.map(async (scan): Promise<{ nonce: string; result: OfflineScanResult }> => {
        const target = await resolveTarget(list.facts, scan);
        if ('result' in target) return { nonce: scan.nonce, result: target.result };
        const outcome = await services.commands.handle(
          checkInDecider,
          checkInStream(list.facts.checkInListId, target.attendee.attendeeId),
          {
            type: 'RecordOfflineScan',
            nonce: scan.nonce,
            deviceId: scan.device_id,
            gate: scan.gate,
            checkInId: services.ids.entity('ci'),
            attendee: target.attendee,
            list: list.facts,
            scannedAt: new Date(scan.scanned_at),
            now: services.clock.now(),
          },
          commandContext(ctx, 'public'),
        );
        if (outcome.position > last) last = outcome.position;
        publishAll(outcome.events, outcome.position);
        return { nonce: scan.nonce, result: offlineResultOf(outcome.state, scan.nonce) };
      }),
    );
    if (last > 0n) setPosition(ctx, last);
    ctx.body = { data: results };
  });

  /** Tells this process's devices of the list at once (the read-model notice reaches every process later). */
  function publishAll(events: readonly CheckInEvent[], position: bigint): void {
    for (const event of events) {
      if (event.type === 'AttendeeCheckedIn')
        feed.publish({
          checkInListId: event.data.checkInListId,
          attendeeId: event.data.attendeeId,
          checkInId: event.data.checkInId,
          state: 'CHECKED_IN',
          checkedInAt: event.data.scannedAt,
          deviceId: event.data.deviceId,
          gate: event.data.gate,
          position: position.toString(),
        });
      if (event.type === 'AttendeeCheckedOut')
        feed.publish({
          checkInListId: event.data.checkInListId,
          attendeeId: event.data.attendeeId,
          checkInId: event.data.checkInId,
          state: 'CHECKED_OUT',
          checkedInAt: event.data.checkedOutAt,
          deviceId: event.data.deviceId,
          gate: event.data.gate,
          position: position.toString(),
        });
    }
  }

  async function checkInRowsOf(checkInListId: string, attendees: readonly AttendeeRecord[]) {
    const rows = await findAttendeeCheckIns(
      services.db,
      checkInListId,
      attendees.map((attendee) => attendee.attendeeId),
    );
    return new Map(rows.map((row) => [row.attendee_id, row]));
  }

  return router;
}

function isCheckInRefusal(reason: string): reason is CheckInRefusal {
  return (checkInRefusals as readonly string[]).includes(reason);
}

/** The admission a nonce made (now or when first sent). */
function admissionOf(state: CheckInState, nonce: string): AlreadyCheckedIn | null {
  const outcome = state.nonces[nonce];
  return outcome?.kind === 'checked_in' ? outcome.admission : null;
}

function offlineResultOf(state: CheckInState, nonce: string): OfflineScanResult {
  const outcome = state.nonces[nonce];
  switch (outcome?.kind) {
    case 'checked_in':
      return 'admitted';
    case 'duplicate_entry':
      return 'duplicate_entry';
    case 'offline_refused':
      return isCheckInRefusal(outcome.reason) && outcome.reason !== 'already_checked_in'
        ? outcome.reason
        : 'not_on_this_list';
    default:
      // A nonce first used for something else (a check-out): nothing new was recorded.
      return 'duplicate_entry';
  }
}

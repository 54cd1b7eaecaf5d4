import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { pathParam } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import { isShortId } from '../../kit/shortIds';
import { findCheckInListByShortId, type CheckInAttendeeRow } from '../../../projections/checkIn';
import { serverTicketVerifier } from '../ticketCodes';
import { publishedTicketKeys, type TicketSigningKeys } from '../signingKeys';
import { findAttendeeByShortId, type AttendeeRecord, type ListedAttendee } from './attendeeDirectory';
import { checkInRefusals, type CheckInRefusal } from '../admissionRules';
import type { AlreadyCheckedIn, CheckInState, ListFacts } from './checkInDecider';
import type { CheckInEvent } from './checkInEvents';
import type { CheckInFeed } from './checkInFeed';
import { checkInListDecider } from './checkInListDecider';
import { checkInListStream } from './checkInListEvents';
import { orderDecider } from '../../sales/orders/orderDecider';
import { orderStream } from '../../sales/orders/orderEvents';
import type { OfflineScanResult, ScanResult } from './checkInSchemas';

/**
 * What the door staff's public routes share (publicCheckInRoutes, scanRoutes): the list a link names, the
 * attendee a scan names, the answers' shapes, and this process's live feed to the list's devices.
 */

export interface ResolvedList {
  facts: ListFacts;
  name: string;
  description: string | null;
}

export type Target =
  | { attendee: AttendeeRecord }
  | { result: Extract<ScanResult, 'invalid_ticket_code' | 'ticket_of_another_event' | 'ticket_not_found'> };

export type CheckInDoor = ReturnType<typeof checkInDoor>;

export function checkInDoor(services: Services, signingKeys: TicketSigningKeys, feed: CheckInFeed) {
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
    return { attendee: await withRecordedPayment(attendee) };
  }

  /**
   * An attendee the read model shows unpaid, with the payment their order's stream records: a payment at the door a
   * moment ago may not be in the read model yet, and the next scan of that attendee (online or uploaded from an
   * offline device) must be a duplicate, not `attendee_unpaid` (which would have them pay again). Paid and
   * cancelled attendees are taken as read.
   */
  async function withRecordedPayment(attendee: AttendeeRecord): Promise<AttendeeRecord> {
    if (attendee.payment !== 'UNPAID') return attendee;
    const { state: order } = await services.commands.load(orderDecider, orderStream(attendee.orderId));
    const recorded = order.exists
      ? order.attendees.find((candidate) => candidate.attendeeId === attendee.attendeeId)
      : undefined;
    return recorded && recorded.payment !== attendee.payment
      ? { ...attendee, payment: recorded.payment }
      : attendee;
  }

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

  return { publishedKeys, resolveList, resolveTarget, publishAll };
}

export const presentAttendee = (attendee: AttendeeRecord) => ({
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
export const presentListedAttendee = (attendee: ListedAttendee) => ({
  ...presentAttendee(attendee),
  ticket_title: attendee.ticketTitle,
  order_reference: attendee.orderReference,
});

export const presentCheckIn = (row: CheckInAttendeeRow | undefined) =>
  row && row.state === 'CHECKED_IN'
    ? {
        id: row.check_in_id,
        check_in_list_id: row.check_in_list_id,
        checked_in_at: row.scanned_at,
        device_id: row.device_id,
        gate: row.gate,
      }
    : null;

export function presentAdmission(admission: AlreadyCheckedIn, list: ResolvedList) {
  return {
    id: admission.checkInId,
    check_in_list_id: admission.checkInListId,
    check_in_list_name: list.name,
    checked_in_at: admission.at,
    device_id: admission.deviceId,
    gate: admission.gate,
  };
}

export function isCheckInRefusal(reason: string): reason is CheckInRefusal {
  return (checkInRefusals as readonly string[]).includes(reason);
}

/** The admission a nonce made (now or when first sent). */
export function admissionOf(state: CheckInState, nonce: string): AlreadyCheckedIn | null {
  const outcome = state.nonces[nonce];
  return outcome?.kind === 'checked_in' ? outcome.admission : null;
}

export function offlineResultOf(state: CheckInState, nonce: string): OfflineScanResult {
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

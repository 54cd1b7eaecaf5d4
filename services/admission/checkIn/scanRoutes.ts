import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { execute, setPosition } from '../../kit/http/context';
import { body, pathParam, query } from '../../kit/http/validate';
import { isRefusal, Refusal } from '../../kit/refusal';
import { checkInProjection, findCheckInById } from '../../../projections/checkIn';
import { eventDecider } from '../../catalog/events/eventDecider';
import { eventStream } from '../../catalog/events/eventEvents';
import type { AttendeeRecord } from './attendeeDirectory';
import {
  admissionOf,
  isCheckInRefusal,
  offlineResultOf,
  presentAdmission,
  presentAttendee,
  type CheckInDoor,
  type ResolvedList,
} from './checkInDoor';
import { checkInDecider, type AlreadyCheckedIn, type CheckIn, type CheckInState } from './checkInDecider';
import { checkInStream, type CheckInEvent } from './checkInEvents';
import {
  checkOutQuerySchema,
  offlineScansSchema,
  scanSchema,
  type OfflineScanResult,
} from './checkInSchemas';
import { admissionStep, payAtDoor } from './payAtDoorWorkflow';

type Scan = { nonce: string; device_id: string; gate: string | null };

/** What an admission appended (nothing for a resent scan) and the attendee's admissions after it. */
interface Admitted {
  events: readonly CheckInEvent[];
  state: CheckInState;
  position: bigint | null;
}

/**
 * The door's scans on a list named by its link (no login): admit, pay at the door, undo an admission, upload
 * offline scans. Each scan is decided by checkInDecider on the attendee's stream for the list with the expected
 * revision; the answer is `admitted` or a reason from the closed list, never a 500 and never a second admission.
 */
export function scanRoutes(router: Router, services: Services, door: CheckInDoor, base: string): void {
  const checkIn = (list: ResolvedList, attendee: AttendeeRecord, scan: Scan): CheckIn => ({
    type: 'CheckIn',
    nonce: scan.nonce,
    deviceId: scan.device_id,
    gate: scan.gate,
    checkInId: services.ids.entity('ci'),
    attendee,
    list: list.facts,
    now: services.clock.now(),
  });

  /** Answers a scan of `attendee`: `admitted`, or the reason from the closed list. */
  async function answer(
    ctx: Context,
    list: ResolvedList,
    attendee: AttendeeRecord,
    scan: Scan,
    admit: () => Promise<Admitted>,
  ) {
    const attendeeAnswer = presentAttendee(attendee);
    try {
      const outcome = await admit();
      if (outcome.position !== null) door.publishAll(outcome.events, outcome.position);
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

  const admit = (ctx: Context, list: ResolvedList, attendee: AttendeeRecord, scan: Scan) =>
    answer(ctx, list, attendee, scan, () =>
      execute(ctx, services, {
        decider: checkInDecider,
        stream: checkInStream(list.facts.checkInListId, attendee.attendeeId),
        command: checkIn(list, attendee, scan),
        readModels: [],
        actor: 'public',
      }),
    );

  /**
   * The scan of the request's body on the path's list, and its attendee; a code that names no attendee of this
   * event is answered here (and null returned).
   */
  async function scannedAttendee(ctx: Context) {
    const scan = body(ctx, scanSchema);
    const list = await door.resolveList(ctx);
    const target = await door.resolveTarget(list.facts, scan);
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
   * list, recorded on the order) and the attendee is admitted (payAtDoorWorkflow). Every other refusal
   * (cancelled, not on this list, a closed list, already admitted) stands, and then nothing is marked paid.
   */
  router.post(`${base}/paid-check-ins`, async (ctx) => {
    const scanned = await scannedAttendee(ctx);
    if (!scanned) return;
    const { scan, list, attendee } = scanned;
    if (attendee.payment !== 'UNPAID') return admit(ctx, list, attendee, scan);
    const { state: event } = await services.commands.load(eventDecider, eventStream(list.facts.eventId));
    if (!event.exists || !event.settings.allowOrdersAwaitingOfflinePaymentToCheckIn)
      throw new Refusal('paying_at_check_in_not_allowed');
    const paid = { ...attendee, payment: 'PAID' as const };
    const chain = payAtDoor({ orderId: attendee.orderId, admission: checkIn(list, paid, scan) });
    let outcome;
    try {
      outcome = await execute(ctx, services, { chain, readModels: [], actor: 'public' });
    } catch (error) {
      if (!isRefusal(error) || !isCheckInRefusal(error.reason)) throw error;
      // Refused for another reason than the payment: answered as the scan of the unpaid attendee it is.
      return admit(ctx, list, attendee, scan);
    }
    await answer(ctx, list, paid, scan, () =>
      Promise.resolve({
        events: (outcome.results.get(admissionStep)?.events ?? []) as readonly CheckInEvent[],
        state: outcome.states.get(admissionStep) as CheckInState,
        position: outcome.position,
      }),
    );
  });

  router.delete(`${base}/check-ins/:checkInId`, async (ctx) => {
    const { device_id: deviceId = 'unknown' } = query(ctx, checkOutQuerySchema);
    const list = await door.resolveList(ctx);
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
    door.publishAll(undone.events, undone.position);
    ctx.status = 204;
  });

  router.post(`${base}/offline-scans`, async (ctx) => {
    const { scans } = body(ctx, offlineScansSchema);
    const list = await door.resolveList(ctx);
    let last = 0n;
    const results = await Promise.all(
      scans.map(async (scan): Promise<{ nonce: string; result: OfflineScanResult }> => {
        const target = await door.resolveTarget(list.facts, scan);
        if ('result' in target) return { nonce: scan.nonce, result: target.result };
        const outcome = await execute(ctx, services, {
          decider: checkInDecider,
          stream: checkInStream(list.facts.checkInListId, target.attendee.attendeeId),
          command: {
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
          readModels: [],
          actor: 'public',
        });
        if (outcome.position > last) last = outcome.position;
        door.publishAll(outcome.events, outcome.position);
        return { nonce: scan.nonce, result: offlineResultOf(outcome.state, scan.nonce) };
      }),
    );
    // The scans were recorded concurrently: the answer's position is the latest of them.
    if (last > 0n) setPosition(ctx, last);
    ctx.body = { data: results };
  });
}

import type { Decider } from '../../kit/decider';
import { Refusal, refuse } from '../../kit/refusal';
import { admissionRefusal, type CheckInRefusal } from '../admissionRules';
import type { CheckInEvent, ScanOrigin } from './checkInEvents';

/**
 * The decision at the door, from one attendee's admissions on one list and the facts the route read
 * (docs/decisions/cross-module-facts.md section 1): the attendee's ticket, status and payment from the attendees
 * read model, the list's tickets and window from the list's own stream.
 */

export interface AttendeeFacts {
  attendeeId: string;
  eventId: string;
  ticketId: string;
  status: 'ACTIVE' | 'CANCELLED';
  payment: 'PAID' | 'UNPAID' | 'PENDING';
}

export interface ListFacts {
  checkInListId: string;
  eventId: string;
  ticketIds: readonly string[];
  activatesAt: string | null;
  expiresAt: string | null;
}

export type CheckIn = ScanOrigin & {
  type: 'CheckIn';
  checkInId: string;
  /** null: no such attendee (an unknown short id). */
  attendee: AttendeeFacts | null;
  list: ListFacts;
  now: Date;
};
/** Undo of an admission (the door let the wrong person in, or they left). */
export type CheckOut = ScanOrigin & { type: 'CheckOut'; checkInId: string; now: Date };
/** A scan a device decided offline, uploaded later with its device time. */
export type RecordOfflineScan = ScanOrigin & {
  type: 'RecordOfflineScan';
  checkInId: string;
  attendee: AttendeeFacts;
  list: ListFacts;
  scannedAt: Date;
  now: Date;
};
export type CheckInCommand = CheckIn | CheckOut | RecordOfflineScan;

export interface Admission {
  checkInId: string;
  checkInListId: string;
  eventId: string;
  attendeeId: string;
  ticketId: string;
  at: string;
  deviceId: string;
  gate: string | null;
}

/** What a nonce led to, so a resent scan is answered with the original outcome. */
export type NonceOutcome =
  | { kind: 'checked_in'; admission: Admission }
  | { kind: 'checked_out'; checkInId: string }
  | { kind: 'duplicate_entry'; first: Admission }
  | { kind: 'offline_refused'; reason: string };

export interface CheckInState {
  /** The current admission, null when never admitted or checked out since. */
  admitted: Admission | null;
  nonces: Record<string, NonceOutcome>;
}

/** Details of an `already_checked_in` refusal: when, at which device or gate, by which list. */
export type AlreadyCheckedIn = Admission;

function refusalFor(attendee: AttendeeFacts | null, list: ListFacts, at: Date): CheckInRefusal | null {
  return admissionRefusal({
    list,
    ticket: attendee && { ticketId: attendee.ticketId, ofAnotherEvent: attendee.eventId !== list.eventId },
    attendee: attendee ?? undefined,
    at,
  });
}

export const checkInDecider: Decider<CheckInCommand, CheckInEvent, CheckInState> = {
  initialState: () => ({ admitted: null, nonces: {} }),

  evolve(state, event) {
    switch (event.type) {
      case 'AttendeeCheckedIn': {
        const d = event.data;
        const admission: Admission = {
          checkInId: d.checkInId,
          checkInListId: d.checkInListId,
          eventId: d.eventId,
          attendeeId: d.attendeeId,
          ticketId: d.ticketId,
          at: event.data.source === 'offline' ? event.data.scannedAt : event.data.checkedInAt,
          deviceId: d.deviceId,
          gate: d.gate,
        };
        return {
          admitted: admission,
          nonces: { ...state.nonces, [d.nonce]: { kind: 'checked_in', admission } },
        };
      }
      case 'AttendeeCheckedOut':
        return {
          admitted: null,
          nonces: {
            ...state.nonces,
            [event.data.nonce]: { kind: 'checked_out', checkInId: event.data.checkInId },
          },
        };
      case 'DuplicateEntryRecorded': {
        const d = event.data;
        const first: Admission = {
          checkInId: event.data.firstCheckInId,
          checkInListId: d.checkInListId,
          eventId: d.eventId,
          attendeeId: d.attendeeId,
          ticketId: d.ticketId,
          at: event.data.firstCheckedInAt,
          deviceId: event.data.firstDeviceId,
          gate: event.data.firstGate,
        };
        return { ...state, nonces: { ...state.nonces, [d.nonce]: { kind: 'duplicate_entry', first } } };
      }
      case 'OfflineScanRefused':
        return {
          ...state,
          nonces: {
            ...state.nonces,
            [event.data.nonce]: { kind: 'offline_refused', reason: event.data.reason },
          },
        };
    }
  },

  decide(command, state) {
    // A resent scan (same nonce) changes nothing; the route answers with the original outcome.
    if (Object.hasOwn(state.nonces, command.nonce)) return [];
    const origin: ScanOrigin = { nonce: command.nonce, deviceId: command.deviceId, gate: command.gate };
    const at = command.now.toISOString();

    if (command.type === 'CheckOut') {
      if (!state.admitted || state.admitted.checkInId !== command.checkInId) refuse('not_checked_in');
      const { checkInId, checkInListId, eventId, attendeeId, ticketId } = state.admitted;
      return [
        {
          type: 'AttendeeCheckedOut',
          data: { ...origin, checkInId, checkInListId, eventId, attendeeId, ticketId, checkedOutAt: at },
        },
      ];
    }

    const { list } = command;
    if (command.type === 'CheckIn') {
      const { attendee } = command;
      const refusal = refusalFor(attendee, list, command.now);
      if (refusal) refuse(refusal);
      if (state.admitted)
        throw new Refusal('already_checked_in', undefined, undefined, { ...state.admitted });
      return [
        {
          type: 'AttendeeCheckedIn',
          data: {
            ...origin,
            checkInId: command.checkInId,
            checkInListId: list.checkInListId,
            eventId: list.eventId,
            attendeeId: attendee!.attendeeId,
            ticketId: attendee!.ticketId,
            source: 'online',
            scannedAt: at,
            checkedInAt: at,
          },
        },
      ];
    }

    const { attendee } = command;
    // RecordOfflineScan: the door already let them in or turned them away; record what the server would say.
    const scannedAt = command.scannedAt.toISOString();
    const facts = {
      ...origin,
      checkInListId: list.checkInListId,
      eventId: list.eventId,
      attendeeId: attendee.attendeeId,
      ticketId: attendee.ticketId,
      scannedAt,
    };
    const refusal = refusalFor(attendee, list, command.scannedAt);
    if (refusal) return [{ type: 'OfflineScanRefused', data: { ...facts, recordedAt: at, reason: refusal } }];
    if (state.admitted)
      return [
        {
          type: 'DuplicateEntryRecorded',
          data: {
            ...facts,
            recordedAt: at,
            firstCheckInId: state.admitted.checkInId,
            firstCheckedInAt: state.admitted.at,
            firstDeviceId: state.admitted.deviceId,
            firstGate: state.admitted.gate,
          },
        },
      ];
    return [
      {
        type: 'AttendeeCheckedIn',
        data: { ...facts, checkInId: command.checkInId, source: 'offline', checkedInAt: at },
      },
    ];
  },
};

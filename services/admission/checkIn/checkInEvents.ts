/**
 * Admissions at the door (design.md section 5). One stream per attendee and check-in list,
 * `check-in-<listId>-<attendeeId>`, appended with the expected revision: of two doors scanning the same ticket
 * at once, one admits and the other is told when and where it was admitted. Every scan carries the device's
 * nonce, so a resent scan changes nothing. Scans made offline are uploaded later and recorded as facts with
 * their device time (business time, docs/time.md); a second admission becomes a flagged duplicate entry.
 */

export const checkInStream = (checkInListId: string, attendeeId: string): string =>
  `check-in-${checkInListId}-${attendeeId}`;

/** Where a scan came from: the device's own id (per browser) and the gate its staff typed, if any. */
export interface ScanOrigin {
  nonce: string;
  deviceId: string;
  gate: string | null;
}

export type AttendeeCheckedIn = {
  type: 'AttendeeCheckedIn';
  data: ScanOrigin & {
    checkInId: string;
    checkInListId: string;
    eventId: string;
    attendeeId: string;
    ticketId: string;
    /** `online`: decided when scanned; `offline`: decided by the device, uploaded later. */
    source: 'online' | 'offline';
    /** When the door scanned it (device time for offline scans). */
    scannedAt: string;
    checkedInAt: string;
  };
};
export type AttendeeCheckedOut = {
  type: 'AttendeeCheckedOut';
  data: ScanOrigin & {
    checkInId: string;
    checkInListId: string;
    eventId: string;
    attendeeId: string;
    ticketId: string;
    checkedOutAt: string;
  };
};
/** An offline scan of someone already admitted (at another door, or earlier): kept and flagged, never lost. */
export type DuplicateEntryRecorded = {
  type: 'DuplicateEntryRecorded';
  data: ScanOrigin & {
    checkInListId: string;
    eventId: string;
    attendeeId: string;
    ticketId: string;
    scannedAt: string;
    recordedAt: string;
    /** The admission it duplicates. */
    firstCheckInId: string;
    firstCheckedInAt: string;
    firstDeviceId: string;
    firstGate: string | null;
  };
};
/** An offline scan the server would have refused (cancelled, unpaid, not on the list, …): kept with its reason. */
export type OfflineScanRefused = {
  type: 'OfflineScanRefused';
  data: ScanOrigin & {
    checkInListId: string;
    eventId: string;
    attendeeId: string;
    ticketId: string;
    scannedAt: string;
    recordedAt: string;
    reason: string;
  };
};

export type CheckInEvent =
  AttendeeCheckedIn | AttendeeCheckedOut | DuplicateEntryRecorded | OfflineScanRefused;

export const checkInEventTypes: readonly CheckInEvent['type'][] = [
  'AttendeeCheckedIn',
  'AttendeeCheckedOut',
  'DuplicateEntryRecorded',
  'OfflineScanRefused',
];

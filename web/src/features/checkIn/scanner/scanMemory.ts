import type { CheckInChanged } from '../../../../../services/kit/contracts/realtime';
import type { SnapshotAttendee } from './scannerApi';

/** An admission this device knows of: from the snapshot, its own scans or another device's push. */
export interface KnownAdmission {
  checkInId: string;
  at: string;
  deviceId: string;
  gate: string | null;
}

export interface KnownAttendee {
  id: string;
  shortId: string;
  firstName: string;
  lastName: string;
  ticketId: string;
  /** What tells namesakes apart; null in a snapshot cached before the server sent them. */
  ticketTitle: string | null;
  orderReference: string | null;
  status: SnapshotAttendee['status'];
  payment: SnapshotAttendee['payment'];
}

/**
 * What a scanning device knows about its list: the attendees (by short id) and who is admitted. A snapshot
 * gives the state at its position; pushes (`checkin.changes`) newer than that position are laid over it, in
 * whichever order the two arrive. The same code seen again within `repeatWindowMs` on this device is ignored
 * (a camera sees one ticket many times a second).
 */
export class ScanMemory {
  private attendees = new Map<string, KnownAttendee>();
  private admitted = new Map<string, KnownAdmission>();
  private snapshotPosition = -1n;
  /** The newest push per attendee, kept to lay over a snapshot that arrives after it. */
  private pushes = new Map<string, CheckInChanged>();
  private lastSeen = new Map<string, number>();

  constructor(private readonly repeatWindowMs = 3_000) {}

  loadSnapshot(attendees: readonly SnapshotAttendee[], position: string): void {
    this.snapshotPosition = BigInt(position);
    this.attendees = new Map();
    this.admitted = new Map();
    for (const attendee of attendees) {
      this.attendees.set(attendee.short_id, {
        id: attendee.id,
        shortId: attendee.short_id,
        firstName: attendee.first_name,
        lastName: attendee.last_name,
        ticketId: attendee.ticket_id,
        ticketTitle: attendee.ticket_title ?? null,
        orderReference: attendee.order_reference ?? null,
        status: attendee.status,
        payment: attendee.payment,
      });
      if (attendee.check_in)
        this.admitted.set(attendee.id, {
          checkInId: attendee.check_in.id,
          at: attendee.check_in.checked_in_at,
          deviceId: attendee.check_in.device_id,
          gate: attendee.check_in.gate,
        });
    }
    for (const change of this.pushes.values())
      if (BigInt(change.position) > this.snapshotPosition) this.apply(change);
  }

  /** A push from the list's room; older than what is known changes nothing. */
  receive(change: CheckInChanged): void {
    const previous = this.pushes.get(change.attendeeId);
    if (previous && BigInt(previous.position) >= BigInt(change.position)) return;
    this.pushes.set(change.attendeeId, change);
    if (BigInt(change.position) > this.snapshotPosition) this.apply(change);
  }

  /** This device's own admission (before any push about it arrives). */
  admit(attendeeId: string, admission: KnownAdmission): void {
    this.admitted.set(attendeeId, admission);
  }

  checkOut(attendeeId: string): void {
    this.admitted.delete(attendeeId);
  }

  attendeeByShortId(shortId: string): KnownAttendee | undefined {
    return this.attendees.get(shortId);
  }

  /** The attendees of one order (by the reference its buyer sees), for a lookup without the network. */
  attendeesOfOrder(reference: string): KnownAttendee[] {
    return [...this.attendees.values()]
      .filter((attendee) => attendee.orderReference === reference)
      .sort((a, b) => `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`));
  }

  admissionOf(attendeeId: string): KnownAdmission | undefined {
    return this.admitted.get(attendeeId);
  }

  get admittedCount(): number {
    return this.admitted.size;
  }

  /** True when `code` was seen less than the repeat window ago (and remembers it now). */
  isRepeat(code: string, now: number): boolean {
    const last = this.lastSeen.get(code);
    this.lastSeen.set(code, now);
    return last !== undefined && now - last < this.repeatWindowMs;
  }

  private apply(change: CheckInChanged): void {
    if (change.state === 'CHECKED_IN')
      this.admitted.set(change.attendeeId, {
        checkInId: change.checkInId,
        at: change.checkedInAt,
        deviceId: change.deviceId,
        gate: change.gate,
      });
    else if (this.admitted.get(change.attendeeId)?.checkInId === change.checkInId)
      this.admitted.delete(change.attendeeId);
  }
}

/**
 * Where an earlier admission happened, as door staff say it: at the gate the device was given, else on this
 * device or on another one. A device's id (`dev-e0292c…`) means nothing to anyone at the door.
 */
export type AdmissionPlace = { gate: string } | { device: 'this' | 'another' };

export function admissionPlace(admission: KnownAdmission, thisDeviceId: string): AdmissionPlace {
  const gate = admission.gate?.trim();
  if (gate) return { gate };
  return { device: admission.deviceId === thisDeviceId ? 'this' : 'another' };
}

const shortIdPattern = /^[0-9a-hjkmnp-tv-z]{20}$/;
/** The order reference buyers see: the last 8 characters of the order's short id, in capitals. */
const orderReferencePattern = /^[0-9A-HJKMNP-TV-Z]{8}$/;

export type ScanTarget = { code: string } | { attendeeShortId: string } | { orderReference: string };

/**
 * What a scanned or typed text is: a QR code's digits, an attendee's short id (from a search), or the order
 * reference a buyer reads out from their confirmation (`#4k7q 2m9x` too: case, `#` and spaces do not matter,
 * and the letters the reference never uses, O, I and L, are read as 0, 1 and 1).
 */
export function classifyScan(text: string): ScanTarget | null {
  const value = text.trim();
  if (/^[0-9]{20,}$/.test(value) && !shortIdPattern.test(value)) return { code: value };
  const lower = value.toLowerCase();
  if (shortIdPattern.test(lower)) return { attendeeShortId: lower };
  const reference = value
    .replace(/^#/, '')
    .replace(/[\s-]/g, '')
    .toUpperCase()
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (orderReferencePattern.test(reference)) return { orderReference: reference };
  return value === '' ? null : { code: value };
}

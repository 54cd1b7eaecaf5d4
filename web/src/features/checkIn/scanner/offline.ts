import { publicApi } from '../../../shared/api/clients';
import type { ApiBody, ApiResponse } from '../../../shared/api/contract.gen';
import type { CheckInChanged } from '../../../../../services/kit/contracts/realtime';
import { admissionRefusal } from '../../../../../services/admission/admissionRules';
import type { KnownAdmission, KnownAttendee } from './scanMemory';
import type { ScanResult, Snapshot } from './scannerApi';

export type QueuedScan = ApiBody<'POST /public/check-in-lists/{shortId}/offline-scans'>['scans'][number];
export type UploadAnswer = ApiResponse<'POST /public/check-in-lists/{shortId}/offline-scans'>['data'][number];

/** The largest upload the offline-scans route takes at once. */
const UPLOAD_BATCH = 500;

const snapshotKey = (shortId: string) => `check_in_snapshot:${shortId}`;
const queueKey = (shortId: string) => `check_in_queue:${shortId}`;
const pushesKey = (shortId: string) => `check_in_pushes:${shortId}`;
/** Pushes kept beside the cached snapshot; a fresh snapshot replaces them. */
const MAX_KEPT_PUSHES = 20_000;

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** The last snapshot this device loaded (attendees, admissions, ticket keys), to scan without the network. */
export function cachedSnapshot(shortId: string): Snapshot | null {
  return read<Snapshot>(snapshotKey(shortId));
}

export function cacheSnapshot(shortId: string, snapshot: Snapshot): void {
  if (write(snapshotKey(shortId), snapshot)) write(pushesKey(shortId), []);
}

/** The list room's pushes since the cached snapshot, so a page reopened offline knows of them too. */
export function cachedPushes(shortId: string): CheckInChanged[] {
  return read<CheckInChanged[]>(pushesKey(shortId)) ?? [];
}

export function keepPush(shortId: string, change: CheckInChanged): void {
  write(pushesKey(shortId), [...cachedPushes(shortId), change].slice(-MAX_KEPT_PUSHES));
}

/** A scan decided offline and the key the device remembers its admission by (attendee id or `short:…`). */
export interface QueuedEntry {
  scan: QueuedScan;
  memoryId: string;
}

/**
 * Scans decided offline, kept on the device (localStorage survives a reload and a closed tab) until the
 * server has answered each: a scan leaves the queue only once its nonce has an answer, so none is lost.
 */
export class OfflineQueue {
  constructor(private readonly shortId: string) {}

  get entries(): QueuedEntry[] {
    return read<QueuedEntry[]>(queueKey(this.shortId)) ?? [];
  }

  get size(): number {
    return this.entries.length;
  }

  add(entry: QueuedEntry): void {
    write(queueKey(this.shortId), [...this.entries, entry]);
  }

  /** Sends every queued scan; the route is idempotent by nonce, so a resend after a lost answer is harmless. */
  async upload(): Promise<UploadAnswer[]> {
    const answers: UploadAnswer[] = [];
    for (;;) {
      const batch = this.entries.slice(0, UPLOAD_BATCH).map((entry) => entry.scan);
      if (batch.length === 0) return answers;
      const response = await publicApi.call('POST /public/check-in-lists/{shortId}/offline-scans', {
        params: { shortId: this.shortId },
        body: { scans: batch },
      });
      const answered = new Set(response.data.map((answer) => answer.nonce));
      // Scans queued meanwhile stay.
      write(
        queueKey(this.shortId),
        this.entries.filter((entry) => !answered.has(entry.scan.nonce)),
      );
      answers.push(...response.data);
      if (answered.size === 0) return answers;
    }
  }
}

/** What the device knows of a scanned attendee when it must decide alone. */
export interface OfflineFacts {
  list: Pick<Snapshot['list'], 'activates_at' | 'expires_at' | 'ticket_ids'>;
  /** From a genuine code: its ticket, even when the attendee is newer than the cached snapshot. */
  ticketId: string | null;
  attendee: KnownAttendee | undefined;
  admission: KnownAdmission | undefined;
  now: Date;
}

/**
 * The offline decision (docs/admission.md, "Verifying"): the signature was checked before; here the list's
 * window at the device's time, the ticket on the list, the attendee's cached state, and whether this device
 * knows of an admission. The server decides again on upload and records a second admission as a duplicate
 * entry.
 */
export function decideOffline(facts: OfflineFacts): ScanResult {
  const { list, attendee, admission, now } = facts;
  const ticketId = attendee?.ticketId ?? facts.ticketId;
  // The code's event was compared with the list's before: a device's tickets are all of the list's event.
  const refusal = admissionRefusal({
    list: { activatesAt: list.activates_at, expiresAt: list.expires_at, ticketIds: list.ticket_ids },
    ticket: ticketId ? { ticketId, ofAnotherEvent: false } : null,
    attendee,
    at: now,
  });
  if (refusal) return refusal;
  if (admission) return 'already_checked_in';
  return 'admitted';
}

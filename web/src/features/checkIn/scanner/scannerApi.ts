import { publicApi } from '../../../shared/api/clients';
import type {
  GetPublicCheckInListsByShortIdAttendeesQuery,
  GetPublicCheckInListsByShortIdAttendeesResponse,
  GetPublicCheckInListsByShortIdResponse,
  GetPublicCheckInListsByShortIdSnapshotResponse,
  PostPublicCheckInListsByShortIdCheckInsBody,
  PostPublicCheckInListsByShortIdCheckInsResponse,
  PostPublicCheckInListsByShortIdPaidCheckInsResponse,
} from '../../../shared/api/contract.gen';

export type PublicCheckInList = GetPublicCheckInListsByShortIdResponse['data'];
export type Snapshot = GetPublicCheckInListsByShortIdSnapshotResponse['data'];
export type SnapshotAttendee = Snapshot['attendees'][number];
export type FoundAttendee = GetPublicCheckInListsByShortIdAttendeesResponse['data'][number];
export type ScanRequest = PostPublicCheckInListsByShortIdCheckInsBody;
export type ScanAnswer = PostPublicCheckInListsByShortIdCheckInsResponse['data'];
export type ScanResult = ScanAnswer['result'];

const base = (shortId: string) => `/check-in-lists/${encodeURIComponent(shortId)}`;

export async function getSnapshot(shortId: string, signal?: AbortSignal): Promise<Snapshot> {
  return (
    await publicApi.get<GetPublicCheckInListsByShortIdSnapshotResponse>(
      `${base(shortId)}/snapshot`,
      signal ? { signal } : {},
    )
  ).data;
}

/** The list's attendees by name, email or reference (`query`), or exactly one order's (`order_reference`). */
export async function searchAttendees(
  shortId: string,
  query: GetPublicCheckInListsByShortIdAttendeesQuery,
  signal?: AbortSignal,
): Promise<FoundAttendee[]> {
  return (
    await publicApi.get<GetPublicCheckInListsByShortIdAttendeesResponse>(`${base(shortId)}/attendees`, {
      query: { limit: 20, ...query },
      ...(signal ? { signal } : {}),
    })
  ).data;
}

/**
 * How a scan reaches the server. The scanning page talks only to this, so an offline mode can put a queue
 * behind it (scans kept with their time and nonce, uploaded to `…/offline-scans` when back) without touching
 * the page.
 */
export interface ScanTransport {
  scan(request: ScanRequest): Promise<ScanAnswer>;
  /** Marks the attendee's order (awaiting offline payment) paid and admits them, where the event allows it. */
  scanPaid(request: ScanRequest): Promise<ScanAnswer>;
  checkOut(checkInId: string, deviceId: string): Promise<void>;
}

export function onlineTransport(shortId: string): ScanTransport {
  return {
    async scan(request) {
      return (
        await publicApi.post<PostPublicCheckInListsByShortIdCheckInsResponse>(
          `${base(shortId)}/check-ins`,
          request,
        )
      ).data;
    },
    async scanPaid(request) {
      return (
        await publicApi.post<PostPublicCheckInListsByShortIdPaidCheckInsResponse>(
          `${base(shortId)}/paid-check-ins`,
          request,
        )
      ).data;
    },
    async checkOut(checkInId, deviceId) {
      await publicApi.delete(
        `${base(shortId)}/check-ins/${encodeURIComponent(checkInId)}?device_id=${encodeURIComponent(deviceId)}`,
      );
    },
  };
}

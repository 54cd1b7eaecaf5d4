import { publicApi } from '../../../shared/api/clients';
import type { ApiBody, ApiResponse } from '../../../shared/api/contract.gen';
import type { RouteQuery } from '../../../shared/api/routes';

export type PublicCheckInList = ApiResponse<'GET /public/check-in-lists/{shortId}'>['data'];
export type Snapshot = ApiResponse<'GET /public/check-in-lists/{shortId}/snapshot'>['data'];
export type SnapshotAttendee = Snapshot['attendees'][number];
export type FoundAttendee = ApiResponse<'GET /public/check-in-lists/{shortId}/attendees'>['data'][number];
export type ScanRequest = ApiBody<'POST /public/check-in-lists/{shortId}/check-ins'>;
export type ScanAnswer = ApiResponse<'POST /public/check-in-lists/{shortId}/check-ins'>['data'];
export type ScanResult = ScanAnswer['result'];

export async function getSnapshot(shortId: string, signal?: AbortSignal): Promise<Snapshot> {
  return (
    await publicApi.call('GET /public/check-in-lists/{shortId}/snapshot', { params: { shortId }, signal })
  ).data;
}

/** The list's attendees by name, email or reference (`query`), or exactly one order's (`order_reference`). */
export async function searchAttendees(
  shortId: string,
  query: RouteQuery<'GET /public/check-in-lists/{shortId}/attendees'>,
  signal?: AbortSignal,
): Promise<FoundAttendee[]> {
  return (
    await publicApi.call('GET /public/check-in-lists/{shortId}/attendees', {
      params: { shortId },
      query: { limit: 20, ...query },
      signal,
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
        await publicApi.call('POST /public/check-in-lists/{shortId}/check-ins', {
          params: { shortId },
          body: request,
        })
      ).data;
    },
    async scanPaid(request) {
      return (
        await publicApi.call('POST /public/check-in-lists/{shortId}/paid-check-ins', {
          params: { shortId },
          body: request,
        })
      ).data;
    },
    async checkOut(checkInId, deviceId) {
      await publicApi.call('DELETE /public/check-in-lists/{shortId}/check-ins/{checkInId}', {
        params: { shortId, checkInId },
        query: { device_id: deviceId },
      });
    },
  };
}

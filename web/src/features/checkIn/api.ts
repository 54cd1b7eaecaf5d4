import { api } from '../../shared/api/clients';
import type { ApiBody, ApiResponse } from '../../shared/api/contract.gen';

/** A check-in list as `/api/events/{eventId}/check-in-lists` answers it. */
export type CheckInList = ApiResponse<'GET /events/{eventId}/check-in-lists'>['data'][number];
export type CheckInListStatus = CheckInList['status'];
export type CheckInListRequest = ApiBody<'POST /events/{eventId}/check-in-lists'>;
export type CheckInListChanges = ApiBody<'PUT /events/{eventId}/check-in-lists/{id}'>;
export type CheckInStats = ApiResponse<'GET /events/{eventId}/check_in_stats'>['data'];

export async function listCheckInLists(eventId: string, signal?: AbortSignal): Promise<CheckInList[]> {
  return (await api.call('GET /events/{eventId}/check-in-lists', { params: { eventId }, signal })).data;
}

export async function createCheckInList(eventId: string, request: CheckInListRequest): Promise<CheckInList> {
  return (await api.call('POST /events/{eventId}/check-in-lists', { params: { eventId }, body: request }))
    .data;
}

export async function updateCheckInList(
  eventId: string,
  listId: string,
  changes: CheckInListChanges,
): Promise<CheckInList> {
  return (
    await api.call('PUT /events/{eventId}/check-in-lists/{id}', {
      params: { eventId, id: listId },
      body: changes,
    })
  ).data;
}

export async function deleteCheckInList(eventId: string, listId: string): Promise<void> {
  await api.call('DELETE /events/{eventId}/check-in-lists/{id}', { params: { eventId, id: listId } });
}

export async function rotateCheckInLink(eventId: string, listId: string): Promise<CheckInList> {
  return (
    await api.call('POST /events/{eventId}/check-in-lists/{id}/rotate-link', {
      params: { eventId, id: listId },
    })
  ).data;
}

export async function getCheckInStats(eventId: string, signal?: AbortSignal): Promise<CheckInStats> {
  return (await api.call('GET /events/{eventId}/check_in_stats', { params: { eventId }, signal })).data;
}

/** The scanning page's path, `/check-in/{shortId}`. */
export function scannerPath(shortId: string): string {
  return `/check-in/${shortId}`;
}

/** The link door staff open on their phones. */
export function scannerUrl(shortId: string, origin: string = window.location.origin): string {
  return `${origin}${scannerPath(shortId)}`;
}

/** The event's tickets, for choosing what a list admits (only their ids and titles). */
export async function listTicketChoices(
  eventId: string,
  signal?: AbortSignal,
): Promise<{ id: string; title: string }[]> {
  const tickets = await api.call('GET /events/{id}/tickets', { params: { id: eventId }, signal });
  return tickets.data.map(({ id, title }) => ({ id, title }));
}

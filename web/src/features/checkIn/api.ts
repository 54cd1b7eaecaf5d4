import { api } from '../../shared/api/clients';
import type {
  GetEventsByEventIdCheckInListsResponse,
  GetEventsByEventIdCheckInStatsResponse,
  PostEventsByEventIdCheckInListsBody,
  PutEventsByEventIdCheckInListsByIdBody,
} from '../../shared/api/contract.gen';
import type { DataEnvelope } from '../../shared/api/types';

/** A check-in list as `/api/events/{eventId}/check-in-lists` answers it. */
export type CheckInList = GetEventsByEventIdCheckInListsResponse['data'][number];
export type CheckInListStatus = CheckInList['status'];
export type CheckInListRequest = PostEventsByEventIdCheckInListsBody;
export type CheckInListChanges = PutEventsByEventIdCheckInListsByIdBody;
export type CheckInStats = GetEventsByEventIdCheckInStatsResponse['data'];

const listsPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}/check-in-lists`;
const listPath = (eventId: string, listId: string) => `${listsPath(eventId)}/${encodeURIComponent(listId)}`;

export async function listCheckInLists(eventId: string, signal?: AbortSignal): Promise<CheckInList[]> {
  return (await api.get<DataEnvelope<CheckInList[]>>(listsPath(eventId), signal ? { signal } : {})).data;
}

export async function createCheckInList(eventId: string, request: CheckInListRequest): Promise<CheckInList> {
  return (await api.post<DataEnvelope<CheckInList>>(listsPath(eventId), request)).data;
}

export async function updateCheckInList(
  eventId: string,
  listId: string,
  changes: CheckInListChanges,
): Promise<CheckInList> {
  return (await api.put<DataEnvelope<CheckInList>>(listPath(eventId, listId), changes)).data;
}

export async function deleteCheckInList(eventId: string, listId: string): Promise<void> {
  await api.delete(listPath(eventId, listId));
}

export async function rotateCheckInLink(eventId: string, listId: string): Promise<CheckInList> {
  return (await api.post<DataEnvelope<CheckInList>>(`${listPath(eventId, listId)}/rotate-link`, {})).data;
}

export async function getCheckInStats(eventId: string, signal?: AbortSignal): Promise<CheckInStats> {
  const path = `/events/${encodeURIComponent(eventId)}/check_in_stats`;
  return (await api.get<DataEnvelope<CheckInStats>>(path, signal ? { signal } : {})).data;
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
  const path = `/events/${encodeURIComponent(eventId)}/tickets`;
  const tickets = (
    await api.get<DataEnvelope<{ id: string; title: string }[]>>(path, signal ? { signal } : {})
  ).data;
  return tickets.map(({ id, title }) => ({ id, title }));
}

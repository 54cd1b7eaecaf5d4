import { ApiError } from '../../shared/api/ApiError';
import { api } from '../../shared/api/clients';
import type { ApiBody, ApiResponse, PutEventsByIdResponse } from '../../shared/api/contract.gen';
import type { RouteQuery } from '../../shared/api/routes';
import type { DataEnvelope, EventStatus } from '../../shared/api/types';
import type { EventDetail, EventSettings, StoredImage } from './types';

export type CreateEventPayload = ApiBody<'POST /events'>;
export type UpdateEventPayload = ApiBody<'PUT /events/{id}'>;

/** What a change answers when the event was deleted right after it was committed (no event to show). */
export type CommittedThenDeleted = Exclude<PutEventsByIdResponse, { data: unknown }>;

/**
 * The resource a change answered with; when the event was deleted right after the change was committed, the
 * `event_deleted` error ("Your change was saved, but the event was deleted meanwhile"), which the screens
 * already show for a vanished event.
 */
export function changedOrDeleted<T>(answer: DataEnvelope<T> | CommittedThenDeleted): T {
  if ('data' in answer) return answer.data;
  throw new ApiError({ status: 200, reason: 'event_deleted', title: 'The event was deleted meanwhile' });
}

export async function listEvents(
  query: RouteQuery<'GET /events'>,
  signal?: AbortSignal,
): Promise<ApiResponse<'GET /events'>> {
  return api.call('GET /events', { query, signal });
}

export async function getEvent(id: string, signal?: AbortSignal): Promise<EventDetail> {
  return (await api.call('GET /events/{id}', { params: { id }, signal })).data;
}

export async function createEvent(payload: CreateEventPayload): Promise<EventDetail> {
  return changedOrDeleted(await api.call('POST /events', { body: payload }));
}

export async function updateEvent(id: string, payload: UpdateEventPayload): Promise<EventDetail> {
  return changedOrDeleted(await api.call('PUT /events/{id}', { params: { id }, body: payload }));
}

export async function updateEventStatus(id: string, status: EventStatus): Promise<EventDetail> {
  return changedOrDeleted(await api.call('PUT /events/{id}/status', { params: { id }, body: { status } }));
}

export async function updateEventSettings(
  id: string,
  changes: ApiBody<'PUT /events/{id}/settings'>,
): Promise<EventSettings> {
  return changedOrDeleted(await api.call('PUT /events/{id}/settings', { params: { id }, body: changes }));
}

export async function duplicateEvent(
  id: string,
  payload: ApiBody<'POST /events/{id}/duplicate'>,
): Promise<EventDetail> {
  return changedOrDeleted(await api.call('POST /events/{id}/duplicate', { params: { id }, body: payload }));
}

export async function deleteEvent(id: string): Promise<void> {
  // Only admins may delete; an organizer's 403 is a message here, not a trip to the login page.
  await api.call('DELETE /events/{id}', { params: { id }, skipAuthRedirect: true });
}

export async function uploadEventCover(id: string, file: File): Promise<StoredImage> {
  const form = new FormData();
  form.append('type', 'EVENT_COVER');
  form.append('image', file);
  return changedOrDeleted(await api.call('POST /events/{id}/images', { params: { id }, body: form }));
}

export async function deleteEventImage(id: string, imageId: string): Promise<void> {
  await api.call('DELETE /events/{id}/images/{imageId}', { params: { id, imageId } });
}

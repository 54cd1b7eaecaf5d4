import { ApiError } from '../../shared/api/ApiError';
import { api } from '../../shared/api/clients';
import type { PutEventsByIdResponse } from '../../shared/api/contract.gen';
import type { QueryObject } from '../../shared/api/http';
import type { DataEnvelope, Event, EventStatus, Paginated } from '../../shared/api/types';
import type { DuplicateOptions, EventDetail, EventSettings, StoredImage } from './types';

export interface CreateEventPayload {
  organizer_id: string;
  title: string;
  description?: string;
  /** ISO 8601 UTC */
  start_date: string;
  end_date?: string;
  timezone: string;
  currency: string;
}

export type UpdateEventPayload = Partial<
  Omit<CreateEventPayload, 'end_date' | 'description'> & {
    end_date: string | null;
    description: string | null;
    is_online: boolean;
    online_connection_details: string | null;
    map_url: string | null;
    location: {
      venue_name: string | null;
      address_line_1: string | null;
      address_line_2: string | null;
      city: string | null;
      state_or_region: string | null;
      zip_or_postal_code: string | null;
      country: string | null;
    } | null;
  }
>;

const path = (id: string) => `/events/${encodeURIComponent(id)}`;

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

export async function listEvents(query: QueryObject, signal?: AbortSignal): Promise<Paginated<Event>> {
  return api.get<Paginated<Event>>('/events', { query, ...(signal ? { signal } : {}) });
}

export async function getEvent(id: string, signal?: AbortSignal): Promise<EventDetail> {
  return (await api.get<DataEnvelope<EventDetail>>(path(id), signal ? { signal } : {})).data;
}

export async function createEvent(payload: CreateEventPayload): Promise<EventDetail> {
  return changedOrDeleted(
    await api.post<DataEnvelope<EventDetail> | CommittedThenDeleted>('/events', payload),
  );
}

export async function updateEvent(id: string, payload: UpdateEventPayload): Promise<EventDetail> {
  return changedOrDeleted(await api.put<DataEnvelope<EventDetail> | CommittedThenDeleted>(path(id), payload));
}

export async function updateEventStatus(id: string, status: EventStatus): Promise<EventDetail> {
  return changedOrDeleted(
    await api.put<DataEnvelope<EventDetail> | CommittedThenDeleted>(`${path(id)}/status`, { status }),
  );
}

export async function updateEventSettings(
  id: string,
  changes: Partial<EventSettings>,
): Promise<EventSettings> {
  return changedOrDeleted(
    await api.put<DataEnvelope<EventSettings> | CommittedThenDeleted>(`${path(id)}/settings`, changes),
  );
}

export async function duplicateEvent(
  id: string,
  payload: { title: string; start_date?: string; end_date?: string | null; copy: DuplicateOptions },
): Promise<EventDetail> {
  return changedOrDeleted(
    await api.post<DataEnvelope<EventDetail> | CommittedThenDeleted>(`${path(id)}/duplicate`, payload),
  );
}

export async function deleteEvent(id: string): Promise<void> {
  // Only admins may delete; an organizer's 403 is a message here, not a trip to the login page.
  await api.delete(path(id), { skipAuthRedirect: true });
}

export async function uploadEventCover(id: string, file: File): Promise<StoredImage> {
  const form = new FormData();
  form.append('type', 'EVENT_COVER');
  form.append('image', file);
  return changedOrDeleted(
    await api.post<DataEnvelope<StoredImage> | CommittedThenDeleted>(`${path(id)}/images`, form),
  );
}

export async function deleteEventImage(id: string, imageId: string): Promise<void> {
  await api.delete(`${path(id)}/images/${encodeURIComponent(imageId)}`);
}

import { api } from '../../shared/api/clients';
import type { QueryObject } from '../../shared/api/http';
import type { DataEnvelope, Event, EventStatus, Paginated } from '../../shared/api/types';

export interface CreateEventPayload {
  title: string;
  description?: string;
  /** ISO 8601 UTC */
  start_date: string;
  end_date?: string;
  timezone: string;
  currency: string;
}

export async function listEvents(query: QueryObject, signal?: AbortSignal): Promise<Paginated<Event>> {
  return api.get<Paginated<Event>>('/events', { query, ...(signal ? { signal } : {}) });
}

export async function getEvent(id: string, signal?: AbortSignal): Promise<Event> {
  return (await api.get<DataEnvelope<Event>>(`/events/${encodeURIComponent(id)}`, signal ? { signal } : {}))
    .data;
}

export async function createEvent(payload: CreateEventPayload): Promise<Event> {
  return (await api.post<DataEnvelope<Event>>('/events', payload)).data;
}

export async function updateEventStatus(id: string, status: EventStatus): Promise<Event> {
  return (await api.put<DataEnvelope<Event>>(`/events/${encodeURIComponent(id)}/status`, { status })).data;
}

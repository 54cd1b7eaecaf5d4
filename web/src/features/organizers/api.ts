import { api } from '../../shared/api/clients';
import type { DataEnvelope, Paginated } from '../../shared/api/types';
import type { Organizer, StoredImage } from '../events/types';

export interface OrganizerPayload {
  name: string;
  email: string | null;
  website: string | null;
  description: string | null;
}

const path = (id: string) => `/organizers/${encodeURIComponent(id)}`;

export async function listOrganizers(signal?: AbortSignal): Promise<Paginated<Organizer>> {
  return api.get<Paginated<Organizer>>('/organizers', {
    query: { per_page: 100 },
    ...(signal ? { signal } : {}),
  });
}

export async function getOrganizer(id: string, signal?: AbortSignal): Promise<Organizer> {
  return (await api.get<DataEnvelope<Organizer>>(path(id), signal ? { signal } : {})).data;
}

export async function createOrganizer(payload: OrganizerPayload): Promise<Organizer> {
  return (await api.post<DataEnvelope<Organizer>>('/organizers', payload)).data;
}

export async function updateOrganizer(id: string, payload: Partial<OrganizerPayload>): Promise<Organizer> {
  return (await api.put<DataEnvelope<Organizer>>(path(id), payload)).data;
}

export async function uploadOrganizerImage(
  id: string,
  type: 'ORGANIZER_LOGO' | 'ORGANIZER_COVER',
  file: File,
): Promise<StoredImage> {
  const form = new FormData();
  form.append('type', type);
  form.append('image', file);
  return (await api.post<DataEnvelope<StoredImage>>(`${path(id)}/images`, form)).data;
}

export async function deleteOrganizerImage(id: string, imageId: string): Promise<void> {
  await api.delete(`${path(id)}/images/${encodeURIComponent(imageId)}`);
}

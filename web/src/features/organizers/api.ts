import { api } from '../../shared/api/clients';
import type { ApiBody, ApiResponse } from '../../shared/api/contract.gen';
import type { Organizer, StoredImage } from '../events/types';

export type OrganizerPayload = ApiBody<'POST /organizers'>;

export async function listOrganizers(signal?: AbortSignal): Promise<ApiResponse<'GET /organizers'>> {
  return api.call('GET /organizers', { query: { per_page: 100 }, signal });
}

export async function getOrganizer(id: string, signal?: AbortSignal): Promise<Organizer> {
  return (await api.call('GET /organizers/{id}', { params: { id }, signal })).data;
}

export async function createOrganizer(payload: OrganizerPayload): Promise<Organizer> {
  return (await api.call('POST /organizers', { body: payload })).data;
}

export async function updateOrganizer(
  id: string,
  payload: ApiBody<'PUT /organizers/{id}'>,
): Promise<Organizer> {
  return (await api.call('PUT /organizers/{id}', { params: { id }, body: payload })).data;
}

export async function uploadOrganizerImage(
  id: string,
  type: 'ORGANIZER_LOGO' | 'ORGANIZER_COVER',
  file: File,
): Promise<StoredImage> {
  const form = new FormData();
  form.append('type', type);
  form.append('image', file);
  return (await api.call('POST /organizers/{id}/images', { params: { id }, body: form })).data;
}

export async function deleteOrganizerImage(id: string, imageId: string): Promise<void> {
  await api.call('DELETE /organizers/{id}/images/{imageId}', { params: { id, imageId } });
}

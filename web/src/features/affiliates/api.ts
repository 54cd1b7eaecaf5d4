import { api } from '../../shared/api/clients';
import type {
  GetEventsByEventIdAffiliatesResponse,
  PostEventsByEventIdAffiliatesBody,
  PutEventsByEventIdAffiliatesByAffiliateIdBody,
} from '../../shared/api/contract.gen';
import type { DataEnvelope } from '../../shared/api/types';

/** An affiliate as `/api/events/{eventId}/affiliates` answers it; revenue in minor units. */
export type Affiliate = GetEventsByEventIdAffiliatesResponse['data'][number];
export type AffiliateCreateRequest = PostEventsByEventIdAffiliatesBody;
export type AffiliateUpdateRequest = PutEventsByEventIdAffiliatesByAffiliateIdBody;

const path = (eventId: string) => `/events/${encodeURIComponent(eventId)}/affiliates`;

export async function listAffiliates(eventId: string, signal?: AbortSignal): Promise<Affiliate[]> {
  return (await api.get<DataEnvelope<Affiliate[]>>(path(eventId), signal ? { signal } : {})).data;
}

export async function createAffiliate(eventId: string, request: AffiliateCreateRequest): Promise<Affiliate> {
  return (await api.post<DataEnvelope<Affiliate>>(path(eventId), request)).data;
}

export async function updateAffiliate(
  eventId: string,
  id: string,
  request: AffiliateUpdateRequest,
): Promise<Affiliate> {
  return (await api.put<DataEnvelope<Affiliate>>(`${path(eventId)}/${encodeURIComponent(id)}`, request)).data;
}

export async function deleteAffiliate(eventId: string, id: string): Promise<void> {
  await api.delete(`${path(eventId)}/${encodeURIComponent(id)}`);
}

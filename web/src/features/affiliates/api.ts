import { api } from '../../shared/api/clients';
import type { ApiBody, ApiResponse } from '../../shared/api/contract.gen';

/** An affiliate as `/api/events/{eventId}/affiliates` answers it; revenue in minor units. */
export type Affiliate = ApiResponse<'GET /events/{eventId}/affiliates'>['data'][number];
export type AffiliateCreateRequest = ApiBody<'POST /events/{eventId}/affiliates'>;
export type AffiliateUpdateRequest = ApiBody<'PUT /events/{eventId}/affiliates/{affiliateId}'>;

export async function listAffiliates(eventId: string, signal?: AbortSignal): Promise<Affiliate[]> {
  return (await api.call('GET /events/{eventId}/affiliates', { params: { eventId }, signal })).data;
}

export async function createAffiliate(eventId: string, request: AffiliateCreateRequest): Promise<Affiliate> {
  return (await api.call('POST /events/{eventId}/affiliates', { params: { eventId }, body: request })).data;
}

export async function updateAffiliate(
  eventId: string,
  id: string,
  request: AffiliateUpdateRequest,
): Promise<Affiliate> {
  return (
    await api.call('PUT /events/{eventId}/affiliates/{affiliateId}', {
      params: { eventId, affiliateId: id },
      body: request,
    })
  ).data;
}

export async function deleteAffiliate(eventId: string, id: string): Promise<void> {
  await api.call('DELETE /events/{eventId}/affiliates/{affiliateId}', {
    params: { eventId, affiliateId: id },
  });
}

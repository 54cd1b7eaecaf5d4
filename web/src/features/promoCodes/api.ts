import { api } from '../../shared/api/clients';
import type {
  GetEventsByEventIdPromoCodesResponse,
  PostEventsByEventIdPromoCodesBody,
} from '../../shared/api/contract.gen';
import type { DataEnvelope } from '../../shared/api/types';

/** A promo code as `/api/events/{eventId}/promo-codes` answers it; FIXED discounts in minor units. */
export type PromoCode = GetEventsByEventIdPromoCodesResponse['data'][number];
export type PromoCodeRequest = PostEventsByEventIdPromoCodesBody;
export type DiscountType = PromoCode['discount_type'];

const path = (eventId: string) => `/events/${encodeURIComponent(eventId)}/promo-codes`;

export async function listPromoCodes(eventId: string, signal?: AbortSignal): Promise<PromoCode[]> {
  return (await api.get<DataEnvelope<PromoCode[]>>(path(eventId), signal ? { signal } : {})).data;
}

export async function createPromoCode(eventId: string, request: PromoCodeRequest): Promise<PromoCode> {
  return (await api.post<DataEnvelope<PromoCode>>(path(eventId), request)).data;
}

export async function updatePromoCode(
  eventId: string,
  id: string,
  request: PromoCodeRequest,
): Promise<PromoCode> {
  return (await api.put<DataEnvelope<PromoCode>>(`${path(eventId)}/${encodeURIComponent(id)}`, request)).data;
}

export async function deletePromoCode(eventId: string, id: string): Promise<void> {
  await api.delete(`${path(eventId)}/${encodeURIComponent(id)}`);
}

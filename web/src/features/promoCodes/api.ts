import { api } from '../../shared/api/clients';
import type { ApiBody, ApiResponse } from '../../shared/api/contract.gen';

/** A promo code as `/api/events/{eventId}/promo-codes` answers it; FIXED discounts in minor units. */
export type PromoCode = ApiResponse<'GET /events/{eventId}/promo-codes'>['data'][number];
export type PromoCodeRequest = ApiBody<'POST /events/{eventId}/promo-codes'>;
export type DiscountType = PromoCode['discount_type'];

export async function listPromoCodes(eventId: string, signal?: AbortSignal): Promise<PromoCode[]> {
  return (await api.call('GET /events/{eventId}/promo-codes', { params: { eventId }, signal })).data;
}

export async function createPromoCode(eventId: string, request: PromoCodeRequest): Promise<PromoCode> {
  return (await api.call('POST /events/{eventId}/promo-codes', { params: { eventId }, body: request })).data;
}

export async function updatePromoCode(
  eventId: string,
  id: string,
  request: PromoCodeRequest,
): Promise<PromoCode> {
  return (
    await api.call('PUT /events/{eventId}/promo-codes/{promoCodeId}', {
      params: { eventId, promoCodeId: id },
      body: request,
    })
  ).data;
}

export async function deletePromoCode(eventId: string, id: string): Promise<void> {
  await api.call('DELETE /events/{eventId}/promo-codes/{promoCodeId}', {
    params: { eventId, promoCodeId: id },
  });
}

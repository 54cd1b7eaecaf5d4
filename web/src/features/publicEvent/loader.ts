import type { LoaderFunctionArgs } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import { publicApi } from '../../shared/api/clients';
import type { PublicEvent } from '../events/types';
import type { PublicTicket } from './ticketSelection';

/**
 * The public event with the tickets a buyer may see, priced (services/catalog/tickets/publicCatalogue.ts); none
 * in the homepage designer's preview.
 */
export type PublicEventWithTickets = PublicEvent & { tickets?: PublicTicket[] };

export interface PublicEventLoaderData {
  /** null when the API answered 404 (unknown, draft or archived event): the page shows "not available". */
  event: PublicEventWithTickets | null;
  /** null when no promo code was given (or the event was not found). */
  promoCodeValid: boolean | null;
  promoCode: string | null;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Spec section 2, public event page loader: reads the optional `promo_code` query parameter, fetches the
 * event, validates the code, and returns `{ event, promoCodeValid, promoCode }`. A 404 yields an empty event;
 * any other error is rethrown to the route's error page. A failed code check only means "not valid".
 */
export async function publicEventLoader({
  params,
  request,
}: LoaderFunctionArgs): Promise<PublicEventLoaderData> {
  const promoCode = new URL(request.url).searchParams.get('promo_code')?.trim() || null;
  const eventId = params.eventId ?? '';

  let event: PublicEventWithTickets;
  try {
    const response = await publicApi.call('GET /public/events/{id}', {
      params: { id: eventId },
      query: { promo_code: promoCode },
      signal: request.signal,
    });
    event = response.data;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { event: null, promoCodeValid: null, promoCode };
    throw error;
  }

  let promoCodeValid: boolean | null = null;
  if (promoCode) {
    try {
      const result = await publicApi.call('GET /public/events/{id}/promo-codes/{code}', {
        params: { id: eventId, code: promoCode },
        signal: request.signal,
      });
      promoCodeValid = result.valid;
    } catch (error) {
      if (isAbort(error)) throw error;
      promoCodeValid = false;
    }
  }

  return { event, promoCodeValid, promoCode };
}

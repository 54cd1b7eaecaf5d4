import { redirect, type LoaderFunctionArgs } from 'react-router';
import { publicApi } from '../../shared/api/clients';
import type { PublicEvent } from '../events/types';
import { eventPagePath } from './paths';

/**
 * `/checkout/{eventId}` without an order: a checkout starts on the event's page, where the buyer chooses tickets,
 * so the buyer is sent there (with the event's slug when it can be read; the page itself says when the event is
 * not available).
 */
export async function checkoutStartLoader({ params, request }: LoaderFunctionArgs): Promise<Response> {
  const eventId = params.eventId ?? '';
  let event: PublicEvent | undefined;
  try {
    event = (
      await publicApi.call('GET /public/events/{id}', { params: { id: eventId }, signal: request.signal })
    ).data;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
  }
  return redirect(eventPagePath(event, eventId));
}

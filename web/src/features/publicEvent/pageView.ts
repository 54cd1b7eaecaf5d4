import { useEffect } from 'react';
import { publicApi } from '../../shared/api/clients';

/**
 * Counts this view of the event's public page (issue 16: views and conversion). The server keeps no cookie and
 * nothing per reader; a failed count is of no concern to the buyer, so it is never shown.
 */
export function usePageView(eventId: string | undefined): void {
  useEffect(() => {
    if (!eventId) return;
    publicApi.post(`/events/${encodeURIComponent(eventId)}/page-views`).catch(() => undefined);
  }, [eventId]);
}

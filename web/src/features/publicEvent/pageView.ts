import { useEffect } from 'react';
import { publicApi } from '../../shared/api/clients';

const VISIT_KEY = 'page_view_visit';

/**
 * A random id for this browser tab (sessionStorage: not a cookie, never sent on its own, gone with the tab), so
 * the server counts a reload once but two buyers behind one address as two. Without storage, one per page load.
 */
function visitId(): string {
  const fresh = () =>
    Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
      '',
    );
  try {
    const known = sessionStorage.getItem(VISIT_KEY);
    if (known && /^[a-f0-9]{32}$/.test(known)) return known;
    const created = fresh();
    sessionStorage.setItem(VISIT_KEY, created);
    return created;
  } catch {
    return fresh();
  }
}

/**
 * Counts this view of the event's public page (issue 16: views and conversion). The server keeps no cookie and
 * nothing per reader; a failed count is of no concern to the buyer, so it is never shown.
 */
export function usePageView(eventId: string | undefined): void {
  useEffect(() => {
    if (!eventId) return;
    publicApi
      .call('POST /public/events/{id}/page-views', { params: { id: eventId }, body: { visit: visitId() } })
      .catch(() => undefined);
  }, [eventId]);
}

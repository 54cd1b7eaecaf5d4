import { redirect } from 'react-router';
import { publicApi } from '../../shared/api/clients';

/**
 * `/` redirects to the public page of the sample event (spec section 2). The server normally does that before
 * the app loads; this covers in-app navigation to `/`: the first public event the API lists, or — when there
 * is none or the API cannot say — a small landing page.
 */
export async function homeLoader({ request }: { request: Request }): Promise<Response | null> {
  try {
    const page = await publicApi.call('GET /public/events', {
      query: { page: 1, per_page: 1 },
      signal: request.signal,
    });
    const first = page.data[0];
    if (first)
      return redirect(`/event/${encodeURIComponent(first.id)}/${encodeURIComponent(first.slug || 'event')}`);
  } catch {
    // fall through to the landing page
  }
  return null;
}

import type { FeatureLive } from '../../shared/live/liveMap';
import { idsOf } from '../../shared/live/liveMap';
import { eventQueries } from './queries';

/**
 * A change of event `ev_1` (its facts, settings or homepage) refreshes that event's detail, which every page
 * of the event reads (overview, settings, homepage designer), and the lists it appears in.
 */
const eventPages = (keys: readonly string[]) => [
  ...idsOf(keys, 'event').map((id) => eventQueries.detail(id).queryKey),
  eventQueries.lists(),
];

export const eventsLive: FeatureLive = {
  feature: 'events',
  readModels: { events: eventPages, eventPages },
  feeds: [eventQueries.all],
};

import type { FeatureLive } from '../../shared/live/liveMap';
import { idsOf } from '../../shared/live/liveMap';
import { organizerQueries } from './queries';

/** A change of organizer `or_1` refreshes its page and the organizer list. */
export const organizersLive: FeatureLive = {
  feature: 'organizers',
  readModels: {
    organizers: (keys) => [
      ...idsOf(keys, 'organizer').map((id) => organizerQueries.detail(id).queryKey),
      organizerQueries.list().queryKey,
    ],
  },
  feeds: [organizerQueries.all],
};

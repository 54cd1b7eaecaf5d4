import type { FeatureLive } from '../../shared/live/liveMap';
import { idsOf } from '../../shared/live/liveMap';
import { checkInQueries } from './queries';

/** A change of the `checkIn` read model naming `event:<id>` refreshes that event's lists, counts and stats. */
export const checkInLive: FeatureLive = {
  feature: 'checkIn',
  readModels: {
    checkIn: (keys) =>
      idsOf(keys, 'event').flatMap((id) => [
        checkInQueries.lists(id).queryKey,
        checkInQueries.stats(id).queryKey,
      ]),
  },
  feeds: [checkInQueries.all],
};

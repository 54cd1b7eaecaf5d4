import type { FeatureLive } from '../../shared/live/liveMap';
import { idsOf } from '../../shared/live/liveMap';
import { affiliateQueries } from './queries';

/** A change of the `affiliates` read model (a code, or an order it brought in) refreshes that event's list. */
export const affiliatesLive: FeatureLive = {
  feature: 'affiliates',
  readModels: {
    affiliates: (keys) => idsOf(keys, 'event').map((id) => affiliateQueries.list(id).queryKey),
  },
  feeds: [affiliateQueries.all],
};

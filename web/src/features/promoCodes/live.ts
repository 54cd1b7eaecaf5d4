import type { FeatureLive } from '../../shared/live/liveMap';
import { idsOf } from '../../shared/live/liveMap';
import { promoCodeQueries } from './queries';

/** A change of the `promo_codes` read model naming `event:<id>` refreshes that event's promo codes. */
export const promoCodesLive: FeatureLive = {
  feature: 'promoCodes',
  readModels: {
    promo_codes: (keys) => idsOf(keys, 'event').map((id) => promoCodeQueries.list(id).queryKey),
  },
  feeds: [promoCodeQueries.all],
};

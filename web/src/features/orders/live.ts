import type { FeatureLive } from '../../shared/live/liveMap';
import { idsOf } from '../../shared/live/liveMap';
import { orderQueries } from './queries';

/** A change of the `orders` read model refreshes the lists and the named orders. */
export const ordersLive: FeatureLive = {
  feature: 'orders',
  readModels: {
    orders: (keys) => [
      ...idsOf(keys, 'order').map((id) => [...orderQueries.all, 'detail', id] as const),
      orderQueries.lists(),
    ],
  },
  feeds: [orderQueries.all],
};

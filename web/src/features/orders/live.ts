import type { FeatureLive } from '../../shared/live/liveMap';
import { idsOf } from '../../shared/live/liveMap';
import { orderQueries } from './queries';

/** A change of the `orders` read model refreshes the lists, the named orders and an open attendee. */
export const ordersLive: FeatureLive = {
  feature: 'orders',
  readModels: {
    orders: (keys) => [
      ...idsOf(keys, 'order').map((id) => [...orderQueries.all, 'detail', id] as const),
      orderQueries.lists(),
      [...orderQueries.all, 'attendee'] as const,
    ],
  },
  feeds: [orderQueries.all],
};

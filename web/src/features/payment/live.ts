import type { FeatureLive } from '../../shared/live/liveMap';
import { paymentQueries } from './queries';

/** The connection follows Stripe's `account.updated` (through the worker); billing follows new fees. */
export const paymentLive: FeatureLive = {
  feature: 'payment',
  readModels: {
    paymentConnections: () => [paymentQueries.connection().queryKey],
    platformFees: () => [paymentQueries.billing().queryKey],
  },
  feeds: [paymentQueries.all],
};

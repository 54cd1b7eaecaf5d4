import type { FeatureLive } from '../../shared/live/liveMap';
import { idsOf } from '../../shared/live/liveMap';
import { webhookQueries } from './queries';

/** A change of the `webhooks` read model naming `event:<id>` refreshes that event's endpoints. */
export const webhooksLive: FeatureLive = {
  feature: 'webhooks',
  readModels: {
    webhooks: (keys) => idsOf(keys, 'event').map((id) => webhookQueries.list(id).queryKey),
  },
  feeds: [webhookQueries.all],
};

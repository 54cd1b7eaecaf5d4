import type { FeatureLive } from '../../shared/live/liveMap';
import { idsOf } from '../../shared/live/liveMap';
import { messageQueries } from './queries';

/** A change of the `messages` read model naming `event:<id>` refreshes that event's message history. */
export const messagesLive: FeatureLive = {
  feature: 'messages',
  readModels: {
    messages: (keys) => idsOf(keys, 'event').map((id) => messageQueries.list(id).queryKey),
  },
  feeds: [messageQueries.all],
};

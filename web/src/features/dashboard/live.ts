import type { FeatureLive } from '../../shared/live/liveMap';
import { idsOf } from '../../shared/live/liveMap';
import { statsQueries } from './queries';

/**
 * The stats read model's notices. An event's dashboard applies its own room's notices itself (useLiveStats:
 * position-aware, bursts coalesced), so only the account-wide screens are invalidated here; after a reconnect
 * everything under `['stats']` is refetched.
 */
export const statsLive: FeatureLive = {
  feature: 'dashboard',
  readModels: {
    stats: (keys) =>
      idsOf(keys, 'account').length > 0
        ? [statsQueries.overview().queryKey, statsQueries.account().queryKey]
        : [],
  },
  feeds: [statsQueries.all],
};

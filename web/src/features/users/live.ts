import type { FeatureLive } from '../../shared/live/liveMap';
import { userQueries } from './queries';

/** Membership changes (an invitation, a role, a removal) refresh the member list and who the user is. */
export const usersLive: FeatureLive = {
  feature: 'users',
  readModels: { identity: () => [userQueries.lists(), userQueries.me().queryKey] },
  feeds: [userQueries.all],
};

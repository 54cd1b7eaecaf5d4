import type { FeatureLive } from '../../shared/live/liveMap';
import { idsOf } from '../../shared/live/liveMap';
import { capacityAssignmentQueries } from './queries';

const eventLists = (keys: Parameters<FeatureLive['readModels'][string]>[0]) =>
  idsOf(keys, 'event').map((id) => capacityAssignmentQueries.list(id).queryKey);

/**
 * The event's assignments refresh when they change, and when what fills them does: the used capacity is read
 * from the inventory with the list, so a change of the event's tickets or orders refetches it.
 */
export const capacityAssignmentsLive: FeatureLive = {
  feature: 'capacityAssignments',
  readModels: { capacityAssignments: eventLists, tickets: eventLists, orders: eventLists },
  feeds: [capacityAssignmentQueries.all],
};

import type { FeatureLive } from '../../shared/live/liveMap';
import { idsOf } from '../../shared/live/liveMap';
import { ticketQueries } from './queries';

/** A change of the `tickets` read model naming `event:<id>` refreshes that event's tickets. */
export const ticketsLive: FeatureLive = {
  feature: 'tickets',
  readModels: {
    tickets: (keys) => idsOf(keys, 'event').map((id) => ticketQueries.list(id).queryKey),
  },
  feeds: [ticketQueries.all],
};

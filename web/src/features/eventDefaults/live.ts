import type { FeatureLive } from '../../shared/live/liveMap';
import { eventDefaultsQueries } from './api';

/** The account's event defaults are one document: any change of them refreshes it. */
export const eventDefaultsLive: FeatureLive = {
  feature: 'eventDefaults',
  readModels: { eventDefaults: () => [eventDefaultsQueries.all] },
  feeds: [eventDefaultsQueries.all],
};

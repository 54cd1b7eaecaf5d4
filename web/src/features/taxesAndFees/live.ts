import type { FeatureLive } from '../../shared/live/liveMap';
import { taxQueries } from './queries';

/** Any change of the account's taxes and fees refreshes the list. */
export const taxesAndFeesLive: FeatureLive = {
  feature: 'taxesAndFees',
  readModels: { taxesAndFees: () => [taxQueries.all] },
  feeds: [taxQueries.all],
};

import type { FeatureLive } from '../../shared/live/liveMap';
import { idsOf } from '../../shared/live/liveMap';
import { questionQueries } from './queries';

/** A change of the `questions` read model naming `event:<id>` refreshes that event's questions. */
export const questionsLive: FeatureLive = {
  feature: 'questions',
  readModels: {
    questions: (keys) => idsOf(keys, 'event').map((id) => questionQueries.list(id).queryKey),
  },
  feeds: [questionQueries.all],
};

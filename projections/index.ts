import type { Projection } from './runner/types';
import { eventsProjection } from './events';
import { identityProjection } from './identity';

/** Every projection the runner and `npm run projections:rebuild` know about. */
export const allProjections: Projection[] = [eventsProjection, identityProjection];

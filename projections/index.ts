import type { Projection } from './runner/types';
import { eventsProjection } from './events';
import { identityProjection } from './identity';
import { eventPagesProjection } from './events/pages';
import { organizersProjection } from './organizers';
import { eventDefaultsProjection } from './eventDefaults';
import { taxesAndFeesProjection } from './taxes';
import { capacityAssignmentsProjection } from './capacityAssignments';

/** Every projection the runner and `npm run projections:rebuild` know about. */
export const allProjections: Projection[] = [
  eventsProjection,
  identityProjection,
  eventPagesProjection,
  organizersProjection,
  eventDefaultsProjection,
  taxesAndFeesProjection,
  capacityAssignmentsProjection,
];

import { capacityAssignmentsProjection } from '../capacityAssignments';
import { readModelTablesMigration } from './migration';

export const capacityAssignmentsReadModel = readModelTablesMigration(
  '0036_capacity_assignments',
  capacityAssignmentsProjection.tables,
);

import { eventDefaultsProjection } from '../eventDefaults';
import { readModelTablesMigration } from './migration';

export const eventDefaultsReadModel = readModelTablesMigration(
  '0006_event_defaults',
  eventDefaultsProjection.tables,
);

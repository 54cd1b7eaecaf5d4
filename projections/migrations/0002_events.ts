import { eventsTable } from '../events';
import { readModelTablesMigration } from './migration';

export const eventsReadModel = readModelTablesMigration('0002_events', [eventsTable]);

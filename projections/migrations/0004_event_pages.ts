import { eventPagesProjection } from '../events/pages';
import { readModelTablesMigration } from './migration';

export const eventPagesReadModel = readModelTablesMigration('0004_event_pages', eventPagesProjection.tables);

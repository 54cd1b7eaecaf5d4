import { organizersProjection } from '../organizers';
import { readModelTablesMigration } from './migration';

export const organizersReadModel = readModelTablesMigration('0005_organizers', organizersProjection.tables);

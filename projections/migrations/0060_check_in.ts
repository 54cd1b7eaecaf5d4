import { checkInProjection } from '../checkIn';
import { readModelTablesMigration } from './migration';

export const checkInReadModel = readModelTablesMigration('0060_check_in', checkInProjection.tables);

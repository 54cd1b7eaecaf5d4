import { ticketsProjection } from '../tickets';
import { readModelTablesMigration } from './migration';

export const ticketsReadModel = readModelTablesMigration('0030_tickets', ticketsProjection.tables);

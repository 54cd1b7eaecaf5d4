import { manualOrdersTable } from '../orders';
import { readModelTablesMigration } from './migration';

/** Orders a member created by hand (issue 14's manual attendee). */
export const manualOrdersReadModel = readModelTablesMigration('0061_manual_orders', [manualOrdersTable]);

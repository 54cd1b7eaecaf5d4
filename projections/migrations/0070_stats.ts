import { statCheckInsTable, statMinutesTable, statOrdersTable } from '../stats';
import { readModelTablesMigration } from './migration';

export const statsReadModel = readModelTablesMigration('0070_stats', [
  statOrdersTable,
  statMinutesTable,
  statCheckInsTable,
]);

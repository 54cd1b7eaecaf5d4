import { attendeesTable, orderLinesTable, ordersTable } from '../orders';
import { readModelTablesMigration } from './migration';

// The tables this migration created when it first ran (named, not `ordersProjection.tables`: 0061 adds one).
export const ordersReadModel = readModelTablesMigration('0050_orders', [
  ordersTable,
  orderLinesTable,
  attendeesTable,
]);

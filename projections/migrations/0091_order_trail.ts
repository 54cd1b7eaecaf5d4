import { orderTrailLinksTable, orderTrailTable } from '../orders/orderTrail';
import { readModelTablesMigration } from './migration';

/** Which events of which streams touched each order (issue 30, docs/audit.md "An order's history"). */
export const orderTrailReadModel = readModelTablesMigration('0091_order_trail', [
  orderTrailTable,
  orderTrailLinksTable,
]);

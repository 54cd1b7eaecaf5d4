import { unsettledSalesTable } from '../../services/worker/checkoutKeeper';
import { readModelTablesMigration } from './migration';

/** The checkout keeper's holds sold without their order's completion yet (a completion cut short). */
export const unsettledSalesReadModel = readModelTablesMigration('0099_unsettled_sales', [
  unsettledSalesTable,
]);

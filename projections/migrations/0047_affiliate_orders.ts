import { affiliateOrdersTable } from '../affiliates';
import { readModelTablesMigration } from './migration';

/** The orders each affiliate's code brought in (projections/affiliates). */
export const affiliateOrdersReadModel = readModelTablesMigration('0047_affiliate_orders', [
  affiliateOrdersTable,
]);

import { promoCodeOrdersTable } from '../promoCodes';
import { readModelTablesMigration } from './migration';

export const promoCodeOrdersReadModel = readModelTablesMigration('0051_promo_code_orders', [
  promoCodeOrdersTable,
]);

import { orderPaymentsTable } from '../orders';
import { readModelTablesMigration } from './migration';

/** The orders' money: paid, refunded and pending refund totals (issue 13's card payments and refunds). */
export const orderPaymentsReadModel = readModelTablesMigration('0071_order_payments', [orderPaymentsTable]);

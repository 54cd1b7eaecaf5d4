import { ordersProjection } from '../orders';
import { readModelTablesMigration } from './migration';

export const ordersReadModel = readModelTablesMigration('0050_orders', ordersProjection.tables);

import { paymentConnectionsProjection, platformFeesProjection } from '../payments';
import { readModelTablesMigration } from './migration';

export const paymentsReadModel = readModelTablesMigration('0060_payments', [
  ...paymentConnectionsProjection.tables,
  ...platformFeesProjection.tables,
]);

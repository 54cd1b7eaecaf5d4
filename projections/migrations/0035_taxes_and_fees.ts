import { taxesAndFeesProjection } from '../taxes';
import { readModelTablesMigration } from './migration';

export const taxesAndFeesReadModel = readModelTablesMigration(
  '0035_taxes_and_fees',
  taxesAndFeesProjection.tables,
);

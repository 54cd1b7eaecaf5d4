import { invoicesTable } from '../invoices';
import { readModelTablesMigration } from './migration';

/** The account's invoices and credit notes (docs/invoices.md). */
export const invoicesReadModel = readModelTablesMigration('0096_invoices', [invoicesTable]);

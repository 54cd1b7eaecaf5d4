import { accountAuditNamesTable, accountAuditTable } from '../accountAudit';
import { readModelTablesMigration } from './migration';

/** The account's audit log and the entities it has seen (docs/audit.md "The account audit log"). */
export const accountAuditReadModel = readModelTablesMigration('0092_account_audit', [
  accountAuditTable,
  accountAuditNamesTable,
]);

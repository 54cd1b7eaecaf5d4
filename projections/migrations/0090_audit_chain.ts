import { auditChainTable } from '../../services/audit/notary';
import { readModelTablesMigration } from './migration';

/** The audit notary's hash chain over the event log (docs/audit.md). */
export const auditChainReadModel = readModelTablesMigration('0090_audit_chain', [auditChainTable]);

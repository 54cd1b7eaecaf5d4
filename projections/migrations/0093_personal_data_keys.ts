import { personalDataKeysTable } from '../../services/audit/keyRing';
import { readModelTablesMigration } from './migration';

/** The per-person keys of crypto-shredding (docs/audit.md "Erasure"). */
export const personalDataKeysReadModel = readModelTablesMigration('0093_personal_data_keys', [
  personalDataKeysTable,
]);

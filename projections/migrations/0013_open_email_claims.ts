import { openEmailClaimsTable } from '../../services/worker/emailClaimKeeper';
import { readModelTablesMigration } from './migration';

/** The email claim keeper's claims that no user backs yet. */
export const openEmailClaimsReadModel = readModelTablesMigration('0013_open_email_claims', [
  openEmailClaimsTable,
]);

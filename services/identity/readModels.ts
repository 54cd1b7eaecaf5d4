import { identityProjection } from '../../projections/identity';

/**
 * The read models identity's routes read after a write: members, accounts and sessions. A login waits for
 * these only, so a broken catalogue projection never stops anyone from signing in.
 */
export const identityReadModels: readonly string[] = [identityProjection.name];

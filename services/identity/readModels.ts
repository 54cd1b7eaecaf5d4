import { identityProjection, sessionsProjection } from '../../projections/identity';

/**
 * The read models identity's routes read after a write: members and accounts, and sessions. A command waits for
 * these only, so a broken catalogue projection never stops anyone from signing in.
 */
export const identityReadModels: readonly string[] = [identityProjection.name, sessionsProjection.name];

/** What a new session needs before its token works: the sessions read model alone, so logins never wait for the member list. */
export const sessionReadModels: readonly string[] = [sessionsProjection.name];

import type { Knex } from 'knex';
import type { EventStore, RecordingClock } from '../eventstore/port';
import { withPersonalData } from '../eventstore/personalData';
import { KeyRing } from './keyRing';
import { platformPersonalData } from './personalDataPolicy';

/**
 * The platform's event store as every process uses it: personal fields sealed with their person's key from the
 * read-model database (docs/audit.md "Erasure"). Every opener of the store for the platform goes through here.
 */
export function withPlatformPersonalData(store: EventStore, db: Knex, clock: RecordingClock): EventStore {
  return withPersonalData(store, { keys: new KeyRing(db, clock), policy: platformPersonalData, clock });
}

import { accountsTable, accountUsersTable, identityProjection, sessionsTable, usersTable } from '../identity';
import { createReadModelTables, dropReadModelTables } from '../runner/tables';
import { identityV1Tables } from './0003_identity';
import type { ReadModelMigration } from './migration';

/**
 * Users may belong to several accounts (`account_users`), invited users have no password yet, and email
 * changes wait for confirmation. The old identity tables are dropped, the new ones created, and the identity
 * projection starts again from the beginning of the log to fill them.
 */
/** The identity tables as this migration created them (sessions have had a projection of their own since). */
const identityTables = [accountsTable, usersTable, accountUsersTable, sessionsTable];

export const identityMembershipsReadModel: ReadModelMigration = {
  name: '0010_identity_memberships',
  async up(knex) {
    await dropReadModelTables(knex, identityV1Tables);
    await createReadModelTables(knex, identityTables);
    await knex('projection_checkpoints')
      .where({ name: identityProjection.name })
      .update({ position: '0', error: null });
  },
  async down(knex) {
    await dropReadModelTables(knex, [...identityTables].reverse());
    await createReadModelTables(knex, identityV1Tables);
    await knex('projection_checkpoints')
      .where({ name: identityProjection.name })
      .update({ position: '0', error: null });
  },
};

import { rateLimitHitsTable } from '../../services/identity/rateLimitStore';
import type { ReadModelMigration } from './migration';

/** Attempts counted by the rate limits, shared by every API process (services/identity/rateLimitStore.ts). */
export const rateLimitHits: ReadModelMigration = {
  name: '0081_rate_limit_hits',
  async up(knex) {
    await knex.schema.createTable(rateLimitHitsTable, (table) => {
      table.bigIncrements('id');
      table.string('bucket', 500).notNullable();
      table.bigInteger('at').notNullable();
      table.index(['bucket', 'at'], `${rateLimitHitsTable}_bucket_at_idx`);
      table.index(['at'], `${rateLimitHitsTable}_at_idx`);
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists(rateLimitHitsTable);
  },
};

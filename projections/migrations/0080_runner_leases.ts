import { leasesTable } from '../runner/lease';
import type { ReadModelMigration } from './migration';

/** Who runs the projections and the worker's reactors when several processes could (projections/runner/lease.ts). */
export const runnerLeases: ReadModelMigration = {
  name: '0080_runner_leases',
  async up(knex) {
    await knex.schema.createTable(leasesTable, (table) => {
      table.string('name', 100).primary();
      table.string('holder', 200).notNullable();
      table.string('host', 200).notNullable();
      table.integer('pid').notNullable();
      // ISO-8601 text: compared as written by the holder, exact on both dialects.
      table.string('renewed_at', 40).notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists(leasesTable);
  },
};

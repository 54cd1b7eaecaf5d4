import type { ReadModelMigration } from './migration';

export const projectionCheckpoints: ReadModelMigration = {
  name: '0001_projection_checkpoints',
  async up(knex) {
    await knex.schema.createTable('projection_checkpoints', (table) => {
      table.string('name', 200).primary();
      // A bigint as its decimal string: EventStoreDB commit positions may exceed 2^53 (and better-sqlite3
      // returns integers as JS numbers), so text is the one exact representation on both dialects.
      table.text('position').notNullable();
      table.string('status', 16).notNullable();
      table.timestamp('last_event_at', { useTz: true }).nullable();
      table.timestamp('updated_at', { useTz: true }).notNullable();
      table.text('error').nullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('projection_checkpoints');
  },
};

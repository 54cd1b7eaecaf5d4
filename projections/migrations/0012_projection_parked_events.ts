import { parkedEventsTable } from '../runner/parked';
import type { ReadModelMigration } from './migration';

export const projectionParkedEvents: ReadModelMigration = {
  name: '0012_projection_parked_events',
  async up(knex) {
    await knex.schema.createTable(parkedEventsTable, (table) => {
      table.increments('id').primary();
      table.string('projection', 200).notNullable();
      // Decimal text like the checkpoint position (EventStoreDB positions exceed 2^53).
      table.string('position', 40).notNullable();
      table.string('event_id', 200).notNullable();
      table.string('event_type', 200).notNullable();
      table.text('stream').notNullable();
      table.text('error').notNullable();
      table.integer('attempts').notNullable();
      table.timestamp('parked_at', { useTz: true }).notNullable();
      table.timestamp('last_attempt_at', { useTz: true }).notNullable();
      table.unique(['projection', 'position'], { indexName: `${parkedEventsTable}_projection_position` });
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists(parkedEventsTable);
  },
};

import type { Knex } from 'knex';
import { createReadModelTables, dropReadModelTables } from '../runner/tables';
import type { ReadModelTable } from '../runner/types';

export interface ReadModelMigration {
  /** Unique and sortable: `NNNN_description`. Never rename one that has run anywhere. */
  name: string;
  up: (knex: Knex) => Promise<void>;
  down: (knex: Knex) => Promise<void>;
}

/**
 * The migration that creates a read model's tables from their one definition (the same `define` a rebuild
 * uses). A later change of shape gets a new migration; a rebuild then refills the tables.
 */
export function readModelTablesMigration(
  name: string,
  tables: readonly ReadModelTable[],
): ReadModelMigration {
  return {
    name,
    up: (knex) => createReadModelTables(knex, tables),
    down: (knex) => dropReadModelTables(knex, [...tables].reverse()),
  };
}

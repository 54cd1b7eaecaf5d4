import type { Knex } from 'knex';
import { isPostgres } from './db';
import type { ReadModelTable } from './types';

/** PostgreSQL truncates identifiers beyond this length, which would make generated names collide. */
export const maxIdentifierLength = 63;

/**
 * Creates read-model tables through their single definition. `physicalName` maps a declared name to the
 * table actually created: the identity for a migration, a fresh generation for a rebuild.
 */
export async function createReadModelTables(
  db: Knex | Knex.Transaction,
  tables: readonly ReadModelTable[],
  physicalName: (name: string) => string = (name) => name,
): Promise<void> {
  for (const table of tables) {
    const name = physicalName(table.name);
    if (name.length > maxIdentifierLength) {
      throw new Error(`table name ${name} is longer than ${maxIdentifierLength} characters`);
    }
    await db.schema.createTable(name, (builder) => table.define(builder, name));
  }
}

export async function dropReadModelTables(
  db: Knex | Knex.Transaction,
  tables: readonly ReadModelTable[],
  physicalName: (name: string) => string = (name) => name,
): Promise<void> {
  for (const table of tables) await db.schema.dropTableIfExists(physicalName(table.name));
}

/** Names of the tables in the connection's current schema (PostgreSQL) or in the main database (SQLite). */
export async function listTables(db: Knex | Knex.Transaction): Promise<string[]> {
  if (isPostgres(db)) {
    const rows = await db<{ table_name: string }>('information_schema.tables')
      .select('table_name')
      .whereRaw('table_schema = current_schema()');
    return rows.map((row) => row.table_name);
  }
  const rows = await db<{ name: string; type: string }>('sqlite_master')
    .select('name')
    .where({ type: 'table' });
  return rows.map((row) => row.name);
}

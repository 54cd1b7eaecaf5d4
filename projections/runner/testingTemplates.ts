import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openPostgresEventStore } from '../../services/eventstore/postgres';
import { openSqliteEventStore } from '../../services/eventstore/sqlite';
import {
  createTestDatabase,
  postgresServerUrl,
  type TestDatabase,
} from '../../services/kit/testing/postgres';
import { migrateReadModels } from '../migrations';
import { openReadModelDb } from './db';

/**
 * Databases for tests that start with the event store's schema and every read-model migration already in place,
 * copied from a template instead of built per test: PostgreSQL's `CREATE DATABASE … TEMPLATE` on the server, and a
 * file copy on SQLite. The template is built once per schema version (a hash of the migrations and the stores'
 * schema sources), by whichever test process gets there first; the others wait for it.
 */

const root = resolve(import.meta.dirname, '..', '..');
const schemaSources = [
  'projections/migrations',
  'services/eventstore/postgres.ts',
  'services/eventstore/sqlite.ts',
];

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((entry) => filesUnder(join(path, entry)));
}

let version: string | undefined;
/** A short hash of every file that shapes the schema: a change to any of them makes a new template. */
function schemaVersion(): string {
  if (version) return version;
  const hash = createHash('sha256');
  for (const file of schemaSources.flatMap((source) => filesUnder(join(root, source))))
    hash.update(file.slice(root.length)).update('\0').update(readFileSync(file)).update('\0');
  return (version = hash.digest('hex').slice(0, 16));
}

// --- PostgreSQL ---------------------------------------------------------------------------------------

/** Any number; every test process building a template takes this advisory lock on the server first. */
const TEMPLATE_LOCK = 7_340_051;
let postgresTemplate: Promise<string> | undefined;

async function withServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  if (!postgresServerUrl) throw new Error('DATABASE_URL is not set');
  const client = new pg.Client({ connectionString: postgresServerUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The template's name, after building it if no process has yet. */
function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= withServer(async (server) => {
    const name = `tmpl_${schemaVersion()}`;
    await server.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await server.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) await buildPostgresTemplate(server, name);
    } finally {
      await server.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
    return name;
  }).catch((error: unknown) => {
    postgresTemplate = undefined;
    throw error;
  });
  return postgresTemplate;
}

/** Builds the template under another name and renames it once complete, so nobody copies half a schema. */
async function buildPostgresTemplate(server: pg.Client, name: string): Promise<void> {
  const building = `${name}_building`;
  await server.query(`DROP DATABASE IF EXISTS ${building}`);
  await server.query(`CREATE DATABASE ${building}`);
  const url = new URL(postgresServerUrl!);
  url.pathname = `/${building}`;
  const store = await openPostgresEventStore(url.toString());
  await store.close();
  const db = openReadModelDb({ kind: 'postgres', url: url.toString() });
  try {
    await migrateReadModels(db);
  } finally {
    await db.destroy();
  }
  await server.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
  await server.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true`);
}

/**
 * A fresh database on the test server with the event store's tables and every read-model migration in place,
 * as if the platform had started on it once: copied from the template, not migrated.
 */
export async function createMigratedTestDatabase(prefix = 't'): Promise<TestDatabase> {
  return createTestDatabase(prefix, { template: await migratedPostgresTemplate() });
}

// --- SQLite --------------------------------------------------------------------------------------------

export const sqliteFiles = { eventStore: 'events.sqlite', readModels: 'readmodels.sqlite' } as const;
let sqliteTemplate: Promise<string> | undefined;

/** A folder of this process holding a migrated read-model file and an event store file with its schema. */
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), `sqlite-template-${schemaVersion()}-`));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    // Closing the last connection checkpoints the write-ahead log into the file and removes it: the copies
    // below then carry everything.
    const store = await openSqliteEventStore(join(dir, sqliteFiles.eventStore));
    await store.close();
    const db = openReadModelDb({ kind: 'sqlite', file: join(dir, sqliteFiles.readModels) });
    try {
      await migrateReadModels(db);
    } finally {
      await db.destroy();
    }
    return dir;
  })().catch((error: unknown) => {
    sqliteTemplate = undefined;
    throw error;
  });
  return sqliteTemplate;
}

/**
 * Puts a migrated event store file and read-model file into `dir` (under the names of `sqliteFiles`, or
 * `readModelsAs` for the read models), as if the platform had started there once.
 */
export async function copyMigratedSqliteFiles(
  dir: string,
  options: { eventStore?: boolean; readModelsAs?: string } = {},
): Promise<void> {
  const template = await migratedSqliteTemplate();
  if (options.eventStore ?? true)
    copyFileSync(join(template, sqliteFiles.eventStore), join(dir, sqliteFiles.eventStore));
  copyFileSync(
    join(template, sqliteFiles.readModels),
    join(dir, options.readModelsAs ?? sqliteFiles.readModels),
  );
}

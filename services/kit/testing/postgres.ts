import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';

/**
 * The PostgreSQL tier of the integration tests. `DATABASE_URL` points at a server where databases may be
 * created (CI starts a throwaway cluster; `npm test` does too when the PostgreSQL binaries are installed).
 * Without it the tier is skipped loudly, except under CI=true where a missing PostgreSQL is a failure.
 */
export const postgresServerUrl: string | undefined = process.env.DATABASE_URL || undefined;

/**
 * The wall-clock-shifted reruns of the time-sensitive suites (vitest.config.ts, docs/time.md) are their SQLite
 * halves: they look for JavaScript that reads the process's wall clock where it must read the injected one, which
 * runs the same on either database, and PostgreSQL's own clock cannot be shifted with the process's. The
 * adapters' use of the injected clock is checked on every database by the event store's contract suite. The
 * PostgreSQL halves are not part of those projects at all (not skipped: they run, unshifted, in `int`).
 */
const wallClockShifted = Number(process.env.TEST_WALL_CLOCK_SHIFT_DAYS ?? '0') !== 0;

export function describeWithPostgres(name: string, body: () => void): void {
  if (wallClockShifted) return;
  if (postgresServerUrl) {
    describe(name, body);
    return;
  }
  if (process.env.CI === 'true') {
    describe(name, () => {
      throw new Error('CI=true but DATABASE_URL is not set: the PostgreSQL tier must run in CI');
    });
    return;
  }
  console.warn(`\n*** SKIPPED (no DATABASE_URL, PostgreSQL tier): ${name} ***\n`);
  describe.skip(name, body);
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database on the test server, so test files never see each other's rows: empty, or a copy of `template`
 * (projections/runner/testingTemplates.ts keeps a migrated one).
 */
export async function createTestDatabase(
  prefix = 't',
  options: { template?: string } = {},
): Promise<TestDatabase> {
  if (!postgresServerUrl) throw new Error('DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresServerUrl });
  await admin.connect();
  try {
    // PostgreSQL 15 copies a template through the WAL by default, block by block; on the tests' server (fsync off)
    // copying its files is about a quarter faster, and the suite makes hundreds of these databases.
    const { rows } = await admin.query<{ server_version_num: string }>('SHOW server_version_num');
    const fileCopy = Number(rows[0]?.server_version_num) >= 150_000 ? ' STRATEGY FILE_COPY' : '';
    const create = `CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}${fileCopy}` : ''}`;
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(create);
        break;
      } catch (error) {
        // A template is briefly "being accessed by other users" while another process copies it.
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(postgresServerUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: postgresServerUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

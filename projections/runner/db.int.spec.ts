import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeWithPostgres,
  type TestDatabase,
} from '../../services/kit/testing/postgres';
import { firstRow, openReadModelDb } from './db';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A hot read straight on SQLite's idle connection answers what knex would, and never a row not committed. */
function firstRowCases(open: () => Promise<{ db: Knex; close: () => Promise<void> }>): void {
  let db: Knex;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ db, close } = await open());
    await db.schema.createTable('seats', (table) => {
      table.string('id', 20).primary();
      table.string('label', 20);
    });
    await db('seats').insert([
      { id: 's1', label: 'A1' },
      { id: 's2', label: null },
    ]);
  });
  afterEach(() => close());

  const seat = (id: string) =>
    firstRow<{ id: string; label: string | null }>(db, 'SELECT * FROM seats WHERE id = ?', [id]);

  it('answers the row its bindings name, or nothing', async () => {
    expect(await seat('s1')).toEqual({ id: 's1', label: 'A1' });
    expect(await seat('s2')).toEqual({ id: 's2', label: null });
    expect(await seat('s3')).toBeUndefined();
  });

  it('waits for a transaction that holds the connection, and never answers its rows if it rolls back', async () => {
    const seen: unknown[] = [];
    await db
      .transaction(async (trx) => {
        await trx('seats').insert({ id: 's3', label: 'C3' });
        const during = seat('s3').then((row) => seen.push(row ?? 'none'));
        await new Promise((resolve) => setTimeout(resolve, 20));
        // On SQLite the read waits for the connection; on PostgreSQL it ran on another one and saw nothing.
        expect(seen).not.toContainEqual({ id: 's3', label: 'C3' });
        throw Object.assign(new Error('rolled back'), { during });
      })
      .catch(async (error: { during?: Promise<unknown> }) => {
        await error.during;
      });
    expect(seen).toEqual(['none']);
    expect(await seat('s3')).toBeUndefined();
  });
}

describe('firstRow on SQLite', () => {
  firstRowCases(() => {
    const dir = mkdtempSync(join(tmpdir(), 'first-row-'));
    const db = openReadModelDb({ kind: 'sqlite', file: join(dir, 'read-models.sqlite') });
    return Promise.resolve({
      db,
      async close() {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    });
  });
});

describeWithPostgres('firstRow on PostgreSQL', () => {
  firstRowCases(async () => {
    const database: TestDatabase = await createTestDatabase('first_row');
    const db = openReadModelDb({ kind: 'postgres', url: database.url });
    return {
      db,
      async close() {
        await db.destroy();
        await database.drop();
      },
    };
  });
});

describe("the embedded read models' WAL checkpoints", () => {
  let dir: string;
  let db: Knex | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wal-checkpoints-'));
  });
  afterEach(async () => {
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = 4096;
  /** Writes about `pages` pages, in commits of sixteen. */
  async function write(into: Knex, pages: number, pauseEvery = Number.POSITIVE_INFINITY, pauseMs = 0) {
    await into.schema.createTableIfNotExists('blobs', (table) => {
      table.increments('id');
      table.text('body');
    });
    for (let commit = 1; commit <= pages / 16; commit++) {
      await into('blobs').insert({ body: 'x'.repeat(16 * page - 200) });
      if (commit % pauseEvery === 0) await sleep(pauseMs);
    }
  }
  const size = (name: string) => statSync(join(dir, name)).size;

  it('are never taken by a commit on the connection', async () => {
    db = openReadModelDb({ kind: 'sqlite', file: join(dir, 'rm.sqlite') }, { walCheckpointEveryMs: 60_000 });
    await write(db, 2_400);
    // Past SQLite's thousand pages the COMMIT would have copied the WAL into the file and started it over.
    expect(size('rm.sqlite-wal')).toBeGreaterThan(2_000 * page);
    expect(size('rm.sqlite')).toBeLessThan(100 * page);
  });

  it('leave the connection the last to close: closing puts everything into the file and removes the WAL', async () => {
    for (const settleMs of [0, 300]) {
      const file = join(dir, `closed-${settleMs}.sqlite`);
      db = openReadModelDb({ kind: 'sqlite', file }, { walCheckpointEveryMs: 60_000 });
      await write(db, 160);
      // Right away (the thread may not have started) and once the thread holds the file.
      await sleep(settleMs);
      await db.destroy();
      db = undefined;
      expect(existsSync(`${file}-wal`), `${settleMs} ms`).toBe(false);
      copyFileSync(file, join(dir, 'copy.sqlite'));
      const copy = openReadModelDb({ kind: 'sqlite', file: join(dir, 'copy.sqlite') });
      try {
        expect(await copy('blobs').count({ count: '*' }), `${settleMs} ms`).toEqual([{ count: 10 }]);
      } finally {
        await copy.destroy();
      }
    }
  });

  it('are taken by the thread, which keeps the WAL small and the database file whole', async () => {
    db = openReadModelDb({ kind: 'sqlite', file: join(dir, 'rm.sqlite') }, { walCheckpointEveryMs: 20 });
    await write(db, 4_000, 10, 60);
    await sleep(200);
    expect(size('rm.sqlite')).toBeGreaterThan(3_900 * page);
    expect(size('rm.sqlite-wal')).toBeLessThan(1_500 * page);
  });
});

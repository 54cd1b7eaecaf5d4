import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openReadModelDb } from './db';
import { SharedTransactions } from './sharedTransactions';

describe('shared transactions (SQLite)', () => {
  let dir: string;
  let db: Knex;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shared-transactions-'));
    db = openReadModelDb({ kind: 'sqlite', file: join(dir, 'read-models.sqlite') });
    await db.schema.createTable('rows', (table) => {
      table.string('id', 20).primary();
    });
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const ids = async () => ((await db('rows').orderBy('id')) as { id: string }[]).map((row) => row.id);

  it('commits the work queued in one turn in one transaction, and answers each its own result', async () => {
    const shared = new SharedTransactions(db);
    const seen: Knex.Transaction[] = [];
    const insert = (id: string) => (trx: Knex.Transaction) => {
      seen.push(trx);
      return trx('rows')
        .insert({ id })
        .then(() => id);
    };
    expect(
      await Promise.all([shared.run(insert('a')), shared.run(insert('b')), shared.run(insert('c'))]),
    ).toEqual(['a', 'b', 'c']);
    expect(new Set(seen).size).toBe(1);
    expect(await ids()).toEqual(['a', 'b', 'c']);
    // Queued in a later turn: a transaction of its own.
    await shared.run(insert('d'));
    expect(seen[3]).not.toBe(seen[0]);
  });

  it('fails only the work that threw: its writes are undone, the others commit in transactions of their own', async () => {
    const shared = new SharedTransactions(db);
    const runs: string[] = [];
    const insert =
      (id: string, fail = false) =>
      async (trx: Knex.Transaction) => {
        runs.push(id);
        await trx('rows').insert({ id });
        if (fail) throw new Error(`poison ${id}`);
        return id;
      };
    const outcomes = await Promise.allSettled([
      shared.run(insert('a')),
      shared.run(insert('b', true)),
      shared.run(insert('c')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ message: 'poison b' });
    expect(await ids()).toEqual(['a', 'c']);
    // The one that threw ran once (as it would have alone); the others once shared, once alone.
    expect(runs).toEqual(['a', 'b', 'a', 'c']);
  });
});

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

  it('commits the work of one turn in one transaction, and the work that waited meanwhile in the next', async () => {
    const shared = new SharedTransactions(db);
    const seen: Knex.Transaction[] = [];
    const insert = (id: string) => async (trx: Knex.Transaction) => {
      seen.push(trx);
      await trx('rows').insert({ id });
      return id;
    };
    const first = [shared.run(insert('a')), shared.run(insert('b'))];
    // Queued while the first transaction runs: the next one, shared.
    await new Promise((resolve) => setImmediate(resolve));
    const later = [shared.run(insert('c')), shared.run(insert('d'))];
    expect(await Promise.all([...first, ...later])).toEqual(['a', 'b', 'c', 'd']);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[2]).toBe(seen[3]);
    expect(seen[1]).not.toBe(seen[2]);
    expect(await ids()).toEqual(['a', 'b', 'c', 'd']);
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
      shared.run(insert('b')),
      shared.run(insert('c', true)),
      shared.run(insert('d')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ message: 'poison c' });
    expect(await ids()).toEqual(['a', 'b', 'd']);
    // All four shared until 'c' threw (rolling 'a' and 'b' back); then 'a', 'b' and 'd' each alone, 'c' not again.
    expect(runs).toEqual(['a', 'b', 'c', 'a', 'b', 'd']);
  });
});

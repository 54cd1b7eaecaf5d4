import { afterEach, beforeEach, expect, it } from 'vitest';
import { readWhereIn, writeRows } from './bulk';
import { describeEachStorage, dumpTable, type TestStorage } from './testing';

/** More rows than one statement may hold on SQLite (500 compound terms): every mode writes several slices. */
const ROWS = 650;

const counter = (index: number, count: number) => ({
  id: `c${String(index).padStart(4, '0')}`,
  count,
  label: 'new',
});

describeEachStorage('bulk writes', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
    await storage.db.schema.createTable('bulk_counters', (table) => {
      table.string('id', 40).primary();
      table.integer('count').notNullable();
      table.string('label', 20).notNullable();
    });
  });
  afterEach(async () => {
    await storage.close();
  });

  const rows = (count: number) => Array.from({ length: ROWS }, (_, index) => counter(index, count));
  const dump = () => dumpTable(storage.db, 'bulk_counters', ['id']);

  it('inserts new rows in slices and refuses a row that exists', async () => {
    await writeRows(storage.db, 'bulk_counters', rows(1), 'new');
    expect(await dump()).toHaveLength(ROWS);
    await expect(writeRows(storage.db, 'bulk_counters', [counter(7, 1)], 'new')).rejects.toThrow();
  });

  it('keeps, replaces or adds to existing rows as asked', async () => {
    await writeRows(storage.db, 'bulk_counters', rows(1), 'new');
    const relabelled = rows(5).map((row) => ({ ...row, label: 'changed' }));

    await writeRows(storage.db, 'bulk_counters', relabelled, { ignoreOn: 'id' });
    const kept = (await dump()) as { count: number; label: string }[];
    expect(kept.every((row) => Number(row.count) === 1 && row.label === 'new')).toBe(true);

    await writeRows(storage.db, 'bulk_counters', relabelled, { addOn: 'id', columns: ['count'] });
    const added = (await dump()) as { count: number; label: string }[];
    expect(added.every((row) => Number(row.count) === 6 && row.label === 'new')).toBe(true);

    await writeRows(storage.db, 'bulk_counters', relabelled, { upsertOn: ['id'] });
    const replaced = (await dump()) as { count: number; label: string }[];
    expect(replaced.every((row) => Number(row.count) === 5 && row.label === 'changed')).toBe(true);
    expect(replaced).toHaveLength(ROWS);
  });

  it('writes in the transaction it is given, and a column one row lacks as null, as the other rows name it', async () => {
    await storage.db.schema.createTable('bulk_notes', (table) => {
      table.string('id', 40).primary();
      table.string('note', 20).nullable();
      table.string('tag', 20).nullable();
    });
    const notes = [
      { id: 'n1', note: 'a' },
      { id: 'n2', tag: 'b' },
    ];
    const written = [
      { id: 'n1', note: 'a', tag: null },
      { id: 'n2', note: null, tag: 'b' },
    ];
    await storage.db
      .transaction(async (trx) => {
        await writeRows(trx, 'bulk_notes', notes, 'new');
        expect(await dumpTable(trx, 'bulk_notes', ['id'])).toEqual(written);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await dumpTable(storage.db, 'bulk_notes', ['id'])).toEqual([]);
    await writeRows(storage.db, 'bulk_notes', notes, 'new');
    expect(await dumpTable(storage.db, 'bulk_notes', ['id'])).toEqual(written);
  });

  it('reads the rows of many ids in slices, each id once', async () => {
    await writeRows(storage.db, 'bulk_counters', rows(1), 'new');
    const ids = [...rows(1).map((row) => row.id), 'c0001', 'unknown'];
    const read = await readWhereIn<{ id: string }>(storage.db, 'bulk_counters', 'id', ids, {
      columns: ['id'],
    });
    expect(read.map((row) => row.id).sort()).toEqual(rows(1).map((row) => row.id));
  });

  it('reads only the rows that also match its equalities on other columns', async () => {
    await writeRows(
      storage.db,
      'bulk_counters',
      [counter(1, 1), { ...counter(2, 2), label: 'other' }, counter(3, 3)],
      'new',
    );
    const read = await readWhereIn<{ id: string }>(storage.db, 'bulk_counters', 'id', ['c0001', 'c0002'], {
      columns: ['id'],
      within: { label: 'new' },
    });
    expect(read).toEqual([{ id: 'c0001' }]);
  });

  it('reads whole rows, and in a transaction the rows it wrote before committing', async () => {
    await storage.db.transaction(async (trx) => {
      await writeRows(trx, 'bulk_counters', [counter(1, 5), counter(2, 7)], 'new');
      const read = await readWhereIn<{ id: string; count: number; label: string }>(
        trx,
        'bulk_counters',
        'id',
        ['c0002'],
      );
      expect(read).toEqual([{ id: 'c0002', count: 7, label: 'new' }]);
    });
  });
});

import type { Knex } from 'knex';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStorage, type TestStorage } from './testing';
import {
  deleteRows,
  firstRowWhere,
  insertRow,
  insertRowsUnlessPresent,
  insertRowUnlessPresent,
  updateRows,
} from './rowStatements';

interface Seat {
  id: string;
  section: string | null;
  held: boolean | number;
  held_at: Date | number | string | null;
}

/** The row statements answer and write what knex's builder does, inside a transaction when given one. */
describeEachStorage('row statements', (open) => {
  let storage: TestStorage;
  let db: Knex;

  beforeEach(async () => {
    storage = await open();
    db = storage.db;
    await db.schema.createTable('seats', (table) => {
      table.string('id', 20).primary();
      table.string('section', 20).nullable();
      table.boolean('held').notNullable();
      table.timestamp('held_at', { useTz: true }).nullable();
    });
  });
  afterEach(() => storage.close());

  const seat = (id: string, on: Knex = db) => firstRowWhere<Seat>(on, 'seats', { id });

  it('inserts a row, and a second one with the same key only where asked to leave the first', async () => {
    expect(await insertRow(db, 'seats', { id: 's1', section: 'A', held: false, held_at: null })).toBe(1);
    await expect(
      insertRow(db, 'seats', { id: 's1', section: 'B', held: false, held_at: null }),
    ).rejects.toThrow();
    const again = { id: 's1', section: 'C', held: true, held_at: null };
    expect(await insertRowUnlessPresent(db, 'seats', again, ['id'])).toBe(0);
    expect(await insertRowUnlessPresent(db, 'seats', { ...again, id: 's2' }, ['id'])).toBe(1);
    expect(await firstRowWhere(db, 'seats', { id: 's1' }, ['section'])).toEqual({ section: 'A' });
    expect(await firstRowWhere(db, 'seats', { id: 's2' }, ['id', 'section'])).toEqual({
      id: 's2',
      section: 'C',
    });
    expect(await seat('s3')).toBeUndefined();
  });

  it('inserts several rows in one statement, leaving those whose key is taken', async () => {
    await insertRow(db, 'seats', { id: 's2', section: 'A', held: false, held_at: null });
    const rows = ['s1', 's2', 's3'].map((id) => ({ id, section: 'B', held: true, held_at: null }));
    const statements: string[] = [];
    const listen = (query: { sql: string }) => statements.push(query.sql);
    db.on('query', listen);
    const inserted = await insertRowsUnlessPresent(db, 'seats', rows, ['id']).finally(() =>
      db.off('query', listen),
    );
    expect(inserted).toBe(2);
    expect(statements).toHaveLength(1);
    const sections = await db('seats').select('id', 'section').orderBy('id');
    expect(sections).toEqual([
      { id: 's1', section: 'B' },
      { id: 's2', section: 'A' },
      { id: 's3', section: 'B' },
    ]);
    expect(await insertRowsUnlessPresent(db, 'seats', [], ['id'])).toBe(0);
    await expect(
      insertRowsUnlessPresent(db, 'seats', [{ id: 's4', section: 'C' }, { id: 's5' }], ['id']),
    ).rejects.toThrow(/every row needs the columns id, section/);
  });

  it('matches a null condition with `is null`, and answers how many rows it changed', async () => {
    await db('seats').insert([
      { id: 's1', section: null, held: false },
      { id: 's2', section: null, held: false },
      { id: 's3', section: 'A', held: false },
    ]);
    expect(await updateRows(db, 'seats', { section: 'B' }, { section: null })).toBe(2);
    expect(await updateRows(db, 'seats', { section: 'C' }, { section: null })).toBe(0);
    expect(await deleteRows(db, 'seats', { section: 'B' })).toBe(2);
    expect((await db('seats').select('id')).map((row: { id: string }) => row.id)).toEqual(['s3']);
    await expect(updateRows(db, 'seats', { section: 'D' }, { id: undefined })).rejects.toThrow(/Undefined/);
  });

  it('binds booleans and dates as knex binds them, so either reads back the same', async () => {
    const heldAt = new Date('2026-11-29T10:00:00.000Z');
    await db('seats').insert({ id: 'by-knex', section: null, held: true, held_at: heldAt });
    await insertRow(db, 'seats', { id: 'by-row', section: null, held: false, held_at: null });
    expect(await updateRows(db, 'seats', { held: true, held_at: heldAt }, { id: 'by-row' })).toBe(1);
    const [byKnex, byRow] = await Promise.all([seat('by-knex'), seat('by-row')]);
    expect({ ...byRow, id: 'by-knex' }).toEqual(byKnex);
    expect(await firstRowWhere(db, 'seats', { held: true, held_at: heldAt }, ['id'])).toBeDefined();
  });

  it("runs inside the transaction it is given: it sees the transaction's rows and rolls back with it", async () => {
    await db
      .transaction(async (trx) => {
        await trx('seats').insert({ id: 's1', section: 'A', held: false });
        expect(await seat('s1', trx)).toMatchObject({ id: 's1', section: 'A' });
        await insertRow(trx, 'seats', { id: 's2', section: 'B', held: false, held_at: null });
        await updateRows(trx, 'seats', { section: 'C' }, { id: 's1' });
        expect(await trx('seats').where({ id: 's1' }).first()).toMatchObject({ section: 'C' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(Number((await db('seats').count({ n: '*' }).first())?.n)).toBe(0);
  });

  it('refuses a statement on a transaction that has ended instead of running it outside of it', async () => {
    let ended: Knex.Transaction | undefined;
    await db.transaction(async (trx) => {
      ended = trx;
      await trx('seats').insert({ id: 's1', section: 'A', held: false });
    });
    await expect(
      insertRow(ended!, 'seats', { id: 's2', section: 'B', held: false, held_at: null }),
    ).rejects.toThrow();
    await expect(updateRows(ended!, 'seats', { section: 'C' }, { id: 's1' })).rejects.toThrow();
    expect(await seat('s2')).toBeUndefined();
    expect(await seat('s1')).toMatchObject({ section: 'A' });
  });

  it("announces its statements to knex's query listeners, with the transaction they ran in", async () => {
    const heard: { sql: string; transaction: unknown }[] = [];
    const listen = (query: { sql: string; __knexTxId?: unknown }) =>
      heard.push({ sql: query.sql, transaction: query.__knexTxId });
    db.on('query', listen);
    try {
      await insertRow(db, 'seats', { id: 's1', section: 'A', held: false, held_at: null });
      await db.transaction((trx) => updateRows(trx, 'seats', { section: 'B' }, { id: 's1' }));
    } finally {
      db.removeListener('query', listen);
    }
    const insert = heard.find((query) => /^insert into "seats"/.test(query.sql));
    const update = heard.find((query) => /^update "seats"/.test(query.sql));
    expect(insert?.transaction).toBeUndefined();
    expect(update?.transaction).toEqual(expect.stringMatching(/^trx/));
  });

  it('refuses a table or column name that is not a plain SQL name', async () => {
    await expect(firstRowWhere(db, 'seats; drop table seats', { id: 's1' })).rejects.toThrow(
      /plain SQL name/,
    );
    await expect(firstRowWhere(db, 'seats', { 'id" or 1=1 --': 's1' })).rejects.toThrow(/plain SQL name/);
  });
});

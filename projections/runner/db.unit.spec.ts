import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openReadModelDb, reusePreparedStatements } from './db';

describe('prepared statements on the embedded read-model database', () => {
  it('hands out one statement per SQL text, with each call its own bindings', () => {
    const connection = new Database(':memory:');
    reusePreparedStatements(connection);
    connection.prepare('CREATE TABLE seats (id INTEGER PRIMARY KEY, label TEXT)').run();
    const insert = 'INSERT INTO seats (label) VALUES (?)';
    expect(connection.prepare(insert)).toBe(connection.prepare(insert));
    connection.prepare(insert).run('A1');
    connection.prepare(insert).run('A2');
    const select = 'SELECT label FROM seats WHERE id = ?';
    expect(connection.prepare(select).get(1)).toEqual({ label: 'A1' });
    expect(connection.prepare(select).get(2)).toEqual({ label: 'A2' });
  });

  it('keeps working after the table is swapped for a rebuilt one, and never reuses a busy statement', () => {
    const connection = new Database(':memory:');
    reusePreparedStatements(connection);
    connection.exec("CREATE TABLE seats (id INTEGER, label TEXT); INSERT INTO seats VALUES (1, 'old')");
    const select = 'SELECT label FROM seats ORDER BY id';
    expect(connection.prepare(select).all()).toEqual([{ label: 'old' }]);
    connection.exec(
      "CREATE TABLE seats_fresh (id INTEGER, label TEXT, row TEXT); INSERT INTO seats_fresh VALUES (1, 'new', 'B'), (2, 'newer', 'B');" +
        'DROP TABLE seats; ALTER TABLE seats_fresh RENAME TO seats',
    );
    expect(connection.prepare(select).all()).toEqual([{ label: 'new' }, { label: 'newer' }]);
    const iterating = connection.prepare(select).iterate();
    expect(iterating.next().value).toEqual({ label: 'new' });
    // The kept statement is mid-iteration: the same SQL gets a fresh one.
    expect(connection.prepare(select).all()).toHaveLength(2);
    iterating.return?.();
  });

  it('drops the oldest statements beyond its limit', () => {
    const connection = new Database(':memory:');
    reusePreparedStatements(connection, 2);
    const first = connection.prepare('SELECT 1');
    connection.prepare('SELECT 2');
    connection.prepare('SELECT 3');
    expect(connection.prepare('SELECT 1')).not.toBe(first);
    expect(connection.prepare('SELECT 3')).toBe(connection.prepare('SELECT 3'));
  });

  it('prepares bulk statements each time rather than keeping them, and keeps a long one of one row', () => {
    const connection = new Database(':memory:');
    reusePreparedStatements(connection);
    const bulk = `SELECT ${Array.from({ length: 400 }, () => '?').join(', ')}`;
    expect(bulk.length).toBeGreaterThan(1_000);
    expect(connection.prepare(bulk)).not.toBe(connection.prepare(bulk));
    const wideRow = `SELECT ${Array.from({ length: 40 }, (_, n) => `? AS a_rather_long_column_name_${n}`).join(', ')}`;
    expect(wideRow.length).toBeGreaterThan(1_000);
    expect(connection.prepare(wideRow)).toBe(connection.prepare(wideRow));
  });

  it('serves knex queries through the kept statements', async () => {
    const db = openReadModelDb({ kind: 'sqlite', file: ':memory:' });
    try {
      await db.schema.createTable('holds', (table) => {
        table.string('id').primary();
        table.integer('quantity');
      });
      for (let n = 0; n < 50; n++) await db('holds').insert({ id: `h${n}`, quantity: n });
      expect(await db('holds').where('quantity', '>=', 48).orderBy('id').pluck('id')).toEqual(['h48', 'h49']);
      const total = (await db('holds').sum({ sum: 'quantity' }).first()) as { sum: number };
      expect(total.sum).toBe(1225);
    } finally {
      await db.destroy();
    }
  });
});

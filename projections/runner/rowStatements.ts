import type { Knex } from 'knex';
import { firstRow, runStatement, type SqlValue } from './db';

/**
 * One-table row statements for the hot paths of projections, reactors and reads: the SQL of each shape (table,
 * columns, which values are null) is written once and kept, and runs through `runStatement`/`firstRow`, on
 * SQLite on the connection's kept statement. The same calls as knex's `insert`, `where().update()`,
 * `where().del()` and `where().first()` for plain equality, at a tenth of the cost; anything richer stays knex.
 * An `undefined` value is written as null, as knex writes it with `useNullAsDefault`.
 */
export type SqlRow = Readonly<Record<string, SqlValue | undefined>>;

export async function insertRow(db: Knex, table: string, row: SqlRow): Promise<number> {
  const columns = Object.keys(row);
  const sql = shaped(`i|${table}|${columns.join(',')}`, () => insertSql(table, columns));
  return runStatement(db, sql, valuesOf(row, columns));
}

/** Inserts the row unless one with the same `conflictColumns` exists (a unique key); answers 1 or 0. */
export async function insertRowUnlessPresent(
  db: Knex,
  table: string,
  row: SqlRow,
  conflictColumns: readonly string[],
): Promise<number> {
  return insertRowsUnlessPresent(db, table, [row], conflictColumns);
}

/**
 * Inserts each of `rows`, all of the same columns, unless one with the same `conflictColumns` exists, in one
 * statement (one round trip to PostgreSQL); answers how many it inserted.
 */
export async function insertRowsUnlessPresent(
  db: Knex,
  table: string,
  rows: readonly SqlRow[],
  conflictColumns: readonly string[],
): Promise<number> {
  const first = rows[0];
  if (first === undefined) return 0;
  const columns = Object.keys(first);
  const values: SqlValue[] = [];
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== columns.length || keys.some((key, at) => key !== columns[at]))
      throw new Error(`insertRowsUnlessPresent(${table}): every row needs the columns ${columns.join(', ')}`);
    values.push(...valuesOf(row, columns));
  }
  const sql = shaped(
    `n|${table}|${columns.join(',')}|${conflictColumns.join(',')}|${rows.length}`,
    () =>
      `${insertSql(table, columns, rows.length)} on conflict (${conflictColumns.map(quoted).join(', ')}) do nothing`,
  );
  return runStatement(db, sql, values);
}

export async function updateRows(db: Knex, table: string, changes: SqlRow, where: SqlRow): Promise<number> {
  const columns = Object.keys(changes);
  const filter = equalities(where);
  const sql = shaped(
    `u|${table}|${columns.join(',')}|${filter.key}`,
    () =>
      `update ${quoted(table)} set ${columns.map((column) => `${quoted(column)} = ?`).join(', ')}${filter.sql()}`,
  );
  return runStatement(db, sql, [...valuesOf(changes, columns), ...filter.values]);
}

export async function deleteRows(db: Knex, table: string, where: SqlRow): Promise<number> {
  const filter = equalities(where);
  const sql = shaped(`d|${table}|${filter.key}`, () => `delete from ${quoted(table)}${filter.sql()}`);
  return runStatement(db, sql, filter.values);
}

/** The first row matching `where` (its `columns`, all by default), in no particular order. */
export async function firstRowWhere<Row>(
  db: Knex,
  table: string,
  where: SqlRow,
  columns: readonly string[] = [],
): Promise<Row | undefined> {
  const filter = equalities(where);
  const sql = shaped(
    `f|${table}|${columns.join(',')}|${filter.key}`,
    () =>
      `select ${columns.length === 0 ? '*' : columns.map(quoted).join(', ')} from ${quoted(table)}${filter.sql()} limit 1`,
  );
  return firstRow<Row>(db, sql, filter.values);
}

// A few hundred shapes in a running platform; the bound keeps a caller that builds tables by name in check.
const shapes = new Map<string, string>();
const shapeLimit = 2_000;

/** The SQL `write` gives for the shape `key`, written the first time and kept (shared by every row statement). */
export function shaped(key: string, write: () => string): string {
  const known = shapes.get(key);
  if (known !== undefined) return known;
  const sql = write();
  if (shapes.size >= shapeLimit) shapes.delete(shapes.keys().next().value!);
  shapes.set(key, sql);
  return sql;
}

export function insertSql(table: string, columns: readonly string[], rows = 1): string {
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  return `insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) values ${Array.from({ length: rows }, () => tuple).join(', ')}`;
}

function valuesOf(row: SqlRow, columns: readonly string[]): SqlValue[] {
  return columns.map((column) => row[column] ?? null);
}

/** Equality on each column; a null value matches with `is null`, as knex's `where` does (undefined is an error there too). */
export function equalities(where: SqlRow): { key: string; values: SqlValue[]; sql(): string } {
  const columns = Object.keys(where);
  if (columns.length === 0) throw new Error('A row statement needs a condition');
  const values: SqlValue[] = [];
  let key = '';
  for (const column of columns) {
    const value = where[column];
    if (value === undefined) throw new Error(`Undefined condition on ${column}`);
    if (value === null) key += `${column}~,`;
    else {
      key += `${column},`;
      values.push(value);
    }
  }
  return {
    key,
    values,
    sql: () =>
      ` where ${columns
        .map((column) => (where[column] === null ? `${quoted(column)} is null` : `${quoted(column)} = ?`))
        .join(' and ')}`,
  };
}

/** A table or column name as both databases read it; anything but a plain name is refused. */
export function quoted(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Not a plain SQL name: ${name}`);
  return `"${name}"`;
}

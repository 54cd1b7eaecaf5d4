import type { Knex } from 'knex';
import { isPostgres, runStatement, selectRows, type SqlValue } from './db';
import { equalities, insertSql, quoted, shaped, type SqlRow } from './rowStatements';

/**
 * Rows per multi-row statement. SQLite compiles a multi-row insert as a compound `SELECT … UNION ALL …`, which
 * allows at most 500 terms, and a statement at most 32,766 parameters; 200 rows of up to 150 columns fit both.
 */
const ROWS_PER_STATEMENT = 200;

/** Ids per `WHERE … IN (…)` read, well inside both databases' parameter limits. */
const IDS_PER_READ = 500;

function* slices<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/**
 * The rows whose `column` is one of `values`, read a slice of values at a time: what a projection's `prepare`
 * uses to load every row a batch will touch in a few statements instead of one per event. `within` adds
 * equalities on other columns, so a table keyed by two columns is read by its key, not scanned by the second.
 */
export async function readWhereIn<Row>(
  trx: Knex,
  table: string,
  column: string,
  values: readonly string[],
  options: { columns?: readonly string[]; within?: SqlRow } = {},
): Promise<Row[]> {
  const { columns = ['*'], within } = options;
  const rows: Row[] = [];
  const scope = within ? equalities(within) : null;
  if (!isPostgres(trx)) {
    // One statement for any number of values (SQLite expands the JSON array itself), kept on the connection.
    const sql = shaped(
      `w|${table}|${column}|${columns.join(',')}|${scope?.key ?? ''}`,
      () =>
        `select ${columns.map((name) => (name === '*' ? name : quoted(name))).join(', ')} from ${quoted(table)}${scope ? `${scope.sql()} and` : ' where'} ${quoted(column)} in (select value from json_each(?))`,
    );
    for (const slice of slices([...new Set(values)], IDS_PER_READ))
      rows.push(...(await selectRows<Row>(trx, sql, [...(scope?.values ?? []), JSON.stringify(slice)])));
    return rows;
  }
  for (const slice of slices([...new Set(values)], IDS_PER_READ)) {
    const query = trx(table).whereIn(column, slice).select(columns);
    if (within) void query.where(within);
    rows.push(...((await query) as Row[]));
  }
  return rows;
}

/** How `writeRows` treats a row whose key exists already. */
export type OnConflict =
  /** The rows are new: a conflict is an error. */
  | 'new'
  /** The existing row keeps its values. */
  | { ignoreOn: string | readonly string[] }
  /** The new row's values replace the existing row's (the caller holds the whole row, read in this transaction). */
  | { upsertOn: string | readonly string[] }
  /** The new row's `columns` are added to the existing row's (counters summed per batch). */
  | { addOn: string | readonly string[]; columns: readonly string[] };

/** Writes rows gathered over a batch: on PostgreSQL a few hundred per statement, on SQLite one by one. */
export async function writeRows<Row extends object>(
  trx: Knex,
  table: string,
  rows: readonly Row[],
  conflict: OnConflict,
): Promise<void> {
  if (rows.length === 0) return;
  if (!isPostgres(trx)) return writeEachRow(trx, table, rows, conflict);
  for (const slice of slices(rows, ROWS_PER_STATEMENT)) {
    const insert = trx(table).insert(slice);
    if (conflict === 'new') await insert;
    else if ('ignoreOn' in conflict) await insert.onConflict(toArray(conflict.ignoreOn)).ignore();
    else if ('upsertOn' in conflict) await insert.onConflict(toArray(conflict.upsertOn)).merge();
    else
      await insert
        .onConflict(toArray(conflict.addOn))
        .merge(
          Object.fromEntries(
            conflict.columns.map((column) => [
              column,
              trx.raw('??.?? + excluded.??', [table, column, column]),
            ]),
          ),
        );
  }
}

/**
 * SQLite compiles a multi-row insert as a compound SELECT, 0.1–0.3 ms for each batch's new statement (the rows of
 * an order, its attendees: 2 % of an on-sale rush's CPU, issue 29). One kept single-row statement per shape runs
 * each row in a few microseconds in the batch's transaction, where no round trip separates them. As knex's
 * multi-row insert does, every row names the columns of all of them, null where it has none.
 */
async function writeEachRow<Row extends object>(
  trx: Knex,
  table: string,
  rows: readonly Row[],
  conflict: OnConflict,
): Promise<void> {
  const names = new Set<string>();
  for (const row of rows) for (const column of Object.keys(row)) names.add(column);
  const columns = [...names];
  const sql = shaped(`w|${table}|${columns.join(',')}|${JSON.stringify(conflict)}`, () => {
    const insert = insertSql(table, columns);
    if (conflict === 'new') return insert;
    const keys = `(${toArray(conflictColumnsOf(conflict)).map(quoted).join(', ')})`;
    if ('ignoreOn' in conflict) return `${insert} on conflict ${keys} do nothing`;
    const set =
      'upsertOn' in conflict
        ? columns.map((column) => `${quoted(column)} = excluded.${quoted(column)}`)
        : conflict.columns.map(
            (column) => `${quoted(column)} = ${quoted(table)}.${quoted(column)} + excluded.${quoted(column)}`,
          );
    return `${insert} on conflict ${keys} do update set ${set.join(', ')}`;
  });
  for (const row of rows) {
    const values = row as Readonly<Record<string, SqlValue | undefined>>;
    await runStatement(
      trx,
      sql,
      columns.map((column) => values[column] ?? null),
    );
  }
}

function conflictColumnsOf(conflict: Exclude<OnConflict, 'new'>): string | readonly string[] {
  if ('ignoreOn' in conflict) return conflict.ignoreOn;
  return 'upsertOn' in conflict ? conflict.upsertOn : conflict.addOn;
}

const toArray = (columns: string | readonly string[]): string[] =>
  typeof columns === 'string' ? [columns] : [...columns];

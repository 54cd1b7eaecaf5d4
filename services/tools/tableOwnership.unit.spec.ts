import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readModelOwners } from '../../projections/owners';
import { checkedSources, ownershipViolations, readSource, tableReferences } from './tableOwnership';

const root = process.cwd();

/** Every non-spec source of the server, migrations included: where tables are defined. */
const allSources = () =>
  [
    ...checkedSources(root, ['services', 'projections']),
    ...readdirSync(join(root, 'projections', 'migrations'))
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.spec.ts'))
      .map((name) => `projections/migrations/${name}`),
  ].map((file) => ({ file, source: readSource(root, file) }));

/**
 * The tables a source defines: a `ReadModelTable` (named by a literal or a constant of the file), a table-name
 * constant, or a migration's own `createTable`.
 */
function definedTables(source: string): string[] {
  const constant = (identifier: string) =>
    new RegExp(String.raw`const ${identifier} = '([a-z_][a-z0-9_]*)'`).exec(source)?.[1];
  const readModelTables = [
    ...source.matchAll(/:\s*ReadModelTable\s*=\s*\{\s*name:\s*('[a-z_][a-z0-9_]*'|\w+)/g),
  ]
    .map((match) => match[1]!)
    .flatMap((name) => (name.startsWith("'") ? name.slice(1, -1) : (constant(name) ?? [])));
  const named = [
    /export const \w+Table = '([a-z_][a-z0-9_]*)'/g,
    /createTable\(\s*'([a-z_][a-z0-9_]*)'/g,
  ].flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]!));
  return [...readModelTables, ...named];
}

const ownersOf = (table: string): readonly string[] => {
  const owner = readModelOwners[table];
  return owner === undefined ? [] : typeof owner === 'string' ? [owner] : owner;
};

describe('read-model tables and their owners', () => {
  const definitions = allSources().flatMap(({ file, source }) =>
    definedTables(source).map((table) => ({ file, table })),
  );

  it('lists every table the migrations and their modules define, and nothing else', () => {
    const defined = [...new Set(definitions.map((definition) => definition.table))].sort();
    expect(Object.keys(readModelOwners).sort()).toEqual(defined);
  });

  it('names as owner the folder that defines each table', () => {
    // Migrations create every table; the few they define themselves are the runner's and the first identity's.
    const outside = definitions
      .filter(({ file }) => !file.startsWith('projections/migrations/'))
      .filter(({ file, table }) => !ownersOf(table).some((owner) => file.startsWith(`${owner}/`)))
      .map(({ file, table }) => `${file} defines ${table}, owned by ${ownersOf(table).join(' and ')}`);
    expect(outside).toEqual([]);
  });

  it('are named in queries only by their owner: other modules call the queries it exports', () => {
    const violations = checkedSources(root, ['services', 'projections']).flatMap((file) =>
      ownershipViolations(file, readSource(root, file), readModelOwners).map(
        (v) => `${v.file}:${v.line} reads ${v.table}, owned by ${v.owners.join(' and ')}`,
      ),
    );
    expect(violations).toEqual([]);
  });
});

describe('the table ownership check', () => {
  const owners = {
    orders: 'projections/orders',
    order_lines: 'projections/orders',
    tickets: 'projections/tickets',
  };
  const found = (file: string, source: string) =>
    ownershipViolations(file, source, owners).map(({ table, line }) => `${line}:${table}`);

  it('fires on a planted read of another module’s table', () => {
    const planted = [
      "const row = await db('orders').where({ id }).first();",
      "const rows = await services.db<{ id: string }>('tickets').select('id');",
      "await trx('order_lines').insert(rows);",
      "knex('orders').count();",
      "db.select('id').from('tickets');",
      "query.join('orders as o', 'o.id', 'a.order_id');",
      "query.leftJoin('order_lines', 'order_lines.order_id', 'o.id');",
      "db.table('tickets');",
      "table(db, 'orders').where({ event_id });",
      "if (!(await db.schema.hasTable('tickets'))) return;",
      "db.raw('SELECT count(*) FROM orders o JOIN order_lines l ON l.order_id = o.id');",
    ].join('\n');
    expect(found('services/messaging/messages/recipients.ts', planted)).toEqual([
      '1:orders',
      '2:tickets',
      '3:order_lines',
      '4:orders',
      '5:tickets',
      '6:orders',
      '7:order_lines',
      '8:tickets',
      '9:orders',
      '10:tickets',
      '11:orders',
      '11:order_lines',
    ]);
  });

  it('lets the owner name its tables', () => {
    expect(found('projections/orders/queries.ts', "await db('orders').where({ id }).first();")).toEqual([]);
  });

  it('ignores comments, other tables and the owner’s query functions', () => {
    const source = [
      "// Reads db('orders') through the owner.",
      '/* the seats FROM tickets */',
      "await db('events').first();",
      'await findOrder(db, orderId);',
      "readModels: ['orders'],",
    ].join('\n');
    expect(found('services/catalog/events/eventRoutes.ts', source)).toEqual([]);
  });

  it('reads a reference on the line it is on', () => {
    expect(tableReferences("\n\nawait db('tickets')", new Set(['tickets']))).toEqual([
      { table: 'tickets', line: 3 },
    ]);
  });
});

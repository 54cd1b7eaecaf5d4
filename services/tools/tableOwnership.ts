import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where a source names a table in a query. */
export interface TableReference {
  table: string;
  line: number;
}

export interface OwnershipViolation extends TableReference {
  file: string;
  owners: readonly string[];
}

const name = String.raw`([a-z_][a-z0-9_]*)(?:\s+as\s+\w+)?`;
const quoted = String.raw`['"\x60]${name}['"\x60]`;
/**
 * The ways a knex query names a table: `db('x')`, `trx<Row>('x')`, `services.db('x')`, `.from('x')`,
 * `.table('x')`, `.join('x'`, `.leftJoin('x'`, `knex('x')`, a helper taking the connection and the name
 * (`table(db, 'x')`), a schema probe (`db.schema.has…('x')`), and raw SQL (`FROM x`, `JOIN x`).
 */
const referencePatterns: readonly RegExp[] = [
  new RegExp(
    String.raw`(?:\b(?:db|knex|trx|tx)|\.(?:db|trx|from|into|\w*[Tt]able|\w*[Jj]oin))\s*(?:<[^()]*?>)?\(\s*${quoted}`,
    'g',
  ),
  new RegExp(String.raw`\b\w+\(\s*(?:this\.)?(?:db|knex|trx|tx|services\.db)\s*,\s*${quoted}`, 'g'),
  /\b(?:FROM|JOIN|INTO|UPDATE)\s+["`]?([a-z_][a-z0-9_]*)/g,
];

/** Comments blanked out, lines kept, so prose ("the seats from tickets") never counts. */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** The tables among `tables` that a source names in a query, with their line. */
export function tableReferences(source: string, tables: ReadonlySet<string>): TableReference[] {
  const lines = withoutComments(source).split('\n');
  const found: TableReference[] = [];
  lines.forEach((text, index) => {
    for (const pattern of referencePatterns)
      for (const match of text.matchAll(pattern)) {
        const table = match[1];
        if (table !== undefined && tables.has(table)) found.push({ table, line: index + 1 });
      }
  });
  return found;
}

const ownersOf = (owner: string | readonly string[]): readonly string[] =>
  typeof owner === 'string' ? [owner] : owner;

const inside = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);

/** The references in `file` (a path from the repository root) to tables it does not own. */
export function ownershipViolations(
  file: string,
  source: string,
  owners: Readonly<Record<string, string | readonly string[]>>,
): OwnershipViolation[] {
  const tables = new Set(Object.keys(owners));
  return tableReferences(source, tables).flatMap((reference) => {
    const owning = ownersOf(owners[reference.table] ?? []);
    return owning.some((folder) => inside(file, folder)) ? [] : [{ ...reference, file, owners: owning }];
  });
}

/**
 * The sources the rule applies to: migrations create every table, specs and test helpers (`testing*.ts`) set up
 * what they test, so they are exempt.
 */
export function checkedSources(root: string, folders: readonly string[]): string[] {
  const walk = (folder: string): string[] =>
    readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) return entry.name === 'migrations' ? [] : walk(path);
      return /\.ts$/.test(entry.name) && !/\.spec\.ts$/.test(entry.name) && !/^testing/.test(entry.name)
        ? [path]
        : [];
    });
  return folders.flatMap(walk);
}

export function readSource(root: string, file: string): string {
  return readFileSync(join(root, ...file.split('/')), 'utf8');
}

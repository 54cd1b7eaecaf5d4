/**
 * Extracts the English messages from the web sources into `web/src/shared/intl/locales/en.json`.
 *
 *   node --import tsx web/scripts/extract-messages.ts          # write en.json
 *   node --import tsx web/scripts/extract-messages.ts --check  # exit 1 if en.json is out of date
 *
 * Messages are declared with `defineMessages({ key: { id, defaultMessage, description? } })`; ids used
 * directly (`<FormattedMessage id="..." />`, `formatMessage({ id: '...' })`) are collected as well, so the
 * unit test can tell when code uses an id that en.json lacks.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

export const WEB_DIR = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const SRC_DIR = join(WEB_DIR, 'src');
export const EN_JSON = join(SRC_DIR, 'shared', 'intl', 'locales', 'en.json');

export interface ExtractedMessage {
  id: string;
  defaultMessage: string;
  description?: string;
  file: string;
}

export interface Extraction {
  /** Declared with defineMessages (id → message). */
  messages: Map<string, ExtractedMessage>;
  /** Every id the code refers to, declared or not. */
  usedIds: Set<string>;
  /** Problems such as one id declared with two different texts. */
  problems: string[];
}

function listSourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listSourceFiles(full));
    else if (
      /\.(ts|tsx)$/.test(entry.name) &&
      !/\.(spec|test)\.(ts|tsx)$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
    )
      files.push(full);
  }
  return files.sort();
}

function stringValue(node: ts.Expression | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return undefined;
}

function propertyName(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name))
    return name.text;
  return undefined;
}

function readDescriptor(node: ts.ObjectLiteralExpression): {
  id?: string;
  defaultMessage?: string;
  description?: string;
} {
  const result: { id?: string; defaultMessage?: string; description?: string } = {};
  for (const property of node.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const key = propertyName(property.name);
    const value = stringValue(property.initializer);
    if (value === undefined) continue;
    if (key === 'id') result.id = value;
    else if (key === 'defaultMessage') result.defaultMessage = value;
    else if (key === 'description') result.description = value;
  }
  return result;
}

function calleeName(expression: ts.LeftHandSideExpression): string | undefined {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return undefined;
}

export function extractFromSource(fileName: string, text: string, into: Extraction): void {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const where = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    return `${relative(WEB_DIR, fileName)}:${line + 1}`;
  };

  const declare = (descriptor: ts.ObjectLiteralExpression) => {
    const { id, defaultMessage, description } = readDescriptor(descriptor);
    if (!id) {
      into.problems.push(`${where(descriptor)}: message without a literal id`);
      return;
    }
    into.usedIds.add(id);
    if (defaultMessage === undefined) {
      into.problems.push(`${where(descriptor)}: message ${id} has no literal defaultMessage`);
      return;
    }
    const existing = into.messages.get(id);
    if (existing && existing.defaultMessage !== defaultMessage) {
      into.problems.push(
        `${where(descriptor)}: id ${id} is also declared in ${existing.file} with another text`,
      );
      return;
    }
    const message: ExtractedMessage = { id, defaultMessage, file: where(descriptor) };
    if (description !== undefined) message.description = description;
    into.messages.set(id, message);
  };

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      const first = node.arguments[0];
      if (name === 'defineMessages' && first && ts.isObjectLiteralExpression(first)) {
        for (const property of first.properties) {
          if (ts.isPropertyAssignment(property) && ts.isObjectLiteralExpression(property.initializer))
            declare(property.initializer);
          // `key: defineMessage<{ name: string }>({ ... })` (typed arguments) is read when the walk reaches it.
          else if (!(
            ts.isPropertyAssignment(property) &&
            ts.isCallExpression(property.initializer) &&
            calleeName(property.initializer.expression) === 'defineMessage'
          ))
            into.problems.push(`${where(property)}: defineMessages entries must be object literals`);
        }
      } else if (name === 'defineMessage' && first && ts.isObjectLiteralExpression(first)) {
        declare(first);
      } else if (name === 'formatMessage' && first && ts.isObjectLiteralExpression(first)) {
        const { id, defaultMessage } = readDescriptor(first);
        if (id) into.usedIds.add(id);
        if (id && defaultMessage !== undefined) declare(first);
      }
    }
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      if (ts.isIdentifier(node.tagName) && node.tagName.text === 'FormattedMessage') {
        for (const attribute of node.attributes.properties) {
          if (
            ts.isJsxAttribute(attribute) &&
            ts.isIdentifier(attribute.name) &&
            attribute.name.text === 'id'
          ) {
            const init = attribute.initializer;
            if (init && ts.isStringLiteral(init)) into.usedIds.add(init.text);
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

export function extractMessages(srcDir: string = SRC_DIR): Extraction {
  const extraction: Extraction = { messages: new Map(), usedIds: new Set(), problems: [] };
  for (const file of listSourceFiles(srcDir)) extractFromSource(file, readFileSync(file, 'utf8'), extraction);
  return extraction;
}

/** The en.json content: id → English text, sorted by id. */
export function toCatalog(extraction: Extraction): Record<string, string> {
  const catalog: Record<string, string> = {};
  for (const id of [...extraction.messages.keys()].sort())
    catalog[id] = extraction.messages.get(id)?.defaultMessage ?? '';
  return catalog;
}

export function serialiseCatalog(catalog: Record<string, string>): string {
  return `${JSON.stringify(catalog, null, 2)}\n`;
}

function main(argv: string[]): number {
  const extraction = extractMessages();
  if (extraction.problems.length > 0) {
    for (const problem of extraction.problems) console.error(problem);
    return 1;
  }
  const content = serialiseCatalog(toCatalog(extraction));
  if (argv.includes('--check')) {
    let current: string;
    try {
      current = readFileSync(EN_JSON, 'utf8');
    } catch {
      current = '';
    }
    if (current !== content) {
      console.error(
        `${relative(process.cwd(), EN_JSON)} is out of date: run node --import tsx web/scripts/extract-messages.ts`,
      );
      return 1;
    }
    console.log(`${relative(process.cwd(), EN_JSON)} is up to date (${extraction.messages.size} messages)`);
    return 0;
  }
  writeFileSync(EN_JSON, content);
  console.log(`wrote ${extraction.messages.size} messages to ${relative(process.cwd(), EN_JSON)}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}

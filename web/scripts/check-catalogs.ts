/**
 * Checks every translated catalogue against `en.json`: the same keys, each message valid ICU, and the same
 * arguments (names and kinds) and rich-text tags as the English message.
 *
 *   node --import tsx web/scripts/check-catalogs.ts   # exit 1 and list the problems
 *
 * The unit test `catalogs.unit.spec.ts` runs the same check inside `npm test`, so a screen cannot land with
 * strings in English only.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TYPE, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LOCALE_TAGS, SUPPORTED_LOCALES, type LocaleCode } from '../src/shared/intl/locale';
import { EN_JSON } from './extract-messages';

export type Catalog = Record<string, string>;

export const LOCALES_DIR = join(EN_JSON, '..');

export function catalogPath(locale: LocaleCode): string {
  return join(LOCALES_DIR, `${locale}.json`);
}

const KIND: Partial<Record<TYPE, string>> = {
  [TYPE.argument]: 'text',
  [TYPE.number]: 'number',
  [TYPE.date]: 'date',
  [TYPE.time]: 'time',
  [TYPE.select]: 'select',
  [TYPE.plural]: 'plural',
  [TYPE.tag]: 'tag',
};

interface Shape {
  /** `name:kind` of every argument and `<tag>` the message uses, sorted and without repeats. */
  placeholders: string[];
  /** Every plural's categories (`one`, `other`; exact `=0` matches excluded), for the locale check. */
  pluralCategories: string[];
  /** Options of each select, by argument: the values the code passes, which translations must not rename. */
  selectOptions: Map<string, string[]>;
}

function shapeOf(elements: MessageFormatElement[]): Shape {
  const placeholders = new Set<string>();
  const pluralCategories = new Set<string>();
  const selectOptions = new Map<string, string[]>();
  const walk = (nodes: MessageFormatElement[]): void => {
    for (const node of nodes) {
      if (node.type === TYPE.literal || node.type === TYPE.pound) continue;
      const kind =
        node.type === TYPE.plural && node.pluralType === 'ordinal' ? 'selectordinal' : KIND[node.type];
      placeholders.add(`${node.value}:${kind ?? 'unknown'}`);
      if (node.type === TYPE.tag) walk(node.children);
      if (node.type === TYPE.select) {
        selectOptions.set(node.value, Object.keys(node.options).sort());
        for (const option of Object.values(node.options)) walk(option.value);
      }
      if (node.type === TYPE.plural) {
        for (const [category, option] of Object.entries(node.options)) {
          if (!category.startsWith('=')) pluralCategories.add(category);
          walk(option.value);
        }
      }
    }
  };
  walk(elements);
  return { placeholders: [...placeholders].sort(), pluralCategories: [...pluralCategories], selectOptions };
}

function parsed(text: string): { shape: Shape } | { error: string } {
  try {
    return { shape: shapeOf(parse(text)) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** Everything wrong with one locale's catalogue compared with English; empty when it is complete. */
export function catalogProblems(en: Catalog, catalog: Catalog, locale: LocaleCode): string[] {
  const problems: string[] = [];
  const allowedCategories = new Set(
    new Intl.PluralRules(LOCALE_TAGS[locale]).resolvedOptions().pluralCategories as string[],
  );
  for (const id of Object.keys(en)) {
    if (!(id in catalog)) problems.push(`${locale}: ${id} is missing`);
  }
  for (const [id, text] of Object.entries(catalog)) {
    const english = en[id];
    if (english === undefined) {
      problems.push(`${locale}: ${id} is not in en.json`);
      continue;
    }
    if (typeof text !== 'string' || text.trim() === '') {
      problems.push(`${locale}: ${id} is empty`);
      continue;
    }
    const translated = parsed(text);
    if ('error' in translated) {
      problems.push(`${locale}: ${id} is not valid ICU (${translated.error})`);
      continue;
    }
    const original = parsed(english);
    if ('error' in original) continue; // the extraction test reports broken English
    const want = original.shape.placeholders.join(', ');
    const got = translated.shape.placeholders.join(', ');
    if (want !== got) problems.push(`${locale}: ${id} has placeholders [${got}] where English has [${want}]`);
    for (const [argument, options] of original.shape.selectOptions) {
      const theirs = translated.shape.selectOptions.get(argument);
      if (theirs && theirs.join() !== options.join())
        problems.push(
          `${locale}: ${id} selects ${argument} on [${theirs.join()}] where English has [${options.join()}]`,
        );
    }
    const foreign = translated.shape.pluralCategories.filter((category) => !allowedCategories.has(category));
    if (foreign.length > 0)
      problems.push(
        `${locale}: ${id} uses plural categories [${foreign.join()}] that ${locale} does not have`,
      );
    if (translated.shape.pluralCategories.length > 0 && !translated.shape.pluralCategories.includes('other'))
      problems.push(`${locale}: ${id} has a plural without an "other" case`);
  }
  return problems;
}

export function readCatalog(path: string): Catalog {
  return JSON.parse(readFileSync(path, 'utf8')) as Catalog;
}

/** The problems of every catalogue, including a locale without a catalogue file. */
export function allCatalogProblems(): string[] {
  const en = readCatalog(EN_JSON);
  return SUPPORTED_LOCALES.filter((locale) => locale !== 'en').flatMap((locale) => {
    let catalog: Catalog;
    try {
      catalog = readCatalog(catalogPath(locale));
    } catch (error) {
      return [`${locale}: ${relative(process.cwd(), catalogPath(locale))} cannot be read (${String(error)})`];
    }
    return catalogProblems(en, catalog, locale);
  });
}

function main(): number {
  const problems = allCatalogProblems();
  for (const problem of problems) console.error(problem);
  if (problems.length === 0) console.log('every catalogue has every message of en.json');
  return problems.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main();
}

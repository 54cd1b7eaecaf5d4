import { posix } from 'node:path';
import type { ModuleDeclaration } from '../modules';

export interface ImportViolation {
  file: string;
  line: number;
  from: string;
  to: string;
  specifier: string;
}

const importPattern =
  /\b(?:import|export)\s[^'";]*?\bfrom\s*'([^']+)'|\bimport\(\s*'([^']+)'\s*\)|^\s*import\s+'([^']+)'/gm;

function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** The relative imports of a source, with their line: packages are no module's. */
export function relativeImports(source: string): { specifier: string; line: number }[] {
  const text = withoutComments(source);
  return [...text.matchAll(importPattern)].flatMap((match) => {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (specifier === undefined || !specifier.startsWith('.')) return [];
    return [{ specifier, line: text.slice(0, match.index).split('\n').length }];
  });
}

/** The module a path (from the repository root, with or without `.ts`) belongs to: the longest folder that holds it. */
export function moduleOf(path: string, modules: Readonly<Record<string, ModuleDeclaration>>): string | null {
  const bare = path.replace(/\.ts$/, '');
  let best: { name: string; length: number } | null = null;
  for (const [name, declaration] of Object.entries(modules))
    for (const folder of declaration.folders)
      if ((bare === folder || bare.startsWith(`${folder}/`)) && folder.length > (best?.length ?? -1))
        best = { name, length: folder.length };
  return best?.name ?? null;
}

/** The imports of `file` into a module its own module does not declare it uses. */
export function importViolations(
  file: string,
  source: string,
  modules: Readonly<Record<string, ModuleDeclaration>>,
): ImportViolation[] {
  const from = moduleOf(file, modules);
  if (from === null) return [];
  const allowed = new Set<string>(modules[from]?.uses ?? []);
  return relativeImports(source).flatMap(({ specifier, line }) => {
    const to = moduleOf(posix.join(posix.dirname(file), specifier), modules);
    return to === null || to === from || allowed.has(to) ? [] : [{ file, line, from, to, specifier }];
  });
}

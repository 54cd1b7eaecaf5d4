import { buildSync } from 'esbuild';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

/**
 * Tests that run part of the platform in a child process (a second deployment, a process killed mid-write, a CLI)
 * start it from a bundle: the entry and everything it imports made into one JavaScript file by esbuild, on first
 * use in this test process, the way `npm run build:server` bundles the server (services/tools/build-server.mjs).
 * Under `--import tsx` every child compiled the platform's TypeScript again, about two seconds of CPU per start on
 * this machine; a bundle loads in a fraction of it.
 */

const root = process.cwd();
/** The sources a bundle is made of: a change to one of them makes the next child rebundle. */
const sources = ['services', 'projections'].map((folder) => join(root, folder));
/** Files the platform loads by path at run time (`new URL('./x', import.meta.url)`), copied beside each bundle. */
const assets = ['services/eventstore/sqliteWriter.mjs'];

let outdir: string | undefined;
const bundles = new Map<string, { file: string; builtAt: number }>();

function newestMtime(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function bundleFolder(): string {
  if (outdir) return outdir;
  // Inside the project, so the packages the bundle leaves external resolve from node_modules as the server's do.
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const folder = mkdtempSync(join(cache, 'test-children-'));
  for (const asset of assets) copyFileSync(join(root, asset), join(folder, basename(asset)));
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  outdir = folder;
  return folder;
}

/**
 * Node's arguments that run a TypeScript entry (a path, absolute or from the project root) from its bundle, built
 * when missing or stale; further arguments of the script go after them.
 */
export function childScriptArgs(script: string): string[] {
  return ['--enable-source-maps', bundledScript(script)];
}

function bundledScript(script: string): string {
  const entry = resolve(root, script);
  const known = bundles.get(entry);
  if (known && Math.max(...sources.map(newestMtime)) < known.builtAt) return known.file;
  const name = `${basename(entry).replace(/\.ts$/, '')}-${bundles.size}`;
  const folder = bundleFolder();
  const builtAt = Date.now();
  buildSync({
    absWorkingDir: root,
    entryPoints: { [name]: entry },
    outdir: folder,
    // As the server's bundle: what is imported dynamically (the EventStoreDB adapter) loads only when used.
    splitting: true,
    chunkNames: `${name}-[name]-[hash]`,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  const file = join(folder, `${name}.mjs`);
  bundles.set(entry, { file, builtAt });
  return file;
}

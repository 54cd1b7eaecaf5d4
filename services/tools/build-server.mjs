// `npm run build:server`: bundles the server and its command-line tools into `dist/server/` with esbuild, so
// `npm start`, the Dockerfile and the tests run plain `node` on JavaScript instead of compiling TypeScript at
// start-up. Packages stay external (resolved from node_modules at run time): better-sqlite3 is native, and
// knex, pg and the Stripe SDK load parts of themselves by name.
//
//   node services/tools/build-server.mjs            build when a source is newer than the bundle
//   node services/tools/build-server.mjs --force    build anyway
//
// The same freshness rule serves `npm start` and the test harness (`serverIsStale`), so neither runs a stale
// bundle after an edit.
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const serverDist = join(root, 'dist', 'server');

/** Entry points, by the name of the file they become in `dist/server/`. */
const entries = {
  main: 'services/main.ts',
  'projections-rebuild': 'projections/runner/rebuild-cli.ts',
  'projections-parked': 'projections/runner/parked-cli.ts',
  'audit-verify': 'services/audit/verify-cli.ts',
};
/**
 * Files the bundle loads by path at run time (`new URL('./x', import.meta.url)`), copied beside the entries: each
 * entry is one file in `dist/server/` (no code splitting), so such a URL finds them there.
 */
const assets = ['services/eventstore/sqliteWriter.mjs', 'projections/runner/walCheckpointer.mjs'];
const sources = ['services', 'projections', 'package.json', 'package-lock.json', 'tsconfig.json'];

function newestMtime(path) {
  let info;
  try {
    info = statSync(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when `dist/server/main.js` is missing or older than any server source. */
export function serverIsStale() {
  const bundle = join(serverDist, 'main.js');
  if (!existsSync(bundle)) return true;
  const built = statSync(bundle).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > built);
}

/** Builds into a fresh folder beside the old one and swaps it in, so a running server never sees half a bundle. */
export async function buildServer() {
  const staging = `${serverDist}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    await build({
      absWorkingDir: root,
      entryPoints: Object.fromEntries(
        Object.entries(entries).map(([name, file]) => [name, join(root, file)]),
      ),
      outdir: staging,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      // Modules imported dynamically become chunks of their own, loaded when first used: the EventStoreDB
      // adapter (and its gRPC client) is not loaded at all on SQLite or PostgreSQL. Chunks sit beside the entries,
      // so what a module finds next to itself (`new URL('./sqliteWriter.mjs', import.meta.url)`) is still there.
      splitting: true,
      chunkNames: '[name]-[hash]',
      sourcemap: 'linked',
      logLevel: 'warning',
      legalComments: 'none',
    });
    for (const asset of assets) copyFileSync(join(root, asset), join(staging, asset.split('/').at(-1)));
    rmSync(serverDist, { recursive: true, force: true });
    renameSync(staging, serverDist);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  if (force || serverIsStale()) {
    const started = Date.now();
    await buildServer();
    console.log(`server bundle: ${serverDist} (${Date.now() - started} ms)`);
  }
}

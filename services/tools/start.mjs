// `npm start`: builds the web app and the server bundle when they are missing or older than their sources, then
// runs everything in one process (`node dist/server/main.js`) on the embedded default; arguments after `--` go to
// the server (`--roles=…`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, serverDist, serverIsStale } from './build-server.mjs';

const root = process.cwd();
const builtIndex = join(root, 'web', 'dist', 'index.html');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = [
  join(root, 'web', 'src'),
  join(root, 'web', 'index.html'),
  join(root, 'web', 'vite.config.ts'),
];
const newest = Math.max(
  ...sources
    .filter(existsSync)
    .map((p) => (statSync(p).isDirectory() ? newestSource(p) : statSync(p).mtimeMs)),
);
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < newest) {
  console.log('Building the web app (first start or changed sources)…');
  const build = spawnSync('npm', ['run', '-s', 'build:web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (serverIsStale()) {
  console.log('Building the server (first start or changed sources)…');
  await buildServer();
}

// A young generation and an old-generation growth sized for a peak of 300 MB in a rush; see docs/decisions/young-generation.md.
const child = spawn(
  process.execPath,
  // `npm start -- --roles=api` runs one role (docs/decisions/process-roles.md).
  [
    '--max-semi-space-size=8',
    '--heap-growing-percent=30',
    '--enable-source-maps',
    join(serverDist, 'main.js'),
    ...process.argv.slice(2),
  ],
  {
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

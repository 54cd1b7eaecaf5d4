/**
 * The bundles the end-to-end tier runs the app from: the web build (`web/dist`) and the server build
 * (`dist/server/main.js`), each built once per test worker and only when older than its sources, under a lock
 * shared by every worker of the checkout.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { inheritedEnv, root } from './e2eEnvironment';

const WEB_DIST_INDEX = join(root, 'web', 'dist', 'index.html');
const WEB_INPUTS = [
  join(root, 'web', 'src'),
  join(root, 'web', 'index.html'),
  join(root, 'web', 'vite.config.ts'),
];
const BUILD_LOCK = join(
  tmpdir(),
  `ticketing-web-build-${createHash('sha1').update(root).digest('hex').slice(0, 12)}.lock`,
);
const LOCK_WAIT_MS = 5 * 60_000;
const LOCK_STALE_MS = 10 * 60_000;

async function newestMtime(path: string): Promise<number> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return 0;
  }
  // A folder's own mtime counts too: deleting or renaming a source changes only that.
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path)) newest = Math.max(newest, await newestMtime(join(path, entry)));
  return newest;
}

async function webIsStale(): Promise<boolean> {
  let built: number;
  try {
    built = (await stat(WEB_DIST_INDEX)).mtimeMs;
  } catch {
    return true;
  }
  let newest = 0;
  for (const input of WEB_INPUTS) newest = Math.max(newest, await newestMtime(input));
  return newest > built;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock folder shared by every test worker of this checkout; a dead or very old holder's lock is broken. */
async function withBuildLock<T>(fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      await mkdir(BUILD_LOCK);
      await writeFile(join(BUILD_LOCK, 'pid'), String(process.pid));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(await readFile(join(BUILD_LOCK, 'pid'), 'utf8').catch(() => ''));
      const age =
        Date.now() -
        (await stat(BUILD_LOCK)
          .then((s) => s.mtimeMs)
          .catch(() => Date.now()));
      if ((holder > 0 && !isAlive(holder)) || age > LOCK_STALE_MS) {
        await rm(BUILD_LOCK, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for the web build lock ${BUILD_LOCK}`, { cause: err });
      }
      await delay(250);
    }
  }
  try {
    return await fn();
  } finally {
    await rm(BUILD_LOCK, { recursive: true, force: true });
  }
}

function runBuild(script: 'build:web' | 'build:server'): Promise<void> {
  return new Promise((resolveBuild, reject) => {
    const env = inheritedEnv();
    // vitest sets NODE_ENV=test; a Vite build under it would bundle React's development build.
    env.NODE_ENV = 'production';
    const child = spawn('npm', ['run', '-s', script], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const capture = (chunk: Buffer): void => {
      output = (output + chunk.toString('utf8')).slice(-200_000);
    };
    child.stdout.on('data', capture);
    child.stderr.on('data', capture);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolveBuild();
      else reject(new Error(`npm run ${script} failed (${signal ?? `exit ${code ?? '?'}`}):\n${output}`));
    });
  });
}

let webBuild: Promise<void> | undefined;

/** Runs `npm run build:web` once, and only if `web/dist/index.html` is missing or older than the web sources. */
export function ensureWebBuilt(): Promise<void> {
  webBuild ??= (async () => {
    if (!(await webIsStale())) return;
    await withBuildLock(async () => {
      if (await webIsStale()) await runBuild('build:web');
    });
  })().catch((err: unknown) => {
    webBuild = undefined;
    throw err;
  });
  return webBuild;
}

const SERVER_ENTRY = join(root, 'dist', 'server', 'main.js');
const SERVER_INPUTS = ['services', 'projections', 'package.json', 'package-lock.json', 'tsconfig.json'].map(
  (input) => join(root, input),
);

async function serverIsStale(): Promise<boolean> {
  let built: number;
  try {
    built = (await stat(SERVER_ENTRY)).mtimeMs;
  } catch {
    return true;
  }
  for (const input of SERVER_INPUTS) if ((await newestMtime(input)) > built) return true;
  return false;
}

let serverBuild: Promise<string> | undefined;

/**
 * The server bundle's entry (`dist/server/main.js`), built once by `npm run build:server` when it is missing or
 * older than the server's sources. Tests that start the real process run it as `npm start` does: plain node on
 * JavaScript, not TypeScript compiled at start-up.
 */
export function serverEntry(): Promise<string> {
  serverBuild ??= (async () => {
    if (await serverIsStale())
      await withBuildLock(async () => {
        if (await serverIsStale()) await runBuild('build:server');
      });
    return SERVER_ENTRY;
  })().catch((err: unknown) => {
    serverBuild = undefined;
    throw err;
  });
  return serverBuild;
}

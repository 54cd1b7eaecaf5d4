/**
 * The app under test in the end-to-end tier: the server bundle started in a child process on a free port with a
 * fresh data folder, ready once it answers, its output kept, its clock moved by the test, and stopped for sure.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { AdvanceClock, ClockAdvanced } from '../parentClock';
import { ensureWebBuilt, serverEntry } from './e2eBuild';
import { inheritedEnv, root } from './e2eEnvironment';

const READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 10_000;
const LOG_LIMIT = 1_000_000;

export interface StartAppOptions {
  /** Extra environment for the app; wins over everything else (e.g. `{ DATABASE_URL: testDb.url }`). */
  env?: Record<string, string>;
  /**
   * `--roles=` of the process (docs/decisions/process-roles.md); all by default. A process without the API role
   * is ready once it prints that it runs, instead of when `/readyz` answers.
   */
  roles?: string;
  /** Node's own flags for the process, before the bundle (e.g. the young-generation size `npm start` gives it). */
  nodeFlags?: readonly string[];
}

export interface RunningApp {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** The server process's id (its CPU and memory can be read from /proc). */
  pid: number;
  /** The app's fresh DATA_DIR; removed by `stop()`. */
  dataDir: string;
  admin: { email: string; password: string };
  /** Everything the app printed so far (stdout and stderr, interleaved). */
  logs(): string;
  /**
   * Moves the server's clock forward (the app runs with `TEST_CLOCK=parent`, services/kit/parentClock.ts);
   * resolves once the server has moved it. Move a page's clock by the same amount (`page.clock.fastForward`),
   * so the buyer's countdown and the server's deadlines agree.
   */
  advanceClock(ms: number): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s; waits for the exit and removes `dataDir`. Safe to call twice. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Never leave an app behind when the test worker exits without calling stop(). */
function killOnExit(child: ChildProcess): void {
  running.add(child);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const c of running) c.kill('SIGKILL');
  });
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolvePort(address.port);
        else reject(new Error('could not pick a free port'));
      });
    });
  });
}

/**
 * Starts the server bundle (`node dist/server/main.js`, as `npm start` runs it) on a free port with a fresh
 * DATA_DIR and a random admin password, and resolves once `GET /readyz` answers 200. Builds the web and the
 * server first where they are stale.
 */
export async function startApp(options: StartAppOptions = {}): Promise<RunningApp> {
  const server = await serverEntry();
  await ensureWebBuilt();
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'ticketing-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...inheritedEnv(),
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    ADMIN_EMAIL: 'admin@example.test',
    ADMIN_PASSWORD: `E2e-${randomBytes(18).toString('base64url')}-7`,
    NODE_ENV: 'test',
    TEST_CLOCK: 'parent',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const admin = { email: env.ADMIN_EMAIL ?? '', password: env.ADMIN_PASSWORD ?? '' };

  const serves = options.roles === undefined || options.roles.split(',').includes('api');
  const child = spawn(
    process.execPath,
    [
      ...(options.nodeFlags ?? []),
      '--enable-source-maps',
      server,
      ...(options.roles ? [`--roles=${options.roles}`] : []),
    ],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  killOnExit(child);
  const advanceClock = clockControl(child);

  let output = '';
  const capture = (chunk: Buffer): void => {
    output += chunk.toString('utf8');
    if (output.length > LOG_LIMIT) output = output.slice(-LOG_LIMIT);
  };
  child.stdout?.on('data', capture);
  child.stderr?.on('data', capture);
  const logs = (): string => output;

  let exitStatus: string | undefined;
  const exited = new Promise<void>((resolveExit) => {
    child.once('exit', (code, signal) => {
      exitStatus = signal ? `signal ${signal}` : `code ${code ?? '?'}`;
      running.delete(child);
      resolveExit();
    });
    child.once('error', (err) => {
      exitStatus = `spawn error: ${err.message}`;
      running.delete(child);
      resolveExit();
    });
  });

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      if (exitStatus === undefined) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(killer);
      }
      await rm(dataDir, { recursive: true, force: true });
    })());

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exitStatus !== undefined) {
      await stop();
      throw new Error(
        `the app exited (${exitStatus}) before ${url}/readyz answered 200. Its output:\n${logs()}`,
      );
    }
    if (!serves) {
      if (/Ticketing .* running/.test(output)) break;
    } else {
      try {
        const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
        await response.body?.cancel();
        if (response.status === 200) break;
      } catch {
        // not listening yet
      }
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `${url}/readyz did not answer 200 within ${READY_TIMEOUT_MS / 1000} s. The app's output:\n${logs()}`,
      );
    }
    await delay(200);
  }

  return { url, pid: child.pid ?? 0, dataDir, admin, logs, advanceClock, stop };
}

/** `advanceClock` of a started app: one IPC request at a time, answered by the server's `clock-advanced`. */
function clockControl(child: ChildProcess): (ms: number) => Promise<void> {
  let next = 0;
  const waiting = new Map<number, () => void>();
  child.on('message', (message: Partial<ClockAdvanced>) => {
    if (message.type === 'clock-advanced' && typeof message.id === 'number') waiting.get(message.id)?.();
  });
  return (ms) =>
    new Promise<void>((resolveAdvance, reject) => {
      const id = ++next;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`the app did not move its clock by ${ms} ms within 5 s`));
      }, 5_000);
      waiting.set(id, () => {
        clearTimeout(timer);
        waiting.delete(id);
        resolveAdvance();
      });
      const request: AdvanceClock = { type: 'advance-clock', id, ms };
      child.send(request);
    });
}

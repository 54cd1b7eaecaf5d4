import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import type { AdvanceClock, ClockAdvanced } from '../parentClock';

/**
 * The end-to-end tier: the real app (`services/main.ts`) in a child process on the embedded default,
 * driven by Debian's Chromium through playwright-core. Files named `*.e2e.spec.ts` use `describeE2E`.
 */

/** Debian's full Chromium, for what only the full browser does (a camera refused at the permission prompt). */
export const fullChromiumPath = '/usr/bin/chromium';
/**
 * Debian's headless shell (package chromium-headless-shell): the same Blink and V8 without the full browser's
 * UI layer. It starts in about half the time and runs pages lighter, which the browser tier pays once per
 * file and per context; without it the journeys use the full browser.
 */
const headlessShellPath = '/usr/lib/chromium/chromium-headless-shell';
export const chromiumPath =
  process.env.E2E_CHROMIUM ?? (existsSync(headlessShellPath) ? headlessShellPath : fullChromiumPath);
export const hasChromium = existsSync(chromiumPath);

const root = process.cwd();
const READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 10_000;
const LOG_LIMIT = 1_000_000;

/**
 * `YYYY-MM-DD` for a month and day (`'05-01'`) of next calendar year. Journeys run the app on the real clock, so a
 * date written into a test must stay ahead of today whenever the test runs (docs/time.md).
 */
export function dateNextYear(monthDay: string): string {
  return `${new Date().getUTCFullYear() + 1}-${monthDay}`;
}

/** The English weekday of a `YYYY-MM-DD` date, for asserting formatted dates made with `dateNextYear`. */
export function weekdayOf(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
}

/**
 * Like `describe`, for end-to-end journeys. Without Chromium the block is skipped loudly; under `CI=true`
 * it fails instead (one failing test), because CI must run every tier.
 */
export function describeE2E(name: string, body: () => void): void {
  if (hasChromium) {
    describe(name, body);
    return;
  }
  if (process.env.CI === 'true') {
    describe(name, () => {
      it('needs Chromium', () => {
        throw new Error(
          `CI=true but Chromium is missing (${chromiumPath}): the end-to-end tier must run in CI`,
        );
      });
    });
    return;
  }
  console.warn(`\n*** SKIPPED (no Chromium at ${chromiumPath}, end-to-end tier): ${name} ***\n`);
  describe.skip(name, body);
}

const BROWSER_ARGS = [
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--no-pings',
];

/**
 * Headless Debian Chromium (the headless shell where installed). `args` are added to the defaults, e.g. the fake
 * camera for the scanner: `['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']`.
 */
export function launchBrowser(options: { args?: string[] } = {}): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: [...BROWSER_ARGS, ...(options.args ?? [])] });
}

/**
 * The full Chromium in its new headless mode, for a journey that needs what the headless shell lacks: the shell
 * grants a camera without asking, so only the full browser can refuse one the page was never allowed.
 */
export function launchFullBrowser(options: { args?: string[] } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.E2E_CHROMIUM ?? fullChromiumPath,
    args: [...BROWSER_ARGS, ...(options.args ?? [])],
  });
}

/** Fills and submits the login form; the caller waits for wherever it should lead. */
export async function submitLogin(
  page: Page,
  baseUrl: string,
  credentials: { email: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** A full-page PNG at `test-results/screenshots/<name>.png` (a `/` in the name makes a subfolder). Returns the path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const safe = name
    .split('/')
    .map((part) => part.replace(/[^\w.-]+/g, '-').replace(/^\.+/, ''))
    .filter((part) => part.length > 0)
    .join('/');
  const file = resolve(root, 'test-results', 'screenshots', `${safe || 'screenshot'}.png`);
  await mkdir(dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export interface StartAppOptions {
  /** Extra environment for the app; wins over everything else (e.g. `{ DATABASE_URL: testDb.url }`). */
  env?: Record<string, string>;
  /**
   * `--roles=` of the process (docs/decisions/process-roles.md); all by default. A process without the API role
   * is ready once it prints that it runs, instead of when `/readyz` answers.
   */
  roles?: string;
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

/**
 * Configuration that must not leak from the test runner's environment into the app: the app starts on the
 * embedded default (SQLite in its own DATA_DIR) unless the test opts in through `options.env`. In particular
 * CI's DATABASE_URL is the int tier's server, and two apps sharing its `postgres` database would mix state.
 */
const NOT_INHERITED = [
  /^DATABASE_URL$/,
  /^EVENTSTORE(_|$)/,
  /^SMTP_URL$/,
  /^STRIPE_/,
  /^PUBLIC_URL$/,
  /^VITEST/,
];

function inheritedEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !NOT_INHERITED.some((re) => re.test(key))) env[key] = value;
  }
  return env;
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
    ['--enable-source-maps', server, ...(options.roles ? [`--roles=${options.roles}`] : [])],
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

// --- the web build -----------------------------------------------------------------------------------

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

// --- accessibility -----------------------------------------------------------------------------------

const AXE_SCRIPT = join(root, 'node_modules', 'axe-core', 'axe.min.js');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
let axeSource: Promise<string> | undefined;
const FAILING_IMPACTS = new Set(['serious', 'critical']);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Waits until no CSS transition or animation is running and no Blueprint overlay is still entering or leaving:
 * axe measures what it sees, and a dialog halfway through its scale-in has smaller touch targets and a
 * half-faded text with too little contrast.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      // A transition's first class (`bp6-toast-exit`) comes a frame before its `-active` one: wait on both, but not
      // on the `-done` class an element keeps once it has arrived (nor on an icon named `key-enter`).
      ![...document.querySelectorAll('[class*="-enter"], [class*="-exit"], [class*="-appear"]')].some(
        (element) =>
          [...element.classList].some(
            (name) => /-(enter|exit|appear)(-active)?$/.test(name) && !/icon/.test(name),
          ),
      ) &&
      document
        .getAnimations()
        // A spinner or a live pulse loops forever; only what ends is waited for.
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 10_000, polling: 50 },
  );
}

/**
 * Runs axe-core on the page as it is now, with the WCAG 2.0, 2.1 and 2.2 A and AA rules, and throws when it
 * finds a serious or critical violation, listing each with the elements it concerns. `label` names the page
 * (and its scheme) in the message.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  await settleTransitions(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  // Not `page.addScriptTag`: the app's Content-Security-Policy (`script-src 'self'`) blocks an inline script,
  // while an evaluation through the DevTools protocol is not subject to it.
  if (!loaded) await page.evaluate(await (axeSource ??= readFile(AXE_SCRIPT, 'utf8')));
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, options: unknown) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, { runOnly: { type: 'tag', values: tags } })) as {
      violations: unknown[];
    };
    return result.violations;
  }, WCAG_TAGS);
  const failing = (violations as AxeViolation[]).filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
  if (failing.length === 0) return;
  const report = failing
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `    ${JSON.stringify(n.target)}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`)
        .join('\n');
      return `  ${v.impact ?? '?'} ${v.id}: ${v.help} (${v.nodes.length} element(s))\n${nodes}`;
    })
    .join('\n');
  throw new Error(`${label}: ${failing.length} serious or critical accessibility violation(s)\n${report}`);
}

// --- the API from a test ------------------------------------------------------------------------------------

/**
 * Calls the app's API from the test (Node's fetch), with a bearer token when one is given; throws on an answer
 * that is not 2xx, with its status and body.
 */
export async function callApi<T>(
  app: RunningApp,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${app.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface BoughtAttendee {
  id: string;
  short_id: string;
  first_name: string | null;
  last_name: string | null;
  /** The signed QR payload of the ticket, as the buyer's ticket page and mail show it. */
  ticket_code: string | null;
}

/**
 * Buys free tickets of a live event as a buyer does, through the public checkout (reserve, details, complete
 * with `FREE`), one attendee per person given; answers the completed order's attendees in that order.
 */
export async function buyFreeTicketsThroughApi(
  app: RunningApp,
  eventId: string,
  ticketId: string,
  people: readonly { first_name: string; last_name: string; email: string }[],
): Promise<BoughtAttendee[]> {
  type Answer = { data: { short_id: string; attendees: BoughtAttendee[] } };
  const orders = `/public/events/${eventId}/orders`;
  const placed = await callApi<Answer>(app, null, 'POST', orders, {
    lines: [{ ticket_id: ticketId, quantity: people.length }],
  });
  const order = `${orders}/${placed.data.short_id}`;
  await callApi(app, null, 'PUT', `${order}/details`, {
    ...people[0],
    attendees: people,
    terms_agreed: true,
  });
  const completed = await callApi<Answer>(app, null, 'POST', `${order}/complete`, { payment_method: 'FREE' });
  return completed.data.attendees;
}

/**
 * An organizer and an event of it, created through the API as the member logged in on `page` (the set-up most
 * journeys of the back office start from); answers the event's id.
 */
export async function createEventInPage(
  page: Page,
  organizer: Record<string, unknown>,
  event: Record<string, unknown>,
): Promise<string> {
  const created = await callApiInPage<{ data: { id: string } }>(page, 'POST', '/organizers', organizer);
  const answer = await callApiInPage<{ data: { id: string } }>(page, 'POST', '/events', {
    ...event,
    organizer_id: created.data.id,
  });
  return answer.data.id;
}

/**
 * Calls the API from inside the page, as the member logged in there (the token the app keeps in localStorage)
 * or, with `anonymous`, as a buyer; never from the HTTP cache. Throws on an answer that is not 2xx.
 */
export function callApiInPage<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  options: { anonymous?: boolean } = {},
): Promise<T> {
  return page.evaluate(
    async ({ method, path, body, anonymous }): Promise<T> => {
      const token = anonymous ? null : localStorage.getItem('token');
      const response = await fetch(`/api${path}`, {
        method,
        cache: 'no-store',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    { method, path, body, anonymous: options.anonymous === true },
  );
}

/**
 * Gives an event a ticket through the API (as the app's admin), for journeys that publish before the tickets
 * pages exist: publishing an event without tickets is refused with `no_tickets`.
 */
export async function createTicketThroughApi(
  app: RunningApp,
  eventId: string,
  ticket: Record<string, unknown> = { type: 'PAID', title: 'General admission', price: 1500, quantity: 100 },
): Promise<string> {
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const login = await post('/api/auth/login', app.admin);
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const created = await post(`/api/events/${eventId}/tickets`, ticket, token);
  if (created.status !== 201)
    throw new Error(`ticket not created: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { data: { id: string } }).data.id;
}

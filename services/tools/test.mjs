// `npm test`: every tier (lint, typecheck, then vitest's unit, int and e2e projects).
//
//   npm test                          everything
//   npm test -- services/eventstore   extra arguments go to vitest (file filters, --project e2e, -t name, ...)
//
// Reads: CI (=true turns a missing PostgreSQL or Chromium into a failure instead of a loud skip),
// DATABASE_URL (a PostgreSQL server for the int tier; without it a throwaway PG 15 cluster is started
// through services/tools/pgtmp.sh when /usr/lib/postgresql/15/bin/initdb exists, and stopped at the end),
// EVENTSTORE_URL (passed through: the EventStoreDB tier runs only where it is set).
// Writes reports/vitest.json (and reports/vitest-wall-clock±365.json for the time-travel runs of the time-sensitive
// suites, see docs/time.md). The last line printed is always `N passed, N failed`, summed over every run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
process.chdir(root);

const CI = process.env.CI === 'true';
const INITDB = '/usr/lib/postgresql/15/bin/initdb';
const CHROMIUM = '/usr/bin/chromium';
const REPORT = 'reports/vitest.json';
const PGTMP_SH = 'services/tools/pgtmp.sh';

const args = process.argv.slice(2);
if (args[0] === '--') args.shift();

const env = { ...process.env };
let pgtmp = null; // folder of the cluster this script started, if any
let child = null; // the running child process, if any
let interrupted = null; // the signal that interrupted the run, if any

function banner(lines) {
  const bar = '*'.repeat(78);
  console.warn(['', bar, ...lines.map((l) => `*** ${l}`), bar, ''].join('\n'));
}

function section(title) {
  console.log(`\n=== ${title}`);
}

function stopPostgres() {
  if (!pgtmp) return;
  const dir = pgtmp;
  pgtmp = null;
  spawnSync('bash', [PGTMP_SH, 'stop', dir], { stdio: 'ignore' });
}

/** Ends the run: cleans up, then prints the summary as the very last line. */
function finish(passed, failed, reason) {
  stopPostgres();
  // A failing run never reports `0 failed`.
  const failures = reason && failed === 0 ? 1 : failed;
  if (reason) console.error(`\ntest: FAILED: ${reason}`);
  console.log(`${passed} passed, ${failures} failed`);
  process.exit(failures > 0 ? 1 : 0);
}

/** Sends a signal to the child's whole process group (npm and npx wrap the real tool in `sh -c`). */
function signalChild(signal) {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Runs a command with inherited output in its own process group; resolves with its exit code (a signal
 * counts as failure). Signals to this script are passed on to that group (see below), so Ctrl-C and
 * `kill` reach the real tool and the cleanup still runs.
 */
function run(command, commandArgs) {
  return new Promise((resolveRun) => {
    child = spawn(command, commandArgs, { stdio: ['ignore', 'inherit', 'inherit'], env, detached: true });
    child.on('error', (err) => {
      console.error(`test: could not start ${command}: ${err.message}`);
      child = null;
      resolveRun(127);
    });
    child.on('exit', (code, signal) => {
      child = null;
      resolveRun(code ?? (signal ? 128 : 1));
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (interrupted) {
      // A second signal: stop waiting politely.
      signalChild('SIGKILL');
      return;
    }
    interrupted = signal;
    console.error(`\ntest: ${signal} received, stopping`);
    // The awaited run() then resolves and the normal path cleans up. Without a child, finish now.
    if (child) signalChild(signal);
    else finish(0, 1, `interrupted by ${signal}`);
  });
}
// Backstop: whatever happens, never leave a cluster or a child process group behind.
process.on('exit', () => {
  signalChild('SIGKILL');
  stopPostgres();
});

// --- 1. What this machine has --------------------------------------------------------------------
section('environment');
const problems = [];
let startPostgres = false;
if (env.DATABASE_URL) {
  console.log(`PostgreSQL: DATABASE_URL is set (${env.DATABASE_URL.replace(/\/\/[^@/]*@/, '//***@')})`);
} else if (existsSync(INITDB)) {
  startPostgres = true;
  console.log('PostgreSQL: DATABASE_URL is not set; a throwaway PostgreSQL 15 cluster will be started');
} else if (CI) {
  problems.push(`CI=true but PostgreSQL is missing: DATABASE_URL is unset and ${INITDB} does not exist`);
} else {
  banner([
    'PostgreSQL TIER SKIPPED: DATABASE_URL is unset and PostgreSQL 15 is not installed',
    `(${INITDB} is missing). Install postgresql-15 or set DATABASE_URL to run it.`,
  ]);
}
if (existsSync(CHROMIUM)) {
  console.log(`Chromium: ${CHROMIUM}`);
} else if (CI) {
  problems.push(`CI=true but Chromium is missing (${CHROMIUM}); install Debian's chromium package`);
} else {
  banner([
    `END-TO-END TIER SKIPPED: Chromium is missing (${CHROMIUM}).`,
    'Install it: apt-get install chromium',
  ]);
}
console.log(
  env.EVENTSTORE_URL
    ? `EventStoreDB: EVENTSTORE_URL is set (${env.EVENTSTORE_URL})`
    : 'EventStoreDB: EVENTSTORE_URL is unset; the EventStoreDB adapter tier skips itself',
);
if (problems.length > 0) {
  for (const p of problems) console.error(`test: ${p}`);
  finish(0, 1, 'the test environment is incomplete');
}

// --- 2. Static checks, fail fast ------------------------------------------------------------------
for (const script of ['lint', 'typecheck']) {
  section(`npm run ${script}`);
  const started = Date.now();
  const code = await run('npm', ['run', '-s', script]);
  if (interrupted) finish(0, 1, `interrupted by ${interrupted}`);
  if (code !== 0) finish(0, 1, `npm run ${script} failed (exit ${code}); see its output above`);
  console.log(`${script}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

// --- 3. PostgreSQL ---------------------------------------------------------------------------------
if (startPostgres) {
  section('PostgreSQL');
  const r = spawnSync('bash', [PGTMP_SH, 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const dir = /PGTMP=(\S+)/.exec(r.stdout ?? '')?.[1];
  const url = /DATABASE_URL=(\S+)/.exec(r.stdout ?? '')?.[1];
  if (r.status === 0 && dir && url) {
    pgtmp = dir;
    env.DATABASE_URL = url;
    console.log(`started a throwaway cluster in ${dir} (${url})`);
  } else {
    process.stderr.write(r.stderr ?? '');
    if (CI) finish(0, 1, 'CI=true and the throwaway PostgreSQL cluster could not be started');
    banner(['PostgreSQL TIER SKIPPED: the throwaway cluster could not be started (see above).']);
  }
}

// --- 4. vitest ----------------------------------------------------------------------------------------
/** Runs vitest with a JSON report; resolves with its exit code. */
async function vitest(report, vitestArgs, extraEnv = {}) {
  rmSync(report, { force: true });
  mkdirSync(dirname(report), { recursive: true });
  Object.assign(env, extraEnv);
  try {
    return await run('npx', [
      '--no-install',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${report}`,
      ...vitestArgs,
    ]);
  } finally {
    for (const key of Object.keys(extraEnv)) delete env[key];
  }
}

/**
 * Counts of one vitest report: { passed, failed, skipped, reason, failures }; reason is set when the run itself
 * failed, failures names each failed test (file > full name).
 */
function readReport(report, code) {
  if (!existsSync(report)) {
    return {
      passed: 0,
      failed: 0,
      skipped: 0,
      reason: `vitest wrote no report (${join(root, report)}), exit ${code}`,
      failures: [],
    };
  }
  try {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    const counts = {
      passed: Number(r.numPassedTests) || 0,
      failed: Number(r.numFailedTests) || 0,
      skipped: (Number(r.numPendingTests) || 0) + (Number(r.numTodoTests) || 0),
      reason: null,
      failures: (r.testResults ?? []).flatMap((file) =>
        (file.assertionResults ?? [])
          .filter((test) => test.status === 'failed')
          .map((test) => `${relative(root, file.name)} > ${test.fullName}`),
      ),
    };
    if (code !== 0 && counts.failed === 0) {
      // e.g. a test file that failed to load, or an unhandled error: no test failed, but the run did.
      counts.failed = Math.max(1, Number(r.numFailedTestSuites) || 0);
      counts.reason = `vitest exited with ${code} (failed suites: ${r.numFailedTestSuites ?? '?'})`;
    }
    return counts;
  } catch (err) {
    return {
      passed: 0,
      failed: 0,
      skipped: 0,
      reason: `${report} is unreadable: ${err.message}`,
      failures: [],
    };
  }
}

section(`vitest run ${args.join(' ')}`.trim());
const vitestCode = await vitest(REPORT, args);
const runs = [readReport(REPORT, vitestCode)];

// --- 5. Time travel --------------------------------------------------------------------------------------
// The suites whose rules compare recorded times with the injected clock run again with the process's wall clock a
// year ahead and a year behind (services/kit/testing/wallClockShift.ts): a test that still depends on the date it
// was written fails here today, not next year. Only on a full run (no file filters).
const TIME_SENSITIVE = [
  'services/worker',
  'services/sales/orders/orders.int.spec.ts',
  'services/identity/identity.int.spec.ts',
  'services/api/api.int.spec.ts',
];
if (args.length === 0 && !interrupted) {
  for (const days of [365, -365]) {
    const label = `${days > 0 ? '+' : ''}${days}`;
    section(`time travel: wall clock ${label} days: vitest run --project int ${TIME_SENSITIVE.join(' ')}`);
    const report = `reports/vitest-wall-clock${label}.json`;
    const code = await vitest(report, ['--project', 'int', ...TIME_SENSITIVE], {
      TEST_WALL_CLOCK_SHIFT_DAYS: String(days),
    });
    runs.push(readReport(report, code));
    if (interrupted) break;
  }
}

// --- 6. Summary -----------------------------------------------------------------------------------
const passed = runs.reduce((sum, r) => sum + r.passed, 0);
const failed = runs.reduce((sum, r) => sum + r.failed, 0);
const skipped = runs.reduce((sum, r) => sum + r.skipped, 0);
const failures = runs.flatMap((r) => r.failures);
// Named again at the end, where a CI log cut to its tail still shows them.
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((name) => `  ${name}`).join('\n')}`);
if (skipped > 0) console.log(`\n(${skipped} skipped or todo: look for SKIPPED warnings above)`);
let reason = runs.map((r) => r.reason).find((r) => r !== null) ?? null;
if (interrupted) reason = `interrupted by ${interrupted}`;
if (!reason && passed + failed === 0) reason = 'no test ran';
finish(passed, failed, reason);

// `npm test`: every tier (lint, format and typecheck beside vitest's unit, int and e2e projects).
//
//   npm test                          everything (what CI runs)
//   npm test -- services/eventstore   extra arguments go to vitest (file filters, --project e2e, -t name, ...)
//   npm test -- --changed [ref]       the developer's loop: lint and format only the files changed since `ref`
//                                     (default HEAD, untracked files included), the full typecheck, and only the
//                                     tests those files can affect (vitest's module graph, plus the browser
//                                     journeys of a changed web feature)
//   npm run test:durations            commit-ready: the last full run's file durations, which order a fresh
//                                     clone's run (slowest files first, services/kit/testing/slowFirstSequencer.ts)
//
// Reads: CI (=true turns a missing PostgreSQL or Chromium into a failure instead of a loud skip),
// DATABASE_URL (a PostgreSQL server for the int tier; without it a throwaway PG 15 cluster is started
// through services/tools/pgtmp.sh when /usr/lib/postgresql/15/bin/initdb exists, and stopped at the end),
// EVENTSTORE_URL (passed through: the EventStoreDB tier runs only where it is set).
// Writes reports/vitest.json. The time-sensitive suites run a second and third time with the wall clock shifted
// (projects of the same run, vitest.config.ts; docs/time.md). At the end it prints how long each phase and tier
// took and the slowest files; the last line printed is always `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
process.chdir(root);

const CI = process.env.CI === 'true';
const INITDB = '/usr/lib/postgresql/15/bin/initdb';
const CHROMIUM = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const REPORT = 'reports/vitest.json';
const PGTMP_SH = 'services/tools/pgtmp.sh';

const args = process.argv.slice(2);
if (args[0] === '--') args.shift();

// `npm run test:durations`: the last full run's file durations become the order a fresh clone starts from.
const LOCAL_DURATIONS = 'reports/test-durations.json';
const COMMITTED_DURATIONS = 'services/tools/testDurations.json';
if (args[0] === '--save-durations') {
  if (!existsSync(LOCAL_DURATIONS)) {
    console.error(`No ${LOCAL_DURATIONS}: run the full \`npm test\` first.`);
    process.exit(1);
  }
  writeFileSync(COMMITTED_DURATIONS, readFileSync(LOCAL_DURATIONS, 'utf8'));
  console.log(`${COMMITTED_DURATIONS} now holds the durations of the last full run.`);
  process.exit(0);
}
const changedMode = args[0] === '--changed';
const changedSince = changedMode && args[1] && !args[1].startsWith('-') ? args[1] : 'HEAD';
const passThrough = changedMode ? args.slice(changedSince === args[1] ? 2 : 1) : args;

const env = { ...process.env };
let pgtmp = null; // folder of the cluster this script started, if any
const children = new Set(); // running child processes
let interrupted = null; // the signal that interrupted the run, if any
const phases = []; // [name, seconds] of each phase, printed at the end

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

/** Sends a signal to every child's whole process group (npm and npx wrap the real tool in `sh -c`). */
function signalChildren(signal) {
  for (const child of children) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Runs a command in its own process group; resolves with { code, output, seconds } (a signal counts as failure).
 * With `capture`, its output is kept and returned instead of printed, so commands that run side by side do not
 * interleave their lines. Signals to this script are passed on to every group (see below), so Ctrl-C and `kill`
 * reach the real tools and the cleanup still runs.
 */
function run(command, commandArgs, { capture = false } = {}) {
  const started = Date.now();
  return new Promise((resolveRun) => {
    const child = spawn(command, commandArgs, {
      stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'],
      env,
      detached: true,
    });
    children.add(child);
    let output = '';
    if (capture) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    const done = (code) => {
      children.delete(child);
      resolveRun({ code, output, seconds: (Date.now() - started) / 1000 });
    };
    child.on('error', (err) => {
      output += `test: could not start ${command}: ${err.message}\n`;
      done(127);
    });
    child.on('exit', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (interrupted) {
      // A second signal: stop waiting politely.
      signalChildren('SIGKILL');
      return;
    }
    interrupted = signal;
    console.error(`\ntest: ${signal} received, stopping`);
    // The awaited run() then resolves and the normal path cleans up. Without a child, finish now.
    if (children.size > 0) signalChildren(signal);
    else finish(0, 1, `interrupted by ${signal}`);
  });
}
// Backstop: whatever happens, never leave a cluster or a child process group behind.
process.on('exit', () => {
  signalChildren('SIGKILL');
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
  // The journeys run in the headless shell where it is installed, at about half the CPU of the full browser.
  if (existsSync(HEADLESS_SHELL)) console.log(`Chromium headless shell: ${HEADLESS_SHELL}`);
  else if (CI) problems.push(`CI=true but ${HEADLESS_SHELL} is missing; install chromium-headless-shell`);
  else console.log(`Chromium headless shell: missing (${HEADLESS_SHELL}); the journeys use the full browser`);
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

// --- 2. What a --changed run looks at ------------------------------------------------------------------
/** Files changed since `changedSince` (deleted ones left out) and files git does not know yet. */
function changedFiles() {
  const git = (gitArgs) => {
    const r = spawnSync('git', gitArgs, { encoding: 'utf8' });
    if (r.status !== 0) finish(0, 1, `git ${gitArgs.join(' ')} failed: ${r.stderr.trim()}`);
    return r.stdout.split('\n').filter(Boolean);
  };
  return [
    ...new Set([
      ...git(['diff', '--name-only', '--diff-filter=d', changedSince]),
      ...git(['ls-files', '--others', '--exclude-standard']),
    ]),
  ].sort();
}

/** A changed web feature's browser journeys; a change to the web's shared parts or its shell, all of them. */
function journeysOf(files) {
  const journeys = spawnSync('git', ['ls-files', '*.e2e.spec.ts'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean);
  const picked = new Set();
  for (const file of files) {
    const feature = /^web\/src\/features\/[^/]+\//.exec(file)?.[0];
    if (feature) for (const journey of journeys) if (journey.startsWith(feature)) picked.add(journey);
    if (/^web\/(src\/(app|shared)\/|index\.html|vite\.config\.ts)/.test(file))
      for (const journey of journeys) picked.add(journey);
  }
  return [...picked];
}

const changed = changedMode ? changedFiles() : [];
if (changedMode) {
  section(`changed since ${changedSince}`);
  console.log(changed.length > 0 ? changed.map((f) => `  ${f}`).join('\n') : '  (nothing)');
}

// --- 3. Static checks side by side, fail fast; PostgreSQL starts meanwhile -----------------------------------
const LINTED = /\.(ts|tsx|js|mjs|cjs)$/;
const staticChecks = changedMode
  ? [
      ['eslint', changed.filter((f) => LINTED.test(f))],
      ['prettier', changed],
    ]
      .filter(([, files]) => files.length > 0)
      .map(([tool, files]) =>
        tool === 'eslint'
          ? {
              name: 'eslint (changed files)',
              command: 'npx',
              args: ['--no-install', 'eslint', '--max-warnings=0', ...files],
            }
          : {
              name: 'prettier (changed files)',
              command: 'npx',
              args: [
                '--no-install',
                'prettier',
                '--check',
                '--ignore-unknown',
                '--log-level',
                'warn',
                ...files,
              ],
            },
      )
  : [
      { name: 'eslint', command: 'npx', args: ['--no-install', 'eslint', '--max-warnings=0', '.'] },
      {
        name: 'prettier',
        command: 'npx',
        args: ['--no-install', 'prettier', '--check', '--log-level', 'warn', '.'],
      },
    ];
staticChecks.push({ name: 'typecheck', command: 'npm', args: ['run', '-s', 'typecheck'] });

/** Starts the throwaway cluster (services/tools/pgtmp.sh) in the background of the static checks. */
async function startPostgresCluster() {
  const r = await run('bash', [PGTMP_SH, 'start'], { capture: true });
  const dir = /PGTMP=(\S+)/.exec(r.output)?.[1];
  const url = /DATABASE_URL=(\S+)/.exec(r.output)?.[1];
  if (r.code === 0 && dir && url) {
    pgtmp = dir;
    env.DATABASE_URL = url;
    console.log(`PostgreSQL: started a throwaway cluster in ${dir} (${url}) in ${r.seconds.toFixed(1)} s`);
    return;
  }
  process.stderr.write(r.output);
  if (CI) finish(0, 1, 'CI=true and the throwaway PostgreSQL cluster could not be started');
  banner(['PostgreSQL TIER SKIPPED: the throwaway cluster could not be started (see above).']);
}

// --- 4. vitest ----------------------------------------------------------------------------------------
/**
 * Runs vitest with a JSON report; resolves with its exit code. With `capture`, its output is printed in one piece
 * when it ends (a pass beside another must not interleave its lines with the other's).
 */
async function vitest(report, vitestArgs, { capture = false } = {}) {
  rmSync(report, { force: true });
  mkdirSync(dirname(report), { recursive: true });
  const { code, output } = await run(
    'npx',
    [
      '--no-install',
      'vitest',
      ...vitestArgs,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${report}`,
    ],
    { capture },
  );
  if (capture) process.stdout.write(output);
  return code;
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

/**
 * One JSON report of several passes (the file CI and the timings read): counts summed, files listed in order.
 * A pass that wrote no report adds nothing here; its own count then names the failure.
 */
function mergeReports(reports, target) {
  const merged = {
    numTotalTests: 0,
    numPassedTests: 0,
    numFailedTests: 0,
    numPendingTests: 0,
    numTodoTests: 0,
  };
  merged.numTotalTestSuites = 0;
  merged.numFailedTestSuites = 0;
  merged.success = true;
  merged.testResults = [];
  for (const report of reports) {
    if (!existsSync(report)) continue;
    try {
      const r = JSON.parse(readFileSync(report, 'utf8'));
      for (const key of Object.keys(merged))
        if (typeof merged[key] === 'number') merged[key] += Number(r[key]) || 0;
      merged.success &&= r.success !== false;
      merged.testResults.push(...(r.testResults ?? []));
    } catch {
      merged.success = false;
    }
  }
  writeFileSync(target, JSON.stringify(merged));
}

/**
 * Seconds each file took (the longest of its projects), for the sequencer that starts the slowest files first
 * (services/kit/testing/slowFirstSequencer.ts). Written after a full run only: a filtered run knows a few files.
 */
function writeDurations(report) {
  try {
    const durations = {};
    for (const r of JSON.parse(readFileSync(report, 'utf8')).testResults ?? []) {
      if (!r.startTime || !r.endTime) continue;
      const file = relative(root, r.name);
      const seconds = Math.round((r.endTime - r.startTime) / 100) / 10;
      durations[file] = Math.max(durations[file] ?? 0, seconds);
    }
    const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(LOCAL_DURATIONS, `${JSON.stringify(sorted, null, 2)}\n`);
  } catch {
    // No report to learn from: the next run keeps the order it had.
  }
}

/** The tier of a test file, from its name. */
function tierOf(file) {
  return /\.e2e\.spec\./.test(file) ? 'e2e' : /\.int\.spec\./.test(file) ? 'int' : 'unit';
}

/**
 * How long each tier took (from its first file's start to its last file's end, and the sum of its files) and the
 * ten slowest files, from the JSON report. A file that runs more than once (the wall-clock-shifted projects)
 * counts each run.
 */
function printTimings(report) {
  let results;
  try {
    results = JSON.parse(readFileSync(report, 'utf8')).testResults ?? [];
  } catch {
    return;
  }
  const files = results
    .filter((r) => r.startTime && r.endTime)
    .map((r) => ({ file: relative(root, r.name), tier: tierOf(r.name), start: r.startTime, end: r.endTime }));
  if (files.length === 0) return;
  const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;
  section('timings');
  for (const [name, took] of phases) console.log(`  ${name.padEnd(28)}${seconds(took * 1000)}`);
  console.log('  tier     wall (first start to last end)   sum of its files   files');
  for (const tier of ['unit', 'int', 'e2e']) {
    const own = files.filter((f) => f.tier === tier);
    if (own.length === 0) continue;
    const wall = Math.max(...own.map((f) => f.end)) - Math.min(...own.map((f) => f.start));
    const sum = own.reduce((total, f) => total + (f.end - f.start), 0);
    console.log(
      `  ${tier.padEnd(6)}${seconds(wall).padStart(18)}${seconds(sum).padStart(32)}${String(own.length).padStart(8)}`,
    );
  }
  console.log('  slowest files:');
  for (const f of [...files].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 10))
    console.log(`  ${seconds(f.end - f.start)}  ${f.file}`);
}

/** vitest's arguments; null when a --changed run has no test to run (the static checks still run). */
let vitestArgs = ['run', ...passThrough];
/** Files that shape every test run: a change to one of them affects every test. */
const WHOLE_RUN = /^(vitest\.config\.ts|package(-lock)?\.json|tsconfig\.json)$/;
if (changedMode && changed.some((f) => WHOLE_RUN.test(f))) {
  console.log('\nThe test set-up itself changed: every test runs.');
} else if (changedMode) {
  // `vitest related` runs the tests whose module graph holds a changed file (a changed test file relates to
  // itself); browser journeys reach the code through HTTP, not imports, so a changed feature adds its own.
  const related = [...new Set([...changed.filter((f) => LINTED.test(f)), ...journeysOf(changed)])];
  if (related.length === 0) {
    console.log('\nNo changed source or test file: no test to run; only the static checks.');
    vitestArgs = null;
  } else {
    vitestArgs = ['related', '--run', ...related, ...passThrough];
  }
}
if (startPostgres) await startPostgresCluster();
if (interrupted) finish(0, 1, `interrupted by ${interrupted}`);

let failedCheck = null;
/** Starts the static checks side by side; a failed one stops vitest, so the run still fails fast. */
function startStaticChecks() {
  const started = Date.now();
  return Promise.all(
    staticChecks.map(async (check) => {
      const result = await run(check.command, check.args, { capture: true });
      if (result.code !== 0 && failedCheck) {
        console.log(`\n=== ${check.name}: stopped, because ${failedCheck.name} failed`);
        return;
      }
      const verdict = result.code === 0 ? 'ok' : `FAILED (exit ${result.code})`;
      console.log(`\n=== ${check.name}: ${verdict} (${result.seconds.toFixed(1)} s)`);
      if (result.code !== 0 && result.output.trim()) console.log(result.output.trimEnd());
      if (result.code !== 0 && !failedCheck) {
        failedCheck = check;
        signalChildren('SIGTERM');
      }
    }),
  ).then(() => phases.push(['static checks', (Date.now() - started) / 1000]));
}
const staticNames = staticChecks.map((c) => c.name).join(', ');

/**
 * A full run goes in two passes, so the browser journeys never share the cores with the integration files: first
 * the integration project with the static checks beside it, then the journeys on their own. The unit project and
 * the wall-clock-shifted reruns go beside the first pass once the static checks are done, one file at a time:
 * from then on the integration files leave the cores idle a tenth of the time (they wait on child processes,
 * projections and timers), and as projects after it they added their own imports and tails, some 60 s. A run
 * with filters or `--changed` is one pass with the checks beside it.
 */
const passes =
  vitestArgs && !changedMode && passThrough.length === 0
    ? [
        {
          name: 'integration',
          args: ['run', '--project=int'],
          report: 'reports/vitest-1.json',
          checks: true,
          beside: {
            name: 'unit and wall clock shifted',
            // Every shifted project by its name's prefix (vitest.config.ts, `wallClockShifted`).
            args: ['run', '--project=unit', '--project=int wall clock*', '--maxWorkers=1'],
            report: 'reports/vitest-1b.json',
          },
        },
        { name: 'journeys', args: ['run', '--project=e2e'], report: 'reports/vitest-2.json' },
      ]
    : vitestArgs
      ? [{ name: 'vitest', args: vitestArgs, report: REPORT, checks: true }]
      : [];
let staticDone = null;
if (passes.length === 0) {
  section(`static checks (${staticNames}); each check reports when it ends`);
  staticDone = startStaticChecks();
}
const outcomes = [];
for (const pass of passes) {
  if (interrupted || failedCheck) break;
  if (pass.checks) {
    section(
      `static checks (${staticNames}) beside vitest ${pass.args.join(' ')}; each check reports when it ends`,
    );
    staticDone = startStaticChecks();
  } else {
    section(`vitest ${pass.args.join(' ')}`);
  }
  const started = Date.now();
  const beside = pass.beside
    ? staticDone.then(async () => {
        if (interrupted || failedCheck) return null;
        const besideStarted = Date.now();
        console.log(`\n=== vitest ${pass.beside.args.join(' ')}: beside, its output when it ends`);
        const code = await vitest(pass.beside.report, pass.beside.args, { capture: true });
        phases.push([`vitest: ${pass.beside.name}`, (Date.now() - besideStarted) / 1000]);
        return { report: pass.beside.report, code };
      })
    : null;
  const code = await vitest(pass.report, pass.args);
  phases.push([passes.length > 1 ? `vitest: ${pass.name}` : 'vitest', (Date.now() - started) / 1000]);
  outcomes.push({ report: pass.report, code });
  const besideOutcome = await beside;
  if (besideOutcome) outcomes.push(besideOutcome);
}
await staticDone;
if (interrupted) finish(0, 1, `interrupted by ${interrupted}`);
if (failedCheck) finish(0, 1, `${failedCheck.name} failed; see its output above (vitest was stopped)`);
if (!vitestArgs) finish(0, 0, null);
if (passes.length > 1) {
  mergeReports(
    outcomes.map((o) => o.report),
    REPORT,
  );
  writeDurations(REPORT);
}
const counts = outcomes.map((o) => readReport(o.report, o.code));
const run1 = {
  passed: counts.reduce((sum, c) => sum + c.passed, 0),
  failed: counts.reduce((sum, c) => sum + c.failed, 0),
  skipped: counts.reduce((sum, c) => sum + c.skipped, 0),
  reason: counts.map((c) => c.reason).find(Boolean) ?? null,
  failures: counts.flatMap((c) => c.failures),
};
printTimings(REPORT);

// --- 5. Summary -----------------------------------------------------------------------------------
// Named again at the end, where a CI log cut to its tail still shows them.
if (run1.failures.length > 0)
  console.log(`\nFailed:\n${run1.failures.map((name) => `  ${name}`).join('\n')}`);
if (run1.skipped > 0) console.log(`\n(${run1.skipped} skipped or todo: look for SKIPPED warnings above)`);
let reason = run1.reason;
if (interrupted) reason = `interrupted by ${interrupted}`;
if (!reason && run1.passed + run1.failed === 0 && !changedMode) reason = 'no test ran';
finish(run1.passed, run1.failed, reason);

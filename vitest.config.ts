import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { SlowFirstSequencer } from './services/kit/testing/slowFirstSequencer';

const exclude = ['node_modules/**', 'data/**', 'dist/**', 'web/dist/**'];
/**
 * The suite hashes and verifies about two thousand passwords: at the smallest argon2id cost
 * (services/identity/passwords.ts) instead of the production one. Every member's read checks that its route
 * declares the read models it queries (services/kit/http/readAfterWrite.ts). The apps that journeys start inherit
 * both.
 */
const env = { PASSWORD_HASH_COST: 'low', VERIFY_DECLARED_READS: 'true' };

/**
 * The suites whose rules compare recorded times with the injected clock run twice more with the process's wall
 * clock a year ahead and a year behind (services/kit/testing/wallClockShift.ts, docs/time.md): a test that still
 * depends on the date it was written fails here today, not next year. `npm test` runs them, with the unit project,
 * in a vitest of their own beside the integration project (services/tools/test.mjs).
 */
export const timeSensitive = [
  'services/worker/**/*.int.spec.ts',
  'services/sales/orders/orders.int.spec.ts',
  'services/identity/identity.int.spec.ts',
  'services/identity/identityMembers.int.spec.ts',
  'services/api/api.int.spec.ts',
];

const integration = {
  environment: 'node',
  setupFiles: ['services/kit/testing/wallClockShift.ts'],
  env,
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // Socket rooms and projections settle in the background; a second of polling is too tight on a loaded machine.
  expect: { poll: { timeout: 10_000 } },
  // A worker keeps its modules from one file to the next: each file starts its own platform on its own
  // databases, ports and temp folders, and importing the whole platform again per file was a fifth of the run.
  isolate: false,
} satisfies TestProjectInlineConfiguration['test'];

function wallClockShifted(days: number): TestProjectInlineConfiguration {
  return {
    test: {
      ...integration,
      name: `int wall clock ${days > 0 ? '+' : ''}${days} d`,
      include: timeSensitive,
      exclude,
      env: { ...env, TEST_WALL_CLOCK_SHIFT_DAYS: String(days) },
    },
  };
}

export default defineConfig({
  test: {
    // Three unit and integration files at a time on the two cores: a file waits much of its time (for a child
    // process, a projection catching up, a timer), and with two at a time the cores were idle a fifth of the tier.
    // A fourth kept the cores no busier and paid a fourth import of the platform per project: the first pass took
    // 412 s with four, 383 s with three (import time 158 s → 95 s). `npm test` runs the integration project this
    // way, the unit and wall-clock-shifted projects one file at a time beside it, and the browser journeys in a
    // pass of their own after them (services/tools/test.mjs).
    maxWorkers: 3,
    // The slowest files of each project first (durations of the last full run), so no long file starts last.
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/*.unit.spec.ts', '**/*.unit.spec.tsx'],
          exclude,
          environment: 'node',
          env,
          isolate: false,
          // The guards that parse every source file take seconds on a loaded 2-core machine; 5 s is too tight.
          testTimeout: 30_000,
        },
      },
      { test: { ...integration, name: 'int', include: ['**/*.int.spec.ts'], exclude } },
      wallClockShifted(365),
      wallClockShifted(-365),
      {
        test: {
          name: 'e2e',
          include: ['**/*.e2e.spec.ts'],
          exclude,
          environment: 'node',
          env,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A reload or a first navigation on a loaded 2-core machine can take longer than the one second
          // expect.poll waits by default; a page that never shows the value still fails, ten seconds later.
          expect: { poll: { timeout: 10_000 } },
          // Three journeys at a time (as fast as four: both cores are busy either way), in a pass of their own (services/tools/test.mjs): a journey mostly waits (for
          // the browser, the server, a mail); every journey has its own server, data folder, ports and browser, and
          // the ones that wait on a countdown move the clocks instead (services/kit/testing/e2eApp.ts,
          // `advanceClock`).
          maxWorkers: 3,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

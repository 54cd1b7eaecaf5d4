import { defineConfig } from 'vitest/config';

const exclude = ['node_modules/**', 'data/**', 'dist/**', 'web/dist/**'];

export default defineConfig({
  test: {
    // Both cores (vitest would take one on a two-core machine) for the unit and integration files, which each use
    // their own databases, ports and temp folders; the browser journeys then run alone, one file at a time, so a
    // countdown or an animation is never judged on a starved machine.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/*.unit.spec.ts', '**/*.unit.spec.tsx'],
          exclude,
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          include: ['**/*.int.spec.ts'],
          exclude,
          environment: 'node',
          setupFiles: ['services/kit/testing/wallClockShift.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['**/*.e2e.spec.ts'],
          exclude,
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds each test file took in the last full run, by path from the repository root. */
export const localDurationsFile = 'reports/test-durations.json';
/** The same, committed: what a fresh clone (CI) starts from. Refreshed with `npm run test:durations`. */
export const committedDurationsFile = 'services/tools/testDurations.json';

/**
 * Starts the slowest files of each project first. Vitest on a fresh clone starts the largest files first, and a
 * short file that waits a minute on child processes then starts last and runs alone while the other cores idle.
 * Projects keep vitest's order (a worker keeps its imported modules only within a project); files with no known
 * duration follow in vitest's own order.
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const root = this.ctx.config.root;
    const seconds = knownDurations(root);
    const projectRank = new Map<string, number>();
    for (const spec of ordered)
      if (!projectRank.has(spec.project.name)) projectRank.set(spec.project.name, projectRank.size);
    const key = (spec: TestSpecification, index: number) => ({
      project: projectRank.get(spec.project.name) ?? 0,
      seconds: seconds[relativeTo(root, spec.moduleId)] ?? -1,
      index,
    });
    return ordered
      .map((spec, index) => ({ spec, key: key(spec, index) }))
      .sort(
        (a, b) => a.key.project - b.key.project || b.key.seconds - a.key.seconds || a.key.index - b.key.index,
      )
      .map(({ spec }) => spec);
  }
}

function relativeTo(root: string, file: string): string {
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}

function knownDurations(root: string): Readonly<Record<string, number>> {
  for (const file of [localDurationsFile, committedDurationsFile]) {
    const path = join(root, file);
    if (!existsSync(path)) continue;
    try {
      return JSON.parse(readFileSync(path, 'utf8')) as Record<string, number>;
    } catch {
      // A half-written local file: the committed one still orders the run.
    }
  }
  return {};
}

/**
 * The second process of the cross-process tests: opens the store and read-model database named in CHILD_TASK,
 * prints `ready`, waits for a line on stdin, runs its task, prints one JSON line (ChildOutcome) and exits.
 * - race: runs `countingProjection` until its checkpoint reaches `head` (runner.int.spec.ts).
 * - rebuild: rebuilds `accountsProjection` (rebuild.int.spec.ts).
 */
import { once } from 'node:events';
import { openReadModelDb } from './db';
import { rebuildProjection } from './rebuild';
import { ProjectionRunner } from './runner';
import { accountsProjection, countingProjection, openTestEventStore, recordingLogger } from './testing';
import type { ChildOutcome, ChildTask } from './testing';

const task = JSON.parse(process.env.CHILD_TASK ?? '') as ChildTask;
const store = await openTestEventStore(task.config.eventStore);
const db = openReadModelDb(task.config.readModels);
const logger = recordingLogger();
process.stdout.write('ready\n');
await once(process.stdin, 'data');

let outcome: Omit<ChildOutcome, 'conflicts' | 'errors'>;
try {
  if (task.task === 'race') {
    const runner = new ProjectionRunner({
      store,
      db,
      projections: [countingProjection(task.label)],
      batchSize: task.batchSize,
      logger,
    });
    await runner.start();
    const reached = await runner.waitFor(BigInt(task.head), 60_000);
    await runner.stop();
    outcome = { ok: reached, position: task.head };
  } else {
    const result = await rebuildProjection(store, db, accountsProjection(), {
      batchSize: task.batchSize,
      logger,
    });
    outcome = { ok: true, position: result.position.toString() };
  }
} catch (error) {
  logger.error('child task failed', { error: error instanceof Error ? error.message : String(error) });
  outcome = { ok: false, position: null };
} finally {
  await db.destroy();
  await store.close();
}
const result: ChildOutcome = {
  ...outcome,
  conflicts: logger.entries.filter((entry) => entry.message.includes('checkpoint moved')).length,
  errors: logger.entries.filter((entry) => entry.level === 'error'),
};
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(result.ok ? 0 : 1);

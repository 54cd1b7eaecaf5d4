/**
 * A projections process of the lease tests (lease.int.spec.ts): opens the store and read models named in
 * LEASE_CHILD, takes the `projections` lease (or stands by for it), prints `holding` once it holds it, runs the
 * counting and accounts projections until their checkpoints reach `head`, prints `done` and exits. Each event
 * takes a few milliseconds to apply, so a SIGKILL lands inside a batch.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { openReadModelDb } from './db';
import { Lease } from './lease';
import { ProjectionRunner } from './runner';
import { accountsProjection, countingProjection, openTestEventStore, recordingLogger } from './testing';
import type { TestStorage } from './testing';
import type { Projection } from './types';

const task = JSON.parse(process.env.LEASE_CHILD ?? '') as {
  config: TestStorage['config'];
  label: string;
  head: string;
  ttlMs: number;
};
const store = await openTestEventStore(task.config.eventStore);
const db = openReadModelDb(task.config.readModels);
const slow = (projection: Projection): Projection => ({
  ...projection,
  async apply(trx, event, ctx) {
    await delay(1);
    return projection.apply(trx, event, ctx);
  },
});
const runner = new ProjectionRunner({
  store,
  db,
  projections: [slow(countingProjection(task.label)), slow(accountsProjection())],
  batchSize: 25,
  logger: recordingLogger(),
});
const lease = new Lease({ db, name: 'projections', ttlMs: task.ttlMs, logger: recordingLogger() });
lease.onLost(() => {
  process.stdout.write('lost\n');
  void runner.stop();
});
process.stdout.write('ready\n');
await lease.acquire();
process.stdout.write('holding\n');
await runner.start();
const reached = await runner.waitFor(BigInt(task.head), 120_000);
await runner.stop();
await lease.release();
await db.destroy();
await store.close();
process.stdout.write(reached ? 'done\n' : 'timeout\n');
process.exit(reached ? 0 : 1);

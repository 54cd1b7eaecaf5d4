import type { Knex } from 'knex';

interface Queued {
  work: (trx: Knex.Transaction) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * The batches of several projections that are ready in the same turn of the event loop, committed in ONE
 * read-model transaction (docs/decisions/shared-transactions.md). On SQLite every transaction already waits for
 * the one connection, so one transaction instead of five per admission only saves the per-transaction work
 * (BEGIN, COMMIT, knex's transaction object). When one of them throws, the shared transaction is rolled back, that
 * one fails as it would have alone, and the others run again, each in a transaction of its own: a failure (a poison
 * event, a moved checkpoint) stays its own.
 */
export class SharedTransactions {
  private queue: Queued[] = [];
  private scheduled = false;

  constructor(private readonly db: Knex) {}

  /** Runs `work` in a transaction shared with the other work queued in this turn. */
  run<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: (value) => resolve(value as T), reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.commit());
    });
  }

  private async commit(): Promise<void> {
    const group = this.queue;
    this.queue = [];
    this.scheduled = false;
    let rest = group;
    if (group.length > 1) {
      const results: unknown[] = [];
      let failed: Queued | undefined;
      try {
        await this.db.transaction(async (trx) => {
          for (const queued of group) {
            failed = queued;
            results.push(await queued.work(trx));
          }
          failed = undefined;
        });
        group.forEach(({ resolve }, index) => resolve(results[index]));
        return;
      } catch (error) {
        // The work that threw fails as it would have alone (its writes are rolled back with the rest); the others
        // run again, each in a transaction of its own. A failed COMMIT blames none of them: all run again.
        if (failed) {
          failed.reject(error);
          rest = group.filter((queued) => queued !== failed);
        }
      }
    }
    for (const { work, resolve, reject } of rest) this.db.transaction(work).then(resolve, reject);
  }
}

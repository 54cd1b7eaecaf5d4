import type { Knex } from 'knex';

interface Queued {
  work: (trx: Knex.Transaction) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const sharedByDb = new WeakMap<Knex, SharedTransactions>();

/**
 * Group commit of the projections' batches on SQLite (docs/decisions/shared-transactions.md): the batches ready in
 * the same turn of the event loop, and those that come while a transaction runs (they would wait for the one
 * connection anyway), commit together in ONE transaction, which saves the per-transaction work (BEGIN, COMMIT,
 * knex's transaction object). When one of them throws, the shared transaction is rolled back, that one fails as
 * it would have alone, and the others run again, each in a transaction of its own: a failure (a poison event, a
 * moved checkpoint) stays its own.
 */
export class SharedTransactions {
  private queue: Queued[] = [];
  private draining = false;
  private scheduled = false;

  constructor(private readonly db: Knex) {}

  /** The group commit of the runners on `db`: one per database, so two runners' batches of a turn share it too. */
  static of(db: Knex): SharedTransactions {
    let shared = sharedByDb.get(db);
    if (!shared) sharedByDb.set(db, (shared = new SharedTransactions(db)));
    return shared;
  }

  /** Runs `work` in a transaction shared with the other work queued in this turn or while one runs. */
  run<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: (value) => resolve(value as T), reject });
      if (this.draining || this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    this.scheduled = false;
    this.draining = true;
    try {
      while (this.queue.length > 0) {
        const group = this.queue;
        this.queue = [];
        await this.commit(group);
      }
    } finally {
      this.draining = false;
    }
  }

  private async commit(group: readonly Queued[]): Promise<void> {
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
        // A failed COMMIT blames none of them: all run again alone.
        if (failed) {
          failed.reject(error);
          rest = group.filter((queued) => queued !== failed);
        }
      }
    }
    for (const { work, resolve, reject } of rest)
      await this.db.transaction(work).then(resolve, (error: unknown) => reject(error));
  }
}

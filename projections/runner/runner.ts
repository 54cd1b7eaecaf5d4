import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Knex } from 'knex';
import type { EventStore, RecordedEvent } from '../../services/eventstore/port';
import type { Clock } from '../../services/kit/clock';
import { systemClock } from '../../services/kit/clock';
import { BatchReader } from './batches';
import { applySettled, handlesType } from './define';
import { advanceCheckpoint, ensureCheckpoint, readCheckpoint, writeStatus } from './checkpoints';
import { isPostgres } from './db';
import { readLag } from './lag';
import { SharedTransactions } from './sharedTransactions';
import { parkEvent } from './parked';
import type {
  Projection,
  ProjectionContext,
  ProjectionLag,
  ProjectionNotice,
  ProjectionStatus,
  RunnerLogger,
} from './types';
import { sleep } from '../../services/kit/sleep';

export interface ProjectionRunnerOptions {
  store: EventStore;
  db: Knex;
  projections: readonly Projection[];
  /** Most events per transaction; default 500. */
  batchSize?: number;
  logger?: RunnerLogger;
  clock?: Clock;
  /** First back-off after an infrastructure error (store or database unreachable); doubles up to 30 s. */
  retryDelayMs?: number;
  /** See WorkerDeps.quietCheckpointMs; 0 writes every batch's checkpoint. */
  quietCheckpointMs?: number;
  /**
   * When a handler throws: `park` (default) records the event in `projection_parked_events` and goes on past
   * it; `stop` stops that projection at its last checkpoint until it is started again.
   */
  onHandlerError?: HandlerErrorPolicy;
}

export type HandlerErrorPolicy = 'park' | 'stop';

export type NoticeListener = (notice: ProjectionNotice) => void;

export const consoleLogger: RunnerLogger = {
  info: (message, details) => console.info(message, details ?? ''),
  error: (message, details) => console.error(message, details ?? ''),
};

/** A handler threw: the batch is rolled back, then the event is parked or the projection stops (the policy). */
export class ProjectionHandlerError extends Error {
  override readonly name = 'ProjectionHandlerError';
  constructor(
    readonly projection: string,
    readonly event: RecordedEvent,
    override readonly cause: unknown,
  ) {
    super(
      `projection ${projection} failed on event at position ${event.position} ` +
        `(${event.type}, id ${event.id}, stream ${event.stream}): ${errorMessage(cause)}`,
    );
  }
}

class CheckpointMoved extends Error {
  override readonly name = 'CheckpointMoved';
}

interface Waiter {
  position: bigint;
  projections: readonly ProjectionWorker[];
  /** Failed projections do not count (an unnamed wait) instead of deciding the wait as false. */
  excludeFailed: boolean;
  resolve(reached: boolean): void;
}

/**
 * Runs projections: for each one, catch-up then live from its checkpoint, in batches, each batch in one
 * read-model transaction that also moves the checkpoint by compare-and-set. Projections are independent:
 * an event one cannot apply is parked (or stops only that projection), never the others.
 */
export class ProjectionRunner {
  private readonly workers: ProjectionWorker[];
  private readonly listeners = new Set<NoticeListener>();
  private readonly waiters = new Set<Waiter>();
  private readonly logger: RunnerLogger;
  private readonly clock: Clock;
  private starting: Promise<void> | null = null;
  private stopping: Promise<void> | null = null;
  /** Workers whose checkpoint quiet batches moved in memory only: written together (`writeQuietCheckpoints`). */
  private readonly quiet = new Set<ProjectionWorker>();
  private quietTimer: NodeJS.Timeout | null = null;
  private quietWrite: Promise<void> = Promise.resolve();
  private readonly quietCheckpointMs: number;

  constructor(private readonly options: ProjectionRunnerOptions) {
    const names = new Set<string>();
    for (const projection of options.projections) {
      if (names.has(projection.name)) throw new Error(`two projections are named ${projection.name}`);
      names.add(projection.name);
    }
    this.logger = options.logger ?? consoleLogger;
    this.clock = options.clock ?? systemClock;
    this.quietCheckpointMs = options.quietCheckpointMs ?? 1_000;
    // PostgreSQL commits the projections' batches side by side on connections of their own; SQLite has one, which
    // the runners of one process (the API's projections, the worker's reactors and notary) share as well.
    const shared = isPostgres(options.db) ? null : SharedTransactions.of(options.db);
    const batchTransaction = <T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> =>
      shared ? shared.run(work) : options.db.transaction(work);
    const batchSize = options.batchSize ?? 500;
    if (!Number.isInteger(batchSize) || batchSize < 1)
      throw new Error(`batchSize must be a positive integer`);
    this.workers = options.projections.map(
      (projection) =>
        new ProjectionWorker(projection, {
          store: options.store,
          db: options.db,
          batchSize,
          logger: this.logger,
          clock: this.clock,
          retryDelayMs: options.retryDelayMs ?? 500,
          quietCheckpointMs: this.quietCheckpointMs,
          onHandlerError: options.onHandlerError ?? 'park',
          committed: (notice) => this.committed(notice),
          changed: () => this.settleWaiters(),
          movedQuietly: (worker) => this.writeQuietCheckpointSoon(worker),
          batchTransaction,
        }),
    );
  }

  /** Starts every projection that is not running (after a failure too: it resumes from its checkpoint). */
  async start(): Promise<void> {
    if (this.stopping) await this.stopping;
    this.starting ??= Promise.all(this.workers.map((worker) => worker.start())).then(
      () => undefined,
      async (error: unknown) => {
        await Promise.all(this.workers.map((worker) => worker.stop()));
        throw error;
      },
    );
    try {
      await this.starting;
    } finally {
      this.starting = null;
    }
  }

  /** Aborts the subscriptions, lets a batch in flight commit, and resolves pending `waitFor`s with false. */
  async stop(): Promise<void> {
    if (this.starting) await this.starting.catch(() => undefined);
    if (this.quietTimer) clearTimeout(this.quietTimer);
    this.quietTimer = null;
    this.quiet.clear();
    await this.quietWrite;
    this.stopping ??= Promise.all(this.workers.map((worker) => worker.stop())).then(() => {
      for (const waiter of this.waiters) waiter.resolve(false);
      this.waiters.clear();
    });
    try {
      await this.stopping;
    } finally {
      this.stopping = null;
    }
  }

  onNotice(listener: NoticeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  on(event: 'notice', listener: NoticeListener): () => void {
    if (event !== 'notice') throw new Error(`unknown runner event ${String(event)}`);
    return this.onNotice(listener);
  }

  status(projection: string): ProjectionStatus {
    return this.worker(projection).status;
  }

  /**
   * Resolves true once the named projections have committed `position`; false on timeout, when one of them
   * has failed, or when the runner stops. Without names it waits for every projection that has not failed:
   * a stopped projection leaves only its own screens stale, it does not hold up every read-your-write.
   */
  async waitFor(position: bigint, timeoutMs: number, projections?: readonly string[]): Promise<boolean> {
    const named = projections?.map((name) => this.worker(name));
    return new Promise((resolve) => {
      const timer = setTimeout(() => waiter.resolve(false), timeoutMs);
      const waiter: Waiter = {
        position,
        projections: named ?? this.workers,
        excludeFailed: named === undefined,
        resolve: (reached) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(reached);
        },
      };
      if (!this.settle(waiter)) this.waiters.add(waiter);
    });
  }

  /** Head, checkpoint and age per projection, from the store, the checkpoint table and the running workers. */
  async lag(): Promise<ProjectionLag[]> {
    const lags = await readLag(
      this.options.store,
      this.options.db,
      this.workers.map((worker) => worker.name),
      this.clock.now(),
    );
    // A projection this runner runs may be further on than its row: quiet batches move only the checkpoint in
    // memory (docs/decisions/quiet-checkpoints.md), and after a rush the row waits for the next event.
    return lags.map((lag) => {
      const worker = this.worker(lag.projection);
      const checkpoint =
        worker.checkpoint !== null && worker.checkpoint > lag.checkpoint ? worker.checkpoint : lag.checkpoint;
      return {
        ...lag,
        checkpoint,
        behind: lag.head > checkpoint ? lag.head - checkpoint : 0n,
        status: worker.status,
      };
    });
  }

  private worker(name: string): ProjectionWorker {
    const worker = this.workers.find((candidate) => candidate.name === name);
    if (!worker) throw new Error(`unknown projection ${name}`);
    return worker;
  }

  private committed(notice: ProjectionNotice): void {
    for (const listener of this.listeners) {
      try {
        listener(notice);
      } catch (error) {
        this.logger.error('projection notice listener threw', {
          projection: notice.projection,
          error: errorMessage(error),
        });
      }
    }
    this.settleWaiters();
  }

  /**
   * Quiet batches move a checkpoint in memory only (docs/decisions/quiet-checkpoints.md). Once a
   * `quietCheckpointMs` the table catches up, for every such projection of this runner in ONE transaction: some
   * thirty projections each writing its own, every second, were most of what a scan at the door waited behind.
   */
  private writeQuietCheckpointSoon(worker: ProjectionWorker): void {
    this.quiet.add(worker);
    if (this.quietTimer) return;
    this.quietTimer = setTimeout(() => {
      this.quietTimer = null;
      this.quietWrite = this.quietWrite.then(() =>
        this.writeQuietCheckpoints().catch((error: unknown) =>
          this.logger.error('could not record the quiet projection checkpoints', {
            error: errorMessage(error),
          }),
        ),
      );
    }, this.quietCheckpointMs);
    this.quietTimer.unref();
  }

  private async writeQuietCheckpoints(): Promise<void> {
    const workers = [...this.quiet].sort((a, b) => (a.name < b.name ? -1 : 1));
    this.quiet.clear();
    // Between each worker's batches: a batch in flight commits first, and the next one waits for this write,
    // so the compare-and-set below never races the worker's own.
    const resumes: (() => void)[] = [];
    try {
      for (const worker of workers) resumes.push(await worker.pause());
      const due = workers.flatMap((worker) => {
        const quiet = worker.quietCheckpoint();
        return quiet ? [{ worker, ...quiet }] : [];
      });
      if (due.length === 0) return;
      const now = this.clock.now();
      const outcomes = await this.options.db.transaction(async (trx) => {
        const claimed: boolean[] = [];
        for (const { worker, persisted, checkpoint, lastEventAt } of due)
          claimed.push(await advanceCheckpoint(trx, worker.name, persisted, checkpoint, lastEventAt, now));
        return claimed;
      });
      due.forEach(({ worker, checkpoint }, index) =>
        worker.quietCheckpointWritten(checkpoint, outcomes[index]),
      );
    } catch (error) {
      // Tried again at the next interval.
      for (const worker of workers) this.writeQuietCheckpointSoon(worker);
      throw error;
    } finally {
      for (const resume of resumes) resume();
    }
  }

  private settleWaiters(): void {
    for (const waiter of this.waiters) this.settle(waiter);
  }

  /** Resolves the waiter if its outcome is known; returns whether it did. */
  private settle(waiter: Waiter): boolean {
    const failed = (worker: ProjectionWorker): boolean => worker.status === 'failed';
    const counted = waiter.excludeFailed
      ? waiter.projections.filter((worker) => !failed(worker))
      : waiter.projections;
    if (counted.every((worker) => worker.checkpoint !== null && worker.checkpoint >= waiter.position)) {
      waiter.resolve(true);
      return true;
    }
    if (counted.some(failed)) {
      waiter.resolve(false);
      return true;
    }
    return false;
  }
}

interface WorkerDeps {
  store: EventStore;
  db: Knex;
  batchSize: number;
  logger: RunnerLogger;
  clock: Clock;
  retryDelayMs: number;
  /** How long a projection may leave its table's checkpoint behind on batches it does not handle. */
  quietCheckpointMs: number;
  onHandlerError: HandlerErrorPolicy;
  committed(notice: ProjectionNotice): void;
  /** The checkpoint was re-read or the projection failed: pending waits may now be decided. */
  changed(): void;
  /** A quiet batch moved the checkpoint in memory only: the runner writes it within `quietCheckpointMs`. */
  movedQuietly(worker: ProjectionWorker): void;
  /** The transaction of a batch (all or nothing): on SQLite shared with the other projections ready at once. */
  batchTransaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T>;
}

type BatchOutcome = 'committed' | 'moved' | 'failed';

const maxRetryDelayMs = 30_000;

class ProjectionWorker {
  status: ProjectionStatus = 'stopped';
  /** Last checkpoint this worker committed or read; null before the first start. */
  checkpoint: bigint | null = null;
  /**
   * What the checkpoint table holds for this projection. A batch of events the projection does not handle only
   * moves `checkpoint` in memory (docs/decisions/quiet-checkpoints.md); the table follows at the next batch it
   * handles, with the runner's write of every quiet checkpoint (`quietCheckpointMs`), or at a stop.
   */
  private persisted: bigint | null = null;
  private quietEventAt: Date | null = null;
  /** The runner's quiet write found the table moved by another runner: the next batch re-reads it. */
  private overtaken = false;
  /** Batches and the writes of the quiet checkpoint, one at a time. */
  private serial: Promise<unknown> = Promise.resolve();
  private controller: AbortController | null = null;
  private loop: Promise<void> | null = null;
  private readonly handles: (type: string) => boolean;
  private readonly context: ProjectionContext;

  constructor(
    private readonly projection: Projection,
    private readonly deps: WorkerDeps,
  ) {
    this.handles = handlesType(projection);
    const declared = new Set(projection.tables.map((table) => table.name));
    this.context = {
      table: (name) => {
        if (!declared.has(name))
          throw new Error(`projection ${projection.name} did not declare table ${name}`);
        return name;
      },
    };
  }

  get name(): string {
    return this.projection.name;
  }

  async start(): Promise<void> {
    if (this.loop) return;
    const controller = new AbortController();
    this.controller = controller;
    const { db, clock } = this.deps;
    await ensureCheckpoint(db, this.name, clock.now());
    await writeStatus(db, this.name, 'running', clock.now());
    await this.reload();
    this.status = 'running';
    this.deps.logger.info('projection started', {
      projection: this.name,
      checkpoint: String(this.checkpoint),
    });
    this.loop = this.run(controller.signal).finally(() => {
      this.loop = null;
    });
  }

  async stop(): Promise<void> {
    const loop = this.loop;
    if (!loop) return;
    this.controller?.abort();
    await loop;
    await this.exclusively(() => this.persistQuietCheckpoint()).catch((error: unknown) =>
      this.deps.logger.error('could not record the projection checkpoint at stop', {
        projection: this.name,
        error: errorMessage(error),
      }),
    );
    if (this.status === 'running') {
      this.status = 'stopped';
      await writeStatus(this.deps.db, this.name, 'stopped', this.deps.clock.now()).catch((error: unknown) =>
        this.deps.logger.error('could not record projection stop', {
          projection: this.name,
          error: errorMessage(error),
        }),
      );
    }
  }

  private async run(signal: AbortSignal): Promise<void> {
    let delay = this.deps.retryDelayMs;
    while (!signal.aborted) {
      try {
        const outcome = await this.follow(signal);
        if (outcome === 'failed') return;
        delay = this.deps.retryDelayMs;
        if (outcome === 'moved') await this.reload();
      } catch (error) {
        if (signal.aborted) return;
        this.deps.logger.error('projection interrupted, retrying', {
          projection: this.name,
          checkpoint: String(this.checkpoint),
          retryInMs: delay,
          error: errorMessage(error),
        });
        await sleep(delay, signal);
        delay = Math.min(delay * 2, maxRetryDelayMs);
        await this.reload().catch(() => undefined);
      }
    }
  }

  /** One subscription from the current checkpoint; returns when stopped, failed or overtaken. */
  private async follow(signal: AbortSignal): Promise<BatchOutcome | 'stopped'> {
    const subscription = new AbortController();
    const abort = (): void => subscription.abort();
    signal.addEventListener('abort', abort, { once: true });
    // Events the projection does not handle mostly stay in the store: some thirty subscribers each took every
    // event through several async iterators, a quarter of what an on-sale rush allocated.
    const events = this.deps.store.subscribe({
      after: this.checkpoint ?? 0n,
      signal: subscription.signal,
      ...(this.projection.everyEvent ? {} : { relevant: this.projection.handles }),
    });
    const reader = new BatchReader(events[Symbol.asyncIterator](), this.deps.batchSize);
    try {
      for (;;) {
        const batch = await reader.next();
        if (signal.aborted) return 'stopped';
        if (batch.events.length > 0) {
          const outcome = await this.exclusively(() => this.commit(batch.events));
          if (outcome !== 'committed') return outcome;
          // With better-sqlite3 on both sides a catch-up never leaves the microtask queue on its own, which
          // would starve timers and I/O (HTTP requests in the same process) until it is done.
          await nextTurn();
        }
        if (batch.done) {
          if (signal.aborted) return 'stopped';
          throw new Error('the event store ended the subscription');
        }
      }
    } finally {
      signal.removeEventListener('abort', abort);
      subscription.abort();
      await reader.close();
    }
  }

  /**
   * Applies the batch in one transaction. When a handler throws, the batch is rolled back; under the `park`
   * policy it is then applied again with a savepoint per event, so the failing events are parked and the
   * others committed (the fast path takes no savepoints).
   */
  private async commit(events: readonly RecordedEvent[]): Promise<BatchOutcome> {
    try {
      return await this.commitBatch(events, 'all-or-nothing');
    } catch (error) {
      if (!(error instanceof ProjectionHandlerError)) throw error;
      if (this.deps.onHandlerError === 'park') return this.commitBatch(events, 'park-failures');
      await this.fail(error);
      return 'failed';
    }
  }

  private async commitBatch(
    events: readonly RecordedEvent[],
    mode: 'all-or-nothing' | 'park-failures',
  ): Promise<BatchOutcome> {
    const previous = this.persisted ?? 0n;
    const last = events[events.length - 1];
    if (!last) return 'committed';
    if (this.overtaken) {
      this.overtaken = false;
      return 'moved';
    }
    const quiet = !events.some((event) => this.handles(event.type));
    if (quiet && this.deps.quietCheckpointMs > 0) {
      this.checkpoint = last.position;
      this.quietEventAt = last.recordedAt;
      this.deps.committed({ projection: this.name, position: last.position, keys: [] });
      this.deps.movedQuietly(this);
      return 'committed';
    }
    const keys = new Set<string>();
    const parked: { event: RecordedEvent; error: string }[] = [];
    const transaction = <T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> =>
      mode === 'all-or-nothing' ? this.deps.batchTransaction(work) : this.deps.db.transaction(work);
    try {
      await transaction(async (trx) => {
        // The compare-and-set comes first: on PostgreSQL its row lock, on SQLite the write lock it takes,
        // keeps a second runner out until this batch commits, and the rows are written only if it succeeded.
        const claimed = await advanceCheckpoint(
          trx,
          this.name,
          previous,
          last.position,
          last.recordedAt,
          this.deps.clock.now(),
        );
        if (!claimed) throw new CheckpointMoved(`checkpoint of ${this.name} is no longer ${previous}`);
        let lastHandled: RecordedEvent | undefined;
        const handled = events.filter((event) => this.handles(event.type));
        const firstHandled = handled[0];
        if (mode === 'all-or-nothing' && firstHandled && this.projection.prepare) {
          try {
            await this.projection.prepare(trx, handled, this.context);
          } catch (cause) {
            // Blamed on the batch's first event; under `park` the batch is applied again an event at a time.
            throw new ProjectionHandlerError(this.name, firstHandled, cause);
          }
        }
        for (const event of handled) {
          lastHandled = event;
          let touched: readonly string[] | void;
          if (mode === 'park-failures') {
            try {
              // A nested transaction is a savepoint: a failed statement undoes only this event's writes and
              // leaves the batch usable (PostgreSQL aborts the whole transaction otherwise).
              touched = await trx.transaction((savepoint) =>
                applySettled(this.projection, savepoint, event, this.context),
              );
            } catch (cause) {
              const error = new ProjectionHandlerError(this.name, event, cause).message;
              await parkEvent(trx, this.name, event, error, this.deps.clock.now());
              parked.push({ event, error: errorMessage(cause) });
              continue;
            }
          } else {
            try {
              touched = await this.projection.apply(trx, event, this.context);
            } catch (cause) {
              throw new ProjectionHandlerError(this.name, event, cause);
            }
          }
          if (touched) for (const key of touched) keys.add(key);
        }
        if (mode === 'all-or-nothing' && lastHandled) {
          try {
            await this.projection.settle?.(trx, this.context);
          } catch (cause) {
            // Blamed on the batch's last event; under `park` the batch is applied again an event at a time.
            throw new ProjectionHandlerError(this.name, lastHandled, cause);
          }
        }
      });
    } catch (error) {
      if (error instanceof CheckpointMoved) {
        this.deps.logger.info('projection checkpoint moved by another runner; re-reading it', {
          projection: this.name,
          expected: String(previous),
        });
        return 'moved';
      }
      throw error;
    }
    for (const { event, error } of parked) {
      this.deps.logger.error('projection parked an event it could not apply and went on', {
        projection: this.name,
        position: String(event.position),
        type: event.type,
        eventId: event.id,
        stream: event.stream,
        error,
      });
    }
    this.checkpoint = last.position;
    this.persisted = last.position;
    this.deps.committed({ projection: this.name, position: last.position, keys: [...keys] });
    return 'committed';
  }

  private exclusively<T>(work: () => Promise<T>): Promise<T> {
    const next = this.serial.then(work, work);
    this.serial = next.catch(() => undefined);
    return next;
  }

  /** Waits for the batch in flight, then keeps the next one waiting until the returned `resume` is called. */
  pause(): Promise<() => void> {
    return new Promise((paused) => {
      void this.exclusively(() => new Promise<void>((resume) => paused(resume)));
    });
  }

  /** The checkpoint that quiet batches moved in memory only, while the worker runs; else null. */
  quietCheckpoint(): { persisted: bigint; checkpoint: bigint; lastEventAt: Date } | null {
    const { checkpoint, persisted, quietEventAt } = this;
    if (!this.loop || checkpoint === null || persisted === null || quietEventAt === null) return null;
    return checkpoint > persisted ? { persisted, checkpoint, lastEventAt: quietEventAt } : null;
  }

  /** The runner wrote `checkpoint` (claimed), or found the table moved by another runner. */
  quietCheckpointWritten(checkpoint: bigint, claimed: boolean | undefined): void {
    if (claimed) this.persisted = checkpoint;
    else this.overtaken = true;
  }

  /** At a stop: the checkpoint quiet batches moved in memory, written by this worker alone. */
  private async persistQuietCheckpoint(): Promise<void> {
    const { checkpoint, persisted, quietEventAt } = this;
    if (checkpoint === null || persisted === null || quietEventAt === null || checkpoint <= persisted) return;
    await this.deps.db.transaction(async (trx) => {
      const now = this.deps.clock.now();
      const claimed = await advanceCheckpoint(trx, this.name, persisted, checkpoint, quietEventAt, now);
      if (claimed) this.persisted = checkpoint;
    });
  }

  private async fail(error: ProjectionHandlerError): Promise<void> {
    this.status = 'failed';
    const { event } = error;
    this.deps.logger.error('projection failed and stopped', {
      projection: this.name,
      position: String(event.position),
      type: event.type,
      eventId: event.id,
      stream: event.stream,
      checkpoint: String(this.checkpoint),
      error: errorMessage(error.cause),
    });
    const stack = error.cause instanceof Error && error.cause.stack ? `\n${error.cause.stack}` : '';
    try {
      // PostgreSQL text cannot hold NUL, and the error of a poison event may quote it.
      const text = `${error.message}${stack}`.replaceAll('\u0000', '\uFFFD');
      await writeStatus(this.deps.db, this.name, 'failed', this.deps.clock.now(), text);
    } catch (writeError) {
      this.deps.logger.error('could not record projection failure', {
        projection: this.name,
        error: errorMessage(writeError),
      });
    }
    this.deps.changed();
  }

  private async reload(): Promise<void> {
    const checkpoint = await readCheckpoint(this.deps.db, this.name);
    if (!checkpoint) throw new Error(`checkpoint row of ${this.name} is missing`);
    this.checkpoint = checkpoint.position;
    this.persisted = checkpoint.position;
    this.overtaken = false;
    this.deps.changed();
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

import type { Knex } from 'knex';
import type { EventStore } from '../../services/eventstore/port';
import type { Clock } from '../../services/kit/clock';
import { systemClock } from '../../services/kit/clock';
import { readCheckpoints } from './checkpoints';
import { readLag } from './lag';
import type { NoticeListener, ProjectionRunner } from './runner';
import type { ProjectionLag, ProjectionNotice, ProjectionStatus, RunnerLogger } from './types';

/**
 * The read side an API process answers from, whichever process runs the projections (docs/decisions/
 * process-roles.md). While this process holds the projections' lease, its own runner is the source: waits,
 * lag and notices come from it. Otherwise the positions come from the notices the running process relays
 * (`receive`), and from the checkpoint table, read while someone waits, for what a relay may have missed.
 */
export class SharedReadSide {
  private local: ProjectionRunner | null = null;
  private stopLocal: (() => void) | null = null;
  private readonly positions = new Map<string, bigint>();
  private readonly statuses = new Map<string, ProjectionStatus>();
  private readonly listeners = new Set<NoticeListener>();
  private readonly waiters = new Set<RemoteWaiter>();
  private polling: NodeJS.Timeout | null = null;
  private polled: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      store: EventStore;
      db: Knex;
      projections: readonly string[];
      logger: RunnerLogger;
      clock?: Clock;
      /** How often the checkpoint table is read while a wait is pending; default 100 ms. */
      pollMs?: number;
    },
  ) {}

  /** This process now runs the projections (it took the lease): answer from its runner. */
  attachLocal(runner: ProjectionRunner): void {
    this.detachLocal();
    this.local = runner;
    this.stopLocal = runner.onNotice((notice) => this.deliver(notice));
    for (const waiter of [...this.waiters]) {
      this.waiters.delete(waiter);
      waiter.handOver(runner);
    }
  }

  /** The lease went elsewhere: answer from relayed notices and the table again. */
  detachLocal(): void {
    this.stopLocal?.();
    this.stopLocal = null;
    this.local = null;
  }

  /** A notice another process's runner committed (relayed through the Socket.IO adapter). */
  receive(notice: ProjectionNotice): void {
    if (this.local) return;
    this.advance(notice.projection, notice.position, 'running');
    this.deliver(notice);
  }

  onNotice(listener: NoticeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  waitFor(position: bigint, timeoutMs: number, projections?: readonly string[]): Promise<boolean> {
    if (this.local) return this.local.waitFor(position, timeoutMs, projections);
    return new Promise<boolean>((resolve) => {
      const waiter: RemoteWaiter = {
        position,
        projections: projections ?? this.deps.projections,
        named: projections !== undefined,
        resolve: (reached) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          if (this.waiters.size === 0) this.stopPolling();
          resolve(reached);
        },
        handOver: (runner) => {
          clearTimeout(timer);
          runner.waitFor(position, Math.max(0, deadline - Date.now()), projections).then(resolve, () => {
            resolve(false);
          });
        },
      };
      const deadline = Date.now() + timeoutMs;
      const timer = setTimeout(() => waiter.resolve(false), timeoutMs);
      if (this.settle(waiter)) return;
      this.waiters.add(waiter);
      this.startPolling();
    });
  }

  async lag(): Promise<ProjectionLag[]> {
    if (this.local) return this.local.lag();
    const lags = await readLag(
      this.deps.store,
      this.deps.db,
      this.deps.projections,
      (this.deps.clock ?? systemClock).now(),
    );
    return lags.map((lag) => {
      const relayed = this.positions.get(lag.projection);
      const checkpoint = relayed !== undefined && relayed > lag.checkpoint ? relayed : lag.checkpoint;
      return { ...lag, checkpoint, behind: lag.head > checkpoint ? lag.head - checkpoint : 0n };
    });
  }

  /** Stops reading the table; pending waits answer false. */
  close(): void {
    this.detachLocal();
    this.stopPolling();
    for (const waiter of [...this.waiters]) waiter.resolve(false);
  }

  private deliver(notice: ProjectionNotice): void {
    for (const listener of this.listeners) {
      try {
        listener(notice);
      } catch (error) {
        this.deps.logger.error('projection notice listener threw', {
          projection: notice.projection,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }

  private advance(projection: string, position: bigint, status: ProjectionStatus): void {
    const known = this.positions.get(projection);
    if (known === undefined || position > known) this.positions.set(projection, position);
    this.statuses.set(projection, status);
    for (const waiter of [...this.waiters]) this.settle(waiter);
  }

  /** Resolves the waiter if its outcome is known; answers whether it did. */
  private settle(waiter: RemoteWaiter): boolean {
    const counted = waiter.named
      ? waiter.projections
      : waiter.projections.filter((name) => this.statuses.get(name) !== 'failed');
    if (counted.every((name) => (this.positions.get(name) ?? -1n) >= waiter.position)) {
      waiter.resolve(true);
      return true;
    }
    if (counted.some((name) => this.statuses.get(name) === 'failed')) {
      waiter.resolve(false);
      return true;
    }
    return false;
  }

  private startPolling(): void {
    if (this.polling) return;
    const poll = (): void => {
      this.polled ??= this.readTable().finally(() => {
        this.polled = null;
      });
      this.polling = setTimeout(poll, this.deps.pollMs ?? 100);
      this.polling.unref();
    };
    poll();
  }

  private stopPolling(): void {
    if (this.polling) clearTimeout(this.polling);
    this.polling = null;
  }

  private async readTable(): Promise<void> {
    try {
      const rows = await readCheckpoints(this.deps.db, this.deps.projections);
      for (const row of rows) this.advance(row.name, row.position, row.status);
    } catch (error) {
      this.deps.logger.error('reading projection checkpoints failed', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}

interface RemoteWaiter {
  position: bigint;
  projections: readonly string[];
  /** Named projections count even when failed (the wait then answers false); unnamed waits skip failed ones. */
  named: boolean;
  resolve(reached: boolean): void;
  /** This process took the lease while the wait was pending: its runner answers the rest of it. */
  handOver(runner: ProjectionRunner): void;
}

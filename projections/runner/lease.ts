import { hostname } from 'node:os';
import type { Knex } from 'knex';
import type { Clock } from '../../services/kit/clock';
import { systemClock } from '../../services/kit/clock';
import type { RunnerLogger } from './types';

/**
 * Who runs a group of subscribers (the projections, the worker's reactors) when several processes could: one
 * lease per group in the read-model database (`runner_leases`), held by renewing it, taken over when its holder
 * stops renewing (a SIGKILL, a lost connection) or is a process of this host that no longer exists.
 * docs/decisions/process-roles.md explains why a lease and not an advisory lock, and why the checkpoint's
 * compare-and-set still guards every batch while two processes briefly both believe they hold it.
 */
export const leasesTable = 'runner_leases';

export interface LeaseOptions {
  db: Knex;
  /** The group: `projections`, `worker`. */
  name: string;
  /** A lease not renewed for this long may be taken; default 3 s. */
  ttlMs?: number;
  /** How often the holder renews and a standby asks; default a third of the TTL. */
  renewEveryMs?: number;
  clock?: Clock;
  logger?: RunnerLogger;
  /** Tests name two holders in one process apart; default `<host>:<pid>:<random>`. */
  holder?: string;
}

interface LeaseRow {
  name: string;
  holder: string;
  host: string;
  pid: number;
  renewed_at: string;
}

export class Lease {
  readonly holder: string;
  private readonly ttlMs: number;
  private readonly renewEveryMs: number;
  private readonly clock: Clock;
  private readonly logger: RunnerLogger;
  private timer: NodeJS.Timeout | null = null;
  private held = false;
  private stopped = false;
  private readonly lostListeners = new Set<() => void>();
  private waiting: { resolve(): void; reject(error: unknown): void } | null = null;

  constructor(private readonly options: LeaseOptions) {
    this.ttlMs = options.ttlMs ?? 3_000;
    this.renewEveryMs = options.renewEveryMs ?? Math.max(50, Math.floor(this.ttlMs / 3));
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? {
      info: (message, details) => console.info(message, details ?? ''),
      error: (message, details) => console.error(message, details ?? ''),
    };
    this.holder = options.holder ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 10)}`;
  }

  get name(): string {
    return this.options.name;
  }

  /** Whether this process holds the lease as of its last renewal. */
  get isHeld(): boolean {
    return this.held;
  }

  /** Called once when a held lease is lost (taken over, or not renewable): stop writing at once. */
  onLost(listener: () => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  /** One attempt: takes the lease if it is free, expired or orphaned, and keeps renewing it. Answers whether held. */
  async tryAcquire(): Promise<boolean> {
    this.stopped = false;
    await this.tick();
    return this.held;
  }

  /**
   * Resolves once this process holds the lease: at once when it is free or its holder is gone, otherwise when
   * the holder stops renewing. Rejects when `release` is called first.
   */
  acquire(): Promise<void> {
    if (this.held) return Promise.resolve();
    this.stopped = false;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      void this.tick();
    });
  }

  /** Stops renewing and frees the lease for another process at once. */
  async release(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.waiting?.reject(new Error(`lease ${this.name} released while waiting for it`));
    this.waiting = null;
    if (!this.held) return;
    this.held = false;
    await this.options.db(leasesTable).where({ name: this.name, holder: this.holder }).delete();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), this.renewEveryMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let holds: boolean;
    try {
      holds = await this.claim();
    } catch (error) {
      // The database is unreachable: a holder can no longer prove it holds the lease, so it stops writing.
      this.logger.error('lease renewal failed', { lease: this.name, error: String(error) });
      holds = false;
    }
    if (this.stopped) return;
    if (holds && !this.held) {
      this.held = true;
      this.logger.info('lease acquired', { lease: this.name, holder: this.holder });
      this.waiting?.resolve();
      this.waiting = null;
    } else if (!holds && this.held) {
      this.held = false;
      this.logger.error('lease lost', { lease: this.name, holder: this.holder });
      for (const listener of this.lostListeners) listener();
    }
    this.schedule();
  }

  /** One compare-and-set: renew our row, or take a free, expired or orphaned one. Answers whether we hold it. */
  private async claim(): Promise<boolean> {
    const db = this.options.db;
    const now = this.clock.now();
    const mine = { holder: this.holder, host: hostname(), pid: process.pid, renewed_at: now.toISOString() };
    const row: LeaseRow | undefined = await db<LeaseRow>(leasesTable).where({ name: this.name }).first();
    if (!row) {
      await db(leasesTable)
        .insert({ name: this.name, ...mine })
        .onConflict('name')
        .ignore();
      const inserted: LeaseRow | undefined = await db<LeaseRow>(leasesTable)
        .where({ name: this.name })
        .first();
      return inserted?.holder === this.holder;
    }
    const expired = now.getTime() - Date.parse(row.renewed_at) > this.ttlMs;
    if (row.holder !== this.holder && !expired && !orphaned(row)) return false;
    // Compare-and-set on the row as read: of two processes taking an expired lease, one updates it.
    const updated = await db(leasesTable)
      .where({ name: this.name, holder: row.holder, renewed_at: row.renewed_at })
      .update(mine);
    return updated === 1;
  }
}

/** Held by a process of this host that no longer runs: no need to wait for its lease to expire. */
function orphaned(row: LeaseRow): boolean {
  if (row.host !== hostname() || row.pid === process.pid) return false;
  try {
    process.kill(row.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

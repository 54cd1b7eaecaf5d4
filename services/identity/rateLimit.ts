import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import type { Clock } from '../kit/clock';
import { Refusal } from '../kit/refusal';

/**
 * Sliding-window rate limits for the doors attackers knock on: login, password reset, registration,
 * emailed links. Hits live in a store; the one here is in-process memory, which is right for one API process.
 * Several API processes behind a load balancer each count on their own (an attacker gets N times the
 * budget); give them a shared store (Redis, a database table) by implementing RateLimitStore.
 */
export interface RateLimitStore {
  /** The hits on `key` after `since`, oldest first (older ones may be forgotten). */
  recent(key: string, since: number): Promise<number[]>;
  add(key: string, at: number): Promise<void>;
  clear(key: string): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly hits = new Map<string, number[]>();
  private sweepAt = 0;

  constructor(
    /** Keys are swept of expired hits once the map grows past this many. */
    private readonly sweepAbove = 10_000,
    /** Longest window any limit uses: hits older than this are never asked for again. */
    private readonly horizonMs = 24 * 3_600_000,
  ) {}

  recent(key: string, since: number): Promise<number[]> {
    const kept = (this.hits.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) this.hits.delete(key);
    else this.hits.set(key, kept);
    return Promise.resolve(kept);
  }

  add(key: string, at: number): Promise<void> {
    const list = this.hits.get(key) ?? [];
    list.push(at);
    this.hits.set(key, list);
    if (this.hits.size > this.sweepAbove && at >= this.sweepAt) this.sweep(at);
    return Promise.resolve();
  }

  clear(key: string): Promise<void> {
    this.hits.delete(key);
    return Promise.resolve();
  }

  private sweep(now: number): void {
    for (const [key, list] of this.hits) {
      if ((list.at(-1) ?? 0) < now - this.horizonMs) this.hits.delete(key);
    }
    this.sweepAt = now + 60_000;
  }
}

export interface Limit {
  name: string;
  max: number;
  windowMs: number;
}

/**
 * A back-off instead of a lock: after `freeFailures` failures in the window, each attempt must wait
 * `firstDelayMs`, doubled per further failure, at most `maxDelayMs`, since the last failure. Guessing slows to a
 * crawl, while the real person is never kept out longer than `maxDelayMs`.
 */
export interface Backoff {
  name: string;
  freeFailures: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

const second = 1_000;
const minute = 60_000;
const hour = 60 * minute;

/** The platform's limits; failures count where a success is the normal case (logins, links). */
export const limits = {
  /** Wrong passwords for one address (or one user's current password) from one IP. */
  passwordFailuresPerSubjectAndIp: { name: 'password-subject-ip', max: 10, windowMs: 15 * minute },
  /** Wrong passwords from one IP, whichever the address. */
  loginFailuresPerIp: { name: 'login-ip', max: 50, windowMs: 15 * minute },
  passwordResetPerEmail: { name: 'reset-email', max: 5, windowMs: hour },
  passwordResetPerIp: { name: 'reset-ip', max: 20, windowMs: hour },
  linkFailuresPerIp: { name: 'link-ip', max: 30, windowMs: 15 * minute },
  registrationsPerIp: { name: 'register-ip', max: 20, windowMs: hour },
  confirmationMailsPerUser: { name: 'confirm-user', max: 5, windowMs: hour },
} as const satisfies Record<string, Limit>;

/** Wrong passwords for one address (or one user's current password) from anywhere: slowed, never locked. */
export const passwordBackoffPerSubject: Backoff = {
  name: 'password-subject',
  freeFailures: 5,
  windowMs: 15 * minute,
  firstDelayMs: second,
  maxDelayMs: minute,
};

export class RateLimiter {
  constructor(
    private readonly clock: Clock,
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
  ) {}

  /** Refuses with 429 `too_many_requests` and `Retry-After` once `key` has used up the limit's window. */
  async check(ctx: Context, limit: Limit, key: string): Promise<void> {
    const now = this.clock.now().getTime();
    const recent = await this.store.recent(bucket(limit, key), now - limit.windowMs);
    if (recent.length < limit.max) return;
    const oldest = recent[recent.length - limit.max] ?? now;
    const retryAfter = Math.max(1, Math.ceil((oldest + limit.windowMs - now) / 1000));
    ctx.set('Retry-After', String(retryAfter));
    throw new Refusal('too_many_requests', `Too many attempts; try again in ${retryAfter} seconds`);
  }

  async record(limit: Limit, key: string): Promise<void> {
    await this.store.add(bucket(limit, key), this.clock.now().getTime());
  }

  /** Check, then count this attempt. */
  async consume(ctx: Context, limit: Limit, key: string): Promise<void> {
    await this.check(ctx, limit, key);
    await this.record(limit, key);
  }

  async reset(limit: Limit, key: string): Promise<void> {
    await this.store.clear(bucket(limit, key));
  }

  /** Refuses with 429 and `Retry-After` while `key` must still wait after its last failure. */
  async checkBackoff(ctx: Context, backoff: Backoff, key: string): Promise<void> {
    const now = this.clock.now().getTime();
    const failures = await this.store.recent(bucket(backoff, key), now - backoff.windowMs);
    const beyondFree = failures.length - backoff.freeFailures;
    const last = failures.at(-1);
    if (beyondFree <= 0 || last === undefined) return;
    const delay = Math.min(backoff.maxDelayMs, backoff.firstDelayMs * 2 ** Math.min(beyondFree - 1, 30));
    const waitMs = last + delay - now;
    if (waitMs <= 0) return;
    const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
    ctx.set('Retry-After', String(retryAfter));
    throw new Refusal('too_many_requests', `Too many attempts; try again in ${retryAfter} seconds`);
  }

  async recordFailure(backoff: Backoff, key: string): Promise<void> {
    await this.store.add(bucket(backoff, key), this.clock.now().getTime());
  }

  async resetFailures(backoff: Backoff, key: string): Promise<void> {
    await this.store.clear(bucket(backoff, key));
  }
}

/**
 * The key is hashed: buckets are kept in the database when processes share them, and a key may be an address
 * someone tried to log in with, which must not outlive that person's erasure (docs/audit.md "Erasure").
 */
const bucket = (limit: { name: string }, key: string) =>
  `${limit.name}:${createHash('sha256').update(key).digest('base64url')}`;

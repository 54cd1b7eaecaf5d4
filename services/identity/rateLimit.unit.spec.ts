import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../kit/clock';
import { Refusal } from '../kit/refusal';
import { MemoryRateLimitStore, RateLimiter } from './rateLimit';

function fakeContext() {
  const headers: Record<string, string> = {};
  return {
    headers,
    ctx: { set: (name: string, value: string) => (headers[name] = value) } as unknown as Context,
  };
}

const limit = { name: 'test', max: 3, windowMs: 60_000 };

describe('rate limiting (sliding window)', () => {
  it('allows max hits per window, then refuses with 429 and the seconds until one expires', async () => {
    const clock = new ManualClock(new Date('2026-11-22T10:00:00.000Z'));
    const limiter = new RateLimiter(clock);
    const { ctx, headers } = fakeContext();
    await limiter.consume(ctx, limit, 'k');
    clock.advance(10_000);
    await limiter.consume(ctx, limit, 'k');
    await limiter.consume(ctx, limit, 'k');
    const refusal = await limiter.consume(ctx, limit, 'k').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Refusal);
    expect((refusal as Refusal).reason).toBe('too_many_requests');
    expect((refusal as Refusal).status).toBe(429);
    expect(headers['Retry-After']).toBe('50');
    clock.advance(50_000);
    await expect(limiter.consume(ctx, limit, 'k')).resolves.toBeUndefined();
  });

  it('counts keys and limits separately, and forgets a key on reset', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter(clock);
    const { ctx } = fakeContext();
    for (let i = 0; i < 3; i++) await limiter.record(limit, 'a');
    await expect(limiter.check(ctx, limit, 'a')).rejects.toBeInstanceOf(Refusal);
    await expect(limiter.check(ctx, limit, 'b')).resolves.toBeUndefined();
    await expect(limiter.check(ctx, { ...limit, name: 'other' }, 'a')).resolves.toBeUndefined();
    await limiter.reset(limit, 'a');
    await expect(limiter.check(ctx, limit, 'a')).resolves.toBeUndefined();
  });

  it('sweeps keys whose hits are all old once the store grows', async () => {
    const store = new MemoryRateLimitStore(2, 1_000);
    await store.add('old-1', 0);
    await store.add('old-2', 0);
    await store.add('new', 5_000);
    expect(await store.recent('old-1', -1)).toEqual([]);
    expect(await store.recent('new', -1)).toEqual([5_000]);
  });
});

describe('back-off', () => {
  const policy = {
    name: 'guess',
    freeFailures: 3,
    windowMs: 15 * 60_000,
    firstDelayMs: 1_000,
    maxDelayMs: 60_000,
  };

  it('lets the first failures through, then makes each next attempt wait twice as long, up to a cap', async () => {
    const clock = new ManualClock(new Date('2026-11-22T10:00:00.000Z'));
    const limiter = new RateLimiter(clock);
    const { ctx, headers } = fakeContext();
    for (let i = 0; i < 3; i++) {
      await limiter.checkBackoff(ctx, policy, 'k');
      await limiter.recordFailure(policy, 'k');
    }
    // The fourth failure in the window: one second.
    await limiter.checkBackoff(ctx, policy, 'k');
    await limiter.recordFailure(policy, 'k');
    await expect(limiter.checkBackoff(ctx, policy, 'k')).rejects.toMatchObject({
      reason: 'too_many_requests',
    });
    expect(headers['Retry-After']).toBe('1');
    clock.advance(1_000);
    await limiter.checkBackoff(ctx, policy, 'k');
    await limiter.recordFailure(policy, 'k');
    clock.advance(1_999);
    await expect(limiter.checkBackoff(ctx, policy, 'k')).rejects.toBeInstanceOf(Refusal);
    clock.advance(1);
    await limiter.checkBackoff(ctx, policy, 'k');
    for (let i = 0; i < 20; i++) await limiter.recordFailure(policy, 'k');
    await expect(limiter.checkBackoff(ctx, policy, 'k')).rejects.toBeInstanceOf(Refusal);
    expect(headers['Retry-After']).toBe('60');
    clock.advance(60_000);
    await expect(limiter.checkBackoff(ctx, policy, 'k')).resolves.toBeUndefined();
  });

  it('forgets the failures on reset (a success)', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter(clock);
    const { ctx } = fakeContext();
    for (let i = 0; i < 10; i++) await limiter.recordFailure(policy, 'k');
    await expect(limiter.checkBackoff(ctx, policy, 'k')).rejects.toBeInstanceOf(Refusal);
    await limiter.resetFailures(policy, 'k');
    await expect(limiter.checkBackoff(ctx, policy, 'k')).resolves.toBeUndefined();
  });
});

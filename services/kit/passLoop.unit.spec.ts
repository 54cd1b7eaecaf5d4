import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { OneAtATime, PassLoop } from './passLoop';

const logger = createLogger('error');
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('OneAtATime', () => {
  it('starts a pass asked for during another only when that one has ended', async () => {
    const log: string[] = [];
    let count = 0;
    const passes = new OneAtATime(async () => {
      const n = ++count;
      log.push(`start ${n}`);
      await tick();
      log.push(`end ${n}`);
      return n;
    });
    const results = await Promise.all([passes.run(), passes.run(), passes.run()]);
    expect(results).toEqual([1, 2, 3]);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('runs the next pass after a failed one, and idle waits for all of them', async () => {
    let calls = 0;
    const passes = new OneAtATime(async () => {
      calls++;
      await tick();
      if (calls === 1) throw new Error('first fails');
      return calls;
    });
    const first = passes.run();
    const second = passes.run();
    await expect(first).rejects.toThrow('first fails');
    await passes.idle();
    expect(calls).toBe(2);
    expect(await second).toBe(2);
  });
});

describe('PassLoop', () => {
  it('runs a pass at start and on every wake, never two at once, and stops after the pass under way', async () => {
    let running = 0;
    let overlapped = false;
    let passes = 0;
    const loop = new PassLoop(
      async () => {
        running++;
        overlapped ||= running > 1;
        await tick();
        passes++;
        running--;
        return passes;
      },
      { pollIntervalMs: 60_000, logger, failure: 'pass failed' },
    );
    loop.start();
    await expect.poll(() => passes).toBe(1);
    loop.wake();
    const explicit = loop.runPass();
    await expect.poll(() => passes).toBeGreaterThanOrEqual(3);
    expect(await explicit).toBeGreaterThanOrEqual(2);
    const stopping = loop.stop();
    expect(loop.isStopped).toBe(true);
    await stopping;
    expect(running).toBe(0);
    expect(overlapped).toBe(false);
  });

  it('turns a burst of wakes into one pass per gap, and still runs one after the last wake', async () => {
    const began: number[] = [];
    const loop = new PassLoop(
      async () => {
        began.push(Date.now());
        await tick();
      },
      { pollIntervalMs: 60_000, minGapMs: 40, logger, failure: 'pass failed' },
    );
    loop.start();
    await expect.poll(() => began.length).toBe(1);
    const burstStarted = Date.now();
    let lastWake = 0;
    // Wakes both during passes and between them, as a worker's notices come.
    while (Date.now() - burstStarted < 200) {
      loop.wake();
      lastWake = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 1 + (began.length % 2) * 15));
    }
    // About 200 wakes: one pass per 40 ms gap, not one per wake.
    const duringBurst = began.filter((at) => at >= burstStarted && at <= lastWake).length;
    expect(duringBurst).toBeGreaterThanOrEqual(2);
    expect(duringBurst).toBeLessThanOrEqual(7);
    // The last wake is not lost: a pass begins after it.
    await expect.poll(() => began.some((at) => at >= lastWake)).toBe(true);
    await loop.stop();
  });
});

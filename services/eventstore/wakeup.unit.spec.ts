import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Wakeup } from './internal';

describe('Wakeup', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('wakes every waiter on notify and counts the notification', async () => {
    const wakeup = new Wakeup();
    const signal = new AbortController().signal;
    const woken: number[] = [];
    const waits = [1, 2, 3].map((n) => wakeup.wait(60_000, signal).then(() => woken.push(n)));
    expect(vi.getTimerCount()).toBe(1);
    wakeup.notify();
    await Promise.all(waits);
    expect(woken).toEqual([1, 2, 3]);
    expect(wakeup.version).toBe(1);
    // Nobody waits: no timer is left to keep the process alive.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps one safety-net timer for all waiters, and wakes them all when it fires', async () => {
    const wakeup = new Wakeup();
    const signal = new AbortController().signal;
    let woken = 0;
    const waits = Array.from({ length: 30 }, () => wakeup.wait(1_000, signal).then(() => woken++));
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(woken).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await Promise.all(waits);
    expect(woken).toBe(30);
    expect(vi.getTimerCount()).toBe(0);
    // A later wait arms a timer again.
    const late = wakeup.wait(1_000, signal);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await late;
  });

  it('wakes a waiter whose signal aborts, listening to each signal once however often it waits', async () => {
    const wakeup = new Wakeup();
    const subscription = new AbortController();
    for (let round = 0; round < 5; round++) {
      const wait = wakeup.wait(60_000, subscription.signal);
      wakeup.notify();
      await wait;
    }
    expect(getEventListeners(subscription.signal, 'abort')).toHaveLength(1);
    const waiting = wakeup.wait(60_000, subscription.signal);
    let done = false;
    void waiting.then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    subscription.abort();
    await waiting;
    expect(done).toBe(true);
    await expect(wakeup.wait(60_000, subscription.signal)).resolves.toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { SharedReads } from './internal';
import type { RecordedEvent } from './port';

function event(position: number): RecordedEvent {
  return {
    id: `e${position}`,
    stream: 's',
    revision: BigInt(position),
    position: BigInt(position),
    type: 'Happened',
    data: { position },
    metadata: { correlationId: 'c', causationId: null, actor: 'system' } as never,
    recordedAt: new Date(0),
  };
}

/** A log whose positions skip `gaps` (PostgreSQL's rolled-back appends), and a count of the reads that reach it. */
function log(positions: number[]) {
  const reads: bigint[] = [];
  const events = positions.map(event);
  const read = (after: bigint, limit: number) => {
    reads.push(after);
    return Promise.resolve(events.filter((e) => e.position > after).slice(0, limit));
  };
  return { reads, events, read };
}

describe('SharedReads: what subscribers read of the log, decoded once', () => {
  it('answers a second subscriber from what the first read, across gaps in positions', async () => {
    const { reads, read } = log([1, 2, 5, 6]);
    const shared = new SharedReads(100, read);
    const first = await shared.after(0n, 10);
    const second = await shared.after(0n, 10);
    expect(first.map((e) => e.position)).toEqual([1n, 2n, 5n, 6n]);
    expect(second).toEqual(first);
    expect(second[2]).toBe(first[2]);
    expect((await shared.after(2n, 10)).map((e) => e.position)).toEqual([5n, 6n]);
    expect(reads).toEqual([0n]);
  });

  it('serves a remembered prefix; what came after it is read on the next call', async () => {
    const written = [event(1), event(2)];
    const reads: bigint[] = [];
    const shared = new SharedReads(100, (after, limit) => {
      reads.push(after);
      return Promise.resolve(written.filter((e) => e.position > after).slice(0, limit));
    });
    await shared.after(0n, 10);
    written.push(event(3));
    expect((await shared.after(0n, 10)).map((e) => e.position)).toEqual([1n, 2n]);
    expect((await shared.after(2n, 10)).map((e) => e.position)).toEqual([3n]);
    expect(reads).toEqual([0n, 2n]);
  });

  it('shares a read in flight between subscribers waking together', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { reads, read } = log([1, 2]);
    const shared = new SharedReads(100, async (after, limit) => {
      await gate;
      return read(after, limit);
    });
    const waiting = Array.from({ length: 5 }, () => shared.after(0n, 10));
    release();
    const answers = await Promise.all(waiting);
    expect(new Set(answers).size).toBe(1);
    expect(reads).toEqual([0n]);
  });

  it('forgets the oldest beyond its capacity, and a failed read is not remembered', async () => {
    const { reads, read } = log([1, 2, 3, 4]);
    const shared = new SharedReads(2, read);
    await shared.after(0n, 10);
    expect((await shared.after(2n, 10)).map((e) => e.position)).toEqual([3n, 4n]);
    await shared.after(0n, 10);
    expect(reads).toEqual([0n, 0n]);

    let fail = true;
    const flaky = new SharedReads(10, (after, limit) =>
      fail ? Promise.reject(new Error('connection lost')) : read(after, limit),
    );
    await expect(flaky.after(0n, 10)).rejects.toThrow('connection lost');
    fail = false;
    expect((await flaky.after(0n, 10)).length).toBe(4);
  });

  it('freezes what it hands out: one object goes to every projection', async () => {
    const { read } = log([1]);
    const [only] = await new SharedReads(10, read).after(0n, 10);
    expect(Object.isFrozen(only)).toBe(true);
    expect(Object.isFrozen(only!.data)).toBe(true);
  });
});

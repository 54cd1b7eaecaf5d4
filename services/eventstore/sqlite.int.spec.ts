import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collect, eventStoreContract, newEvent } from './contract';
import { WrongExpectedRevisionError } from './port';
import type { RecordedEvent } from './port';
import { openSqliteEventStore } from './sqlite';
import type { SqliteEventStore } from './sqlite';
import { childScriptArgs } from '../kit/testing/childScript';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'eventstore-sqlite-'));
}

eventStoreContract('sqlite', async (options) => {
  const dir = tempDir();
  const store = await openSqliteEventStore(path.join(dir, 'events.db'), options);
  return {
    store,
    async cleanup() {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('sqlite event store', () => {
  let dir: string;
  let file: string;
  let store: SqliteEventStore;

  beforeEach(async () => {
    dir = tempDir();
    file = path.join(dir, 'events.db');
    store = await openSqliteEventStore(file);
  });

  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('commits durably: WAL journal and synchronous=FULL', () => {
    expect(store.database.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.database.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('group commit writes appends issued together in one transaction', async () => {
    const before = store.stats.transactions;
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => store.append(`gc-${i}`, [newEvent()], { expected: 'no_stream' })),
    );
    expect(store.stats.transactions - before).toBe(1);
    expect(store.stats.largestBatch).toBe(100);
    const positions = results.map((r) => r.position);
    expect(positions).toEqual(Array.from({ length: 100 }, (_, i) => BigInt(i + 1)));
    expect(await store.head()).toBe(100n);
  });

  it('a failing expected-revision check in a batch rejects only its own append', async () => {
    await store.append('shared', [newEvent()], { expected: 'no_stream' });
    const before = store.stats.transactions;
    const outcomes = await Promise.allSettled([
      store.append('a', [newEvent(), newEvent()], { expected: 'no_stream' }),
      store.append('shared', [newEvent()], { expected: 5n }),
      store.append('shared', [newEvent()], { expected: 0n }),
      store.append('shared', [newEvent()], { expected: 0n }),
      store.append('b', [newEvent()], { expected: 'exists' }),
      store.append('c', [newEvent()], { expected: 'no_stream' }),
    ]);
    expect(store.stats.transactions - before).toBe(1);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    const reasons = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(reasons.every((r) => r instanceof WrongExpectedRevisionError)).toBe(true);
    expect(reasons).toMatchObject([{ actual: 0n }, { actual: 1n }, { actual: 'no_stream' }]);
    expect((await collect(store.readAll())).map((e) => [e.stream, e.revision])).toEqual([
      ['shared', 0n],
      ['a', 0n],
      ['a', 1n],
      ['shared', 1n],
      ['c', 0n],
    ]);
  });

  it('a duplicate id in a batch rolls back only that append, including its earlier events', async () => {
    const taken = newEvent();
    await store.append('owner', [taken], { expected: 'no_stream' });
    const outcomes = await Promise.allSettled([
      store.append('x', [newEvent()], { expected: 'no_stream' }),
      store.append('y', [newEvent(), taken], { expected: 'no_stream' }),
      store.append('z', [newEvent()], { expected: 'no_stream' }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await collect(store.readStream('y'))).toEqual([]);
    expect((await collect(store.readAll())).map((e) => e.stream)).toEqual(['owner', 'x', 'z']);
  });

  it('a retry in the same batch as its original gets the original result', async () => {
    const events = [newEvent(), newEvent()];
    const [first, retry] = await Promise.all([
      store.append('s', events, { expected: 'no_stream' }),
      store.append('s', events, { expected: 'no_stream' }),
    ]);
    expect(retry).toEqual(first);
    expect(await collect(store.readStream('s'))).toHaveLength(2);
  });

  it('events survive close and reopen, and positions continue', async () => {
    const first = await store.append('s', [newEvent(), newEvent()], { expected: 'no_stream' });
    await store.close();
    store = await openSqliteEventStore(file);
    expect(await store.head()).toBe(first.position);
    const second = await store.append('s', [newEvent()], { expected: first.nextRevision });
    expect(second).toEqual({ nextRevision: 2n, position: 3n });
  });

  it('a subscriber sees appends made through another connection to the same file (poll fallback)', async () => {
    const other = await openSqliteEventStore(file);
    try {
      const seen: RecordedEvent[] = [];
      const controller = new AbortController();
      const done = (async () => {
        for await (const event of store.subscribe({ signal: controller.signal })) {
          seen.push(event);
          if (seen.length === 3) controller.abort();
        }
      })();
      await other.append('elsewhere', [newEvent(), newEvent(), newEvent()], { expected: 'no_stream' });
      await done;
      expect(seen.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
    } finally {
      await other.close();
    }
  });

  it('passes over the events a subscriber does not act on, except the last of each read', async () => {
    await store.append('quiet', [newEvent('Wanted', { k: 1 })], { expected: 'no_stream' });
    for (let i = 0; i < 20; i++) await store.append('quiet', [newEvent('Unwanted')], { expected: 'any' });
    const head = await store.head();
    const seen: RecordedEvent[] = [];
    const controller = new AbortController();
    for await (const event of store.subscribe({ relevant: ['Wanted'], signal: controller.signal })) {
      seen.push(event);
      if (event.position === head) controller.abort();
    }
    // One read of the whole log: the wanted event, then the read's last event for the position.
    expect(seen.map((e) => [e.type, e.position])).toEqual([
      ['Wanted', 1n],
      ['Unwanted', head],
    ]);
  });

  describe('the stream tails this process knows', () => {
    it('answers "nothing after revision n" without a query once it appended to the stream or read it to its end', async () => {
      await store.append('known', [newEvent(), newEvent()], { expected: 'no_stream' });
      const reads = store.stats.streamReads;
      expect(await collect(store.readStream('known', { from: 2n }))).toEqual([]);
      expect(await collect(store.readStream('never-written', { from: 0n }))).toEqual([]);
      // The stream that was never written was read to its end once; the next read of it needs no query either.
      expect(await collect(store.readStream('never-written', { from: 0n }))).toEqual([]);
      expect(store.stats.streamReads - reads).toBe(1);
      expect(store.stats.knownTailReads).toBe(2);
      // A read that could find something still goes to the database.
      expect((await collect(store.readStream('known', { from: 1n }))).map((e) => e.revision)).toEqual([1n]);
      expect(store.stats.streamReads - reads).toBe(2);
    });

    it("sees another connection's append at its own next append, or after one poll interval at the latest", async () => {
      const pollIntervalMs = 40;
      const mine = await openSqliteEventStore(file, { pollIntervalMs });
      const other = await openSqliteEventStore(file);
      try {
        await mine.append('shared', [newEvent()], { expected: 'no_stream' });
        await other.append('shared', [newEvent()], { expected: 0n });
        // This process's next batch learns from its writer that another connection wrote before it.
        await mine.append('mine-again', [newEvent()], { expected: 'no_stream' });
        expect((await collect(mine.readStream('shared', { from: 1n }))).map((e) => e.revision)).toEqual([1n]);

        await other.append('shared', [newEvent()], { expected: 1n });
        await new Promise((resolve) => setTimeout(resolve, pollIntervalMs + 10));
        expect((await collect(mine.readStream('shared', { from: 2n }))).map((e) => e.revision)).toEqual([2n]);
      } finally {
        await other.close();
        await mine.close();
      }
    });

    it('an append decided on a tail another process has moved is refused by its expected revision', async () => {
      const mine = await openSqliteEventStore(file, { pollIntervalMs: 60_000 });
      const other = await openSqliteEventStore(file);
      try {
        await mine.append('raced', [newEvent()], { expected: 'no_stream' });
        await other.append('raced', [newEvent()], { expected: 0n });
        await expect(mine.append('raced', [newEvent()], { expected: 0n })).rejects.toBeInstanceOf(
          WrongExpectedRevisionError,
        );
        expect((await collect(mine.readStream('raced', { from: 1n }))).map((e) => e.revision)).toEqual([1n]);
      } finally {
        await other.close();
        await mine.close();
      }
    });
  });

  it('an append committed while a subscriber handles the previous event reaches it at once, not at the next poll', async () => {
    const slowPolling = await openSqliteEventStore(path.join(dir, 'slow-poll.db'), {
      pollIntervalMs: 60_000,
    });
    try {
      const controller = new AbortController();
      const seen: bigint[] = [];
      const done = (async () => {
        for await (const event of slowPolling.subscribe({ signal: controller.signal })) {
          seen.push(event.position);
          if (seen.length === 2) return 'both';
          // Committed (and notified) while this subscriber is busy, not waiting.
          await slowPolling.append('busy', [newEvent()], { expected: 'any' });
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return 'ended';
      })();
      await slowPolling.append('busy', [newEvent()], { expected: 'no_stream' });
      const outcome = await Promise.race([
        done,
        new Promise((resolve) => setTimeout(() => resolve('waited for the poll'), 5_000)),
      ]);
      controller.abort();
      expect(outcome).toBe('both');
      expect(seen).toEqual([1n, 2n]);
    } finally {
      await slowPolling.close();
    }
  });

  it('waiting subscribers share one check of the head per poll interval, and still see another connection append', async () => {
    const file = path.join(dir, 'polled.db');
    const polled = await openSqliteEventStore(file, { pollIntervalMs: 20 });
    const other = await openSqliteEventStore(file);
    const controller = new AbortController();
    try {
      const firsts = Array.from({ length: 20 }, async () => {
        for await (const event of polled.subscribe({ signal: controller.signal })) return event.stream;
        return null;
      });
      await new Promise((resolve) => setTimeout(resolve, 60));
      const before = { reads: polled.stats.logReads, polls: polled.stats.headPolls };
      await new Promise((resolve) => setTimeout(resolve, 400));
      // About twenty intervals: each of the twenty subscribers re-reading the log every interval would read it
      // some four hundred times; waiting on the shared head watch, none reads until the head moves.
      expect(polled.stats.headPolls - before.polls).toBeGreaterThan(3);
      expect(polled.stats.logReads - before.reads).toBeLessThan(20);

      await other.append('elsewhere', [newEvent()], { expected: 'no_stream' });
      expect(await Promise.all(firsts)).toEqual(Array.from({ length: 20 }, () => 'elsewhere'));
    } finally {
      controller.abort();
      await other.close();
      await polled.close();
    }
  });

  it('hands every subscriber the same decoded event, frozen', async () => {
    await store.append('shared', [newEvent('Happened', { lines: [{ n: 1 }] })], { expected: 'no_stream' });
    const first = async () => {
      const controller = new AbortController();
      for await (const event of store.subscribe({ signal: controller.signal })) {
        controller.abort();
        return event;
      }
      throw new Error('no event');
    };
    const [a, b] = [await first(), await first()];
    expect(a).toBe(b);
    expect(Object.isFrozen((a.data as { lines: object[] }).lines[0])).toBe(true);
    expect(() => ((a.data as { lines: { n: number }[] }).lines[0]!.n = 2)).toThrow(TypeError);
  });

  it('closes in a process that has nothing else to do: the writer thread is waited for, not abandoned', () => {
    const script = path.join(dir, 'close-alone.mts');
    const store = JSON.stringify(path.resolve('services/eventstore/sqlite.ts'));
    fs.writeFileSync(
      script,
      [
        `import { openSqliteEventStore } from ${store};`,
        `const store = await openSqliteEventStore(${JSON.stringify(path.join(dir, 'alone.db'))});`,
        `const event = { id: crypto.randomUUID(), type: 'Happened', data: {}, metadata: { correlationId: 'c', causationId: null, actor: 'test' } };`,
        `await store.append('alone', [event], { expected: 'no_stream' });`,
        `await store.close();`,
        `console.log('closed');`,
      ].join('\n'),
    );
    const child = spawnSync(process.execPath, childScriptArgs(script), {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(child.stdout.trim(), child.stderr).toBe('closed');
    expect(child.status).toBe(0);
  });
});

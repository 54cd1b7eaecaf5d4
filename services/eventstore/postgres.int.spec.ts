import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, describeWithPostgres } from '../kit/testing/postgres';
import { collect, eventStoreContract, newEvent } from './contract';
import { WrongExpectedRevisionError } from './port';
import type { RecordedEvent } from './port';
import { openPostgresEventStore } from './postgres';
import type { PostgresEventStore, PostgresEventStoreOptions } from './postgres';

async function until(predicate: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function withStore(
  options: PostgresEventStoreOptions,
  body: (store: PostgresEventStore, url: string) => Promise<void>,
): Promise<void> {
  const db = await createTestDatabase('es');
  const store = await openPostgresEventStore(db.url, options);
  try {
    await body(store, db.url);
  } finally {
    await store.close();
    await db.drop();
  }
}

function collector(store: PostgresEventStore) {
  const controller = new AbortController();
  const seen: RecordedEvent[] = [];
  const done = (async () => {
    for await (const event of store.subscribe({ signal: controller.signal })) seen.push(event);
  })();
  return {
    seen,
    async stop() {
      controller.abort();
      await done;
    },
  };
}

describeWithPostgres('postgres event store', () => {
  eventStoreContract('postgres', async (options) => {
    const db = await createTestDatabase('es');
    const store = await openPostgresEventStore(db.url, options);
    return {
      store,
      async cleanup() {
        await store.close();
        await db.drop();
      },
    };
  });

  describe('group commit', () => {
    it('appends issued together go out in fewer transactions, each checked on its own', async () => {
      await withStore({}, async (store) => {
        await store.append('shared', [newEvent()], { expected: 'no_stream' });
        const before = store.stats.transactions;
        const outcomes = await Promise.allSettled([
          ...Array.from({ length: 40 }, (_, i) =>
            store.append(`gc-${i}`, [newEvent(), newEvent()], { expected: 'no_stream' }),
          ),
          store.append('shared', [newEvent()], { expected: 7n }),
          store.append('shared', [newEvent()], { expected: 0n }),
          store.append('shared', [newEvent()], { expected: 0n }),
          store.append('missing', [newEvent()], { expected: 'exists' }),
        ]);
        expect(store.stats.transactions - before).toBeLessThan(outcomes.length);
        expect(store.stats.largestBatch).toBeGreaterThan(1);
        expect(outcomes.slice(0, 40).every((o) => o.status === 'fulfilled')).toBe(true);
        expect(outcomes.slice(40).map((o) => o.status)).toEqual([
          'rejected',
          'fulfilled',
          'rejected',
          'rejected',
        ]);
        const reasons = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
        expect(reasons.every((r) => r instanceof WrongExpectedRevisionError)).toBe(true);
        expect(reasons).toMatchObject([{ actual: 0n }, { actual: 1n }, { actual: 'no_stream' }]);
        const all = await collect(store.readAll());
        expect(all).toHaveLength(1 + 80 + 1);
        expect(all.map((e) => e.position)).toEqual(all.map((_, i) => BigInt(i + 1)));
      });
    });

    it('a retry in the same batch as its original gets the original result', async () => {
      await withStore({}, async (store) => {
        const events = [newEvent(), newEvent()];
        const [first, retry, other] = await Promise.all([
          store.append('s', events, { expected: 'no_stream' }),
          store.append('s', events, { expected: 'no_stream' }),
          store.append('t', [newEvent()], { expected: 'no_stream' }),
        ]);
        expect(retry).toEqual(first);
        expect(other.position).toBe(3n);
        expect(await collect(store.readStream('s'))).toHaveLength(2);
      });
    });
  });

  describe('live delivery', () => {
    // The poll interval is far longer than the test waits, so delivery can only come from NOTIFY.
    const notifyOnly = { pollIntervalMs: 600_000 };

    it('a subscriber recovers after its LISTEN connection is killed and gets later events', async () => {
      await withStore(notifyOnly, async (store, url) => {
        const sub = collector(store);
        await until(() => store.stats.listenConnects === 1, 10_000);
        await store.append('s', [newEvent()], { expected: 'no_stream' });
        await until(() => sub.seen.length === 1, 5_000);

        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        try {
          const killed = await admin.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity
              WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`,
          );
          expect(killed.rows).toHaveLength(1);
          await admin.query('SELECT pg_terminate_backend($1)', [killed.rows[0]?.pid]);
          await until(() => store.stats.listenConnects === 2, 10_000);
          const listeners = await admin.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity
              WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`,
          );
          expect(listeners.rows.map((r) => r.pid)).not.toContain(killed.rows[0]?.pid);
        } finally {
          await admin.end();
        }
        await store.append('s', [newEvent(), newEvent()], { expected: 0n });
        await until(() => sub.seen.length === 3, 5_000);
        await sub.stop();
        expect(sub.seen.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
      });
    });

    it('a subscriber survives every connection of its store being killed and resumes where it was', async () => {
      await withStore({ pollIntervalMs: 50 }, async (store, url) => {
        const sub = collector(store);
        await store.append('s', [newEvent()], { expected: 'no_stream' });
        await until(() => sub.seen.length === 1, 5_000);
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        try {
          const killed = await admin.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
              WHERE datname = current_database() AND pid <> pg_backend_pid()`,
          );
          expect(killed.rowCount).toBeGreaterThan(0);
        } finally {
          await admin.end();
        }
        // The append itself may land on a connection that just died; a caller retries it with the same ids.
        const retried = [newEvent(), newEvent()];
        await until(async () => {
          try {
            await store.append('s', retried, { expected: 0n });
            return true;
          } catch {
            return false;
          }
        }, 10_000);
        await until(() => sub.seen.length === 3, 10_000);
        await sub.stop();
        expect(sub.seen.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
      });
    });

    it('NOTIFY wakes a subscriber of another store instance on the same database', async () => {
      await withStore(notifyOnly, async (store, url) => {
        const writer = await openPostgresEventStore(url);
        try {
          const sub = collector(store);
          await until(() => store.stats.listenConnects === 1, 10_000);
          await writer.append('s', [newEvent(), newEvent()], { expected: 'no_stream' });
          await until(() => sub.seen.length === 2, 5_000);
          await sub.stop();
          expect(store.stats.notifications).toBeGreaterThanOrEqual(1);
        } finally {
          await writer.close();
        }
      });
    });

    it('waiting subscribers share one check of the head per poll interval, and still see a foreign append', async () => {
      await withStore({ listen: false, pollIntervalMs: 20 }, async (store, url) => {
        // Started a few milliseconds apart, so subscribers polling on their own would not share their reads.
        const subscribers: ReturnType<typeof collector>[] = [];
        for (let i = 0; i < 20; i++) {
          subscribers.push(collector(store));
          await new Promise((resolve) => setTimeout(resolve, 3));
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
        const before = { reads: store.stats.logReads, polls: store.stats.headPolls };
        await new Promise((resolve) => setTimeout(resolve, 400));
        // Twenty subscribers re-reading the log every interval would read it some four hundred times.
        expect(store.stats.headPolls - before.polls).toBeGreaterThan(3);
        expect(store.stats.logReads - before.reads).toBeLessThan(20);
        const writer = await openPostgresEventStore(url, { listen: false });
        try {
          await writer.append('elsewhere', [newEvent()], { expected: 'no_stream' });
        } finally {
          await writer.close();
        }
        await until(() => subscribers.every((sub) => sub.seen.length === 1), 5_000);
        for (const sub of subscribers) await sub.stop();
      });
    });

    it('with LISTEN disabled, polling alone delivers every event', async () => {
      await withStore({ listen: false, pollIntervalMs: 50 }, async (store) => {
        const sub = collector(store);
        for (let i = 0; i < 5; i++) await store.append('s', [newEvent()], { expected: 'any' });
        await until(() => sub.seen.length === 5, 5_000);
        await sub.stop();
        expect(store.stats.listenConnects).toBe(0);
        expect(sub.seen.map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n, 4n]);
      });
    });
  });
});

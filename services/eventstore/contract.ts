import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DuplicateEventIdError, InvalidEventError, WrongExpectedRevisionError } from './port';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  EventStoreOptions,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
} from './port';

export interface ContractSubject {
  store: EventStore;
  /** Closes the store (it may already be closed) and removes whatever `open` created. */
  cleanup(): Promise<void>;
}

export interface ContractOptions {
  /** False when `open()` cannot hand out an empty store (a shared EventStoreDB server). Default true. */
  freshStore?: boolean;
  /** True when ids are unique across the whole store rather than per stream (sqlite, postgres). Default true. */
  storeWideIds?: boolean;
}

const WRITERS = 8;
const EVENTS_PER_WRITER = 500;

export function metadataFor(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return { correlationId: randomUUID(), causationId: randomUUID(), actor: 'system', ...overrides };
}

export function newEvent(
  type = 'Happened',
  data: unknown = { n: 1 },
  overrides: Partial<NewEvent> = {},
): NewEvent {
  return { id: randomUUID(), type, data, metadata: metadataFor(), ...overrides };
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

async function eventually(predicate: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

/** Subscribes from `after` and records the positions of this test's events until told where to stop. */
function startCollector(store: EventStore, after: bigint, prefix: string) {
  const controller = new AbortController();
  const seen: RecordedEvent[] = [];
  const done = (async () => {
    for await (const event of store.subscribe({ after, signal: controller.signal })) {
      if (event.stream.startsWith(prefix)) seen.push(event);
    }
  })();
  return {
    after,
    seen,
    /** Waits until `last` has been seen (or a generous deadline passes), then stops the subscription. */
    async stopAfter(last: bigint): Promise<void> {
      await eventually(() => (seen.at(-1)?.position ?? -1n) >= last, 30_000);
      controller.abort();
      await done;
    },
  };
}

function isWrongRevision(actual: bigint | 'no_stream') {
  return (error: unknown): boolean => error instanceof WrongExpectedRevisionError && error.actual === actual;
}

export function eventStoreContract(
  name: string,
  open: (storeOptions?: EventStoreOptions) => Promise<ContractSubject>,
  options: ContractOptions = {},
): void {
  const freshStore = options.freshStore ?? true;
  const storeWideIds = options.storeWideIds ?? true;

  describe(`EventStore contract: ${name}`, () => {
    let subject: ContractSubject;
    let store: EventStore;
    let prefix: string;
    /** head() when the test began: a shared store already holds other events. */
    let start: bigint;
    const streamName = (suffix: string): string => `${prefix}-${suffix}`;
    const ours = (events: RecordedEvent[]): RecordedEvent[] =>
      events.filter((e) => e.stream.startsWith(prefix));

    beforeEach(async () => {
      subject = await open();
      store = subject.store;
      prefix = `c${randomUUID().slice(0, 8)}`;
      start = await store.head();
    });

    afterEach(async () => {
      await subject.cleanup();
    });

    it.skipIf(!freshStore)('an empty store has head 0 and yields nothing', async () => {
      expect(await store.head()).toBe(0n);
      expect(await collect(store.readAll())).toEqual([]);
      expect(await collect(store.readStream('nothing-here'))).toEqual([]);
    });

    it('positions are positive, strictly increase in commit order, and head() is the newest', async () => {
      const results: AppendResult[] = [];
      results.push(await store.append(streamName('a'), [newEvent()], { expected: 'no_stream' }));
      results.push(
        await store.append(streamName('b'), [newEvent(), newEvent(), newEvent()], { expected: 'no_stream' }),
      );
      results.push(await store.append(streamName('a'), [newEvent()], { expected: 0n }));
      const positions = results.map((r) => r.position);
      expect(positions[0]).toBeGreaterThan(0n);
      expect([...positions].sort((x, y) => (x < y ? -1 : 1))).toEqual(positions);
      expect(new Set(positions).size).toBe(positions.length);
      expect(await store.head()).toBe(results[2]?.position);

      const all = ours(await collect(store.readAll({ after: start })));
      expect(all).toHaveLength(5);
      for (let i = 1; i < all.length; i++) expect(all[i]!.position).toBeGreaterThan(all[i - 1]!.position);
      expect(all.map((e) => e.stream)).toEqual([
        streamName('a'),
        streamName('b'),
        streamName('b'),
        streamName('b'),
        streamName('a'),
      ]);
      expect(all[3]?.position).toBe(results[1]?.position);
      expect(all[4]?.position).toBe(results[2]?.position);
    });

    it('a new stream starts at revision 0 and nextRevision is the revision of its last event', async () => {
      const first = await store.append(streamName('s'), [newEvent(), newEvent()], { expected: 'no_stream' });
      expect(first.nextRevision).toBe(1n);
      const second = await store.append(streamName('s'), [newEvent()], { expected: first.nextRevision });
      expect(second.nextRevision).toBe(2n);
      const events = await collect(store.readStream(streamName('s')));
      expect(events.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
    });

    it('no_stream is refused once the stream has events, reporting the actual revision', async () => {
      await store.append(streamName('s'), [newEvent(), newEvent()], { expected: 'no_stream' });
      const head = await store.head();
      const error = await store
        .append(streamName('s'), [newEvent()], { expected: 'no_stream' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ stream: streamName('s'), expected: 'no_stream', actual: 1n });
      expect(await store.head()).toBe(head);
    });

    it('exists is refused on a missing stream and accepted on an existing one', async () => {
      const error = await store
        .append(streamName('s'), [newEvent()], { expected: 'exists' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ expected: 'exists', actual: 'no_stream' });
      expect(await collect(store.readStream(streamName('s')))).toEqual([]);

      await store.append(streamName('s'), [newEvent()], { expected: 'no_stream' });
      const result = await store.append(streamName('s'), [newEvent()], { expected: 'exists' });
      expect(result.nextRevision).toBe(1n);
    });

    it('a bigint expected revision must equal the revision of the last event', async () => {
      const missing = await store
        .append(streamName('s'), [newEvent()], { expected: 0n })
        .catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(WrongExpectedRevisionError);
      expect(missing).toMatchObject({ expected: 0n, actual: 'no_stream' });

      await store.append(streamName('s'), [newEvent(), newEvent(), newEvent()], { expected: 'no_stream' });
      for (const wrong of [0n, 1n, 3n]) {
        const error = await store
          .append(streamName('s'), [newEvent()], { expected: wrong })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ expected: wrong, actual: 2n });
      }
      const ok = await store.append(streamName('s'), [newEvent()], { expected: 2n });
      expect(ok.nextRevision).toBe(3n);
      expect(await collect(store.readStream(streamName('s')))).toHaveLength(4);
    });

    it('any appends whatever the state of the stream', async () => {
      expect((await store.append(streamName('s'), [newEvent()], { expected: 'any' })).nextRevision).toBe(0n);
      expect(
        (await store.append(streamName('s'), [newEvent(), newEvent()], { expected: 'any' })).nextRevision,
      ).toBe(2n);
    });

    it('an empty append writes nothing, still checks expected, and reports the stream tail', async () => {
      const head = await store.head();
      await expect(store.append(streamName('s'), [], { expected: 'no_stream' })).resolves.toEqual({
        nextRevision: -1n,
        position: 0n,
      });
      await expect(store.append(streamName('s'), [], { expected: 'exists' })).rejects.toSatisfy(
        isWrongRevision('no_stream'),
      );
      expect(await store.head()).toBe(head);

      const written = await store.append(streamName('s'), [newEvent(), newEvent()], {
        expected: 'no_stream',
      });
      await expect(store.append(streamName('s'), [], { expected: 1n })).resolves.toEqual(written);
      await expect(store.append(streamName('s'), [], { expected: 'any' })).resolves.toEqual(written);
      await expect(store.append(streamName('s'), [], { expected: 'no_stream' })).rejects.toSatisfy(
        isWrongRevision(1n),
      );
      expect(await store.head()).toBe(written.position);
    });

    it('retrying the same ids returns the original result and writes nothing, even when expected would now fail', async () => {
      const a = newEvent('Ordered', { n: 1 }, { id: `${prefix}:order-1:placed` });
      const b = newEvent('Paid', { n: 2 }, { id: randomUUID() });
      const first = await store.append(streamName('s'), [a, b], { expected: 'no_stream' });
      const c = newEvent();
      const second = await store.append(streamName('s'), [c], { expected: first.nextRevision });
      const head = await store.head();

      await expect(store.append(streamName('s'), [a, b], { expected: 'no_stream' })).resolves.toEqual(first);
      await expect(store.append(streamName('s'), [c], { expected: first.nextRevision })).resolves.toEqual(
        second,
      );
      expect(await store.head()).toBe(head);
      const events = await collect(store.readStream(streamName('s')));
      expect(events.map((e) => e.id)).toEqual([a.id, b.id, c.id]);
    });

    it('a retry that only partly overlaps the stored ids is refused and writes nothing', async () => {
      const a = newEvent();
      const b = newEvent();
      await store.append(streamName('s'), [a, b], { expected: 'no_stream' });
      const head = await store.head();
      await expect(
        store.append(streamName('s'), [a, newEvent()], { expected: 'no_stream' }),
      ).rejects.toSatisfy(isWrongRevision(1n));
      expect(await store.head()).toBe(head);
      expect((await collect(store.readStream(streamName('s')))).map((e) => e.id)).toEqual([a.id, b.id]);
    });

    it.skipIf(!storeWideIds)(
      'ids are unique across the store: overlaps are refused even when expected matches',
      async () => {
        const a = newEvent();
        const b = newEvent();
        const first = await store.append(streamName('s'), [a, b], { expected: 'no_stream' });
        const head = await store.head();
        await expect(
          store.append(streamName('s'), [b, newEvent()], { expected: first.nextRevision }),
        ).rejects.toSatisfy(isWrongRevision(1n));
        await expect(store.append(streamName('s'), [a, b], { expected: 'any' })).resolves.toEqual(first);
        const elsewhere = await store
          .append(streamName('other'), [a], { expected: 'any' })
          .catch((e: unknown) => e);
        expect(elsewhere).toBeInstanceOf(DuplicateEventIdError);
        expect(elsewhere).toMatchObject({
          id: a.id,
          stream: streamName('other'),
          existingStream: streamName('s'),
        });
        const twice = newEvent();
        await expect(
          store.append(streamName('other'), [twice, twice], { expected: 'any' }),
        ).rejects.toBeInstanceOf(DuplicateEventIdError);
        expect(await store.head()).toBe(head);
      },
    );

    it('malformed events are refused with InvalidEventError and nothing is written', async () => {
      await store.append(streamName('s'), [newEvent()], { expected: 'no_stream' });
      const head = await store.head();
      const cyclic: Record<string, unknown> = { name: 'loop' };
      cyclic.self = cyclic;
      const cases: Array<[string, string, NewEvent[]]> = [
        ['missing_type', streamName('s'), [{ ...newEvent(), type: undefined as unknown as string }]],
        ['missing_type', streamName('s'), [newEvent('')]],
        ['missing_id', streamName('s'), [{ ...newEvent(), id: '' }]],
        ['data_not_serialisable', streamName('s'), [newEvent('Bad', { run: () => 1 })]],
        ['data_not_serialisable', streamName('s'), [newEvent('Bad', { amount: 10n })]],
        ['data_not_serialisable', streamName('s'), [newEvent('Bad', cyclic)]],
        ['data_not_serialisable', streamName('s'), [newEvent('Bad', { ratio: Number.NaN })]],
        ['data_not_serialisable', streamName('s'), [{ ...newEvent('Bad'), data: undefined }]],
        [
          'metadata_not_serialisable',
          streamName('s'),
          [{ ...newEvent(), metadata: { ...metadataFor(), tag: Symbol('x') } }],
        ],
        ['data_not_serialisable', streamName('s'), [newEvent('Good'), newEvent('Bad', { at: 1n })]],
        ['empty_stream_name', '', [newEvent()]],
      ];
      for (const [reason, stream, events] of cases) {
        const error = await store.append(stream, events, { expected: 'any' }).catch((e: unknown) => e);
        expect(error, reason).toBeInstanceOf(InvalidEventError);
        expect(error).toMatchObject({ reason });
      }
      expect(await store.head()).toBe(head);
      expect(await collect(store.readStream(streamName('s')))).toHaveLength(1);
    });

    it('readStream reads forwards and backwards, from a revision inclusive, with a limit', async () => {
      for (let i = 0; i < 10; i++) {
        await store.append(streamName('s'), [newEvent('Step', { i })], {
          expected: i === 0 ? 'no_stream' : BigInt(i - 1),
        });
        await store.append(streamName('noise'), [newEvent('Noise', { i })], { expected: 'any' });
      }
      const revisions = async (opts?: Parameters<EventStore['readStream']>[1]): Promise<number[]> =>
        (await collect(store.readStream(streamName('s'), opts))).map((e) => Number(e.revision));
      const range = (from: number, to: number): number[] =>
        from <= to
          ? Array.from({ length: to - from + 1 }, (_, k) => from + k)
          : Array.from({ length: from - to + 1 }, (_, k) => from - k);

      const forwards = await collect(store.readStream(streamName('s')));
      expect(forwards.map((e) => e.data)).toEqual(range(0, 9).map((i) => ({ i })));
      expect(forwards.every((e) => e.stream === streamName('s') && e.type === 'Step')).toBe(true);
      for (let i = 1; i < forwards.length; i++)
        expect(forwards[i]!.position).toBeGreaterThan(forwards[i - 1]!.position);

      expect(await revisions({ from: 3n })).toEqual(range(3, 9));
      expect(await revisions({ limit: 4 })).toEqual(range(0, 3));
      expect(await revisions({ from: 3n, limit: 2 })).toEqual([3, 4]);
      expect(await revisions({ backwards: true })).toEqual(range(9, 0));
      expect(await revisions({ backwards: true, from: 5n })).toEqual(range(5, 0));
      expect(await revisions({ backwards: true, from: 5n, limit: 2 })).toEqual([5, 4]);
      expect(await revisions({ backwards: true, limit: 3 })).toEqual([9, 8, 7]);
      expect(await revisions({ from: 10n })).toEqual([]);
      expect(await revisions({ limit: 0 })).toEqual([]);
      expect(await collect(store.readStream(streamName('missing')))).toEqual([]);
      expect(await collect(store.readStream(streamName('missing'), { backwards: true }))).toEqual([]);
    });

    it('readAll honours after (exclusive) and limit', async () => {
      for (let i = 0; i < 6; i++)
        await store.append(streamName(`s${i % 2}`), [newEvent('Step', { i })], { expected: 'any' });
      const all = await collect(store.readAll({ after: start }));
      expect(ours(all).map((e) => e.data)).toEqual(Array.from({ length: 6 }, (_, i) => ({ i })));
      const third = all[2]!.position;
      expect((await collect(store.readAll({ after: third }))).map((e) => e.position)).toEqual(
        all.slice(3).map((e) => e.position),
      );
      expect((await collect(store.readAll({ after: start, limit: 2 }))).map((e) => e.position)).toEqual(
        all.slice(0, 2).map((e) => e.position),
      );
      expect((await collect(store.readAll({ after: third, limit: 2 }))).map((e) => e.position)).toEqual(
        all.slice(3, 5).map((e) => e.position),
      );
      expect(await collect(store.readAll({ after: all.at(-1)!.position }))).toEqual([]);
      expect(await collect(store.readAll({ after: start, limit: 0 }))).toEqual([]);
    });

    it('recordedAt comes from the clock the store was opened with, on every read path', async () => {
      // One source of time (docs/time.md): a test's manual clock and the store must never disagree.
      let now = new Date('2031-05-01T08:30:00.000Z');
      const clocked = await open({ clock: { now: () => new Date(now.getTime()) } });
      try {
        const from = await clocked.store.head();
        const first = await clocked.store.append(streamName('clocked'), [newEvent(), newEvent()], {
          expected: 'no_stream',
        });
        now = new Date('2019-02-03T04:05:06.789Z');
        await clocked.store.append(streamName('clocked'), [newEvent()], { expected: first.nextRevision });
        const expected = ['2031-05-01T08:30:00.000Z', '2031-05-01T08:30:00.000Z', '2019-02-03T04:05:06.789Z'];
        const times = (events: RecordedEvent[]): string[] => events.map((e) => e.recordedAt.toISOString());
        expect(times(await collect(clocked.store.readStream(streamName('clocked'))))).toEqual(expected);
        const all = ours(await collect(clocked.store.readAll({ after: from })));
        expect(times(all)).toEqual(expected);
        const collector = startCollector(clocked.store, from, prefix);
        await collector.stopAfter(all.at(-1)!.position);
        expect(times(collector.seen)).toEqual(expected);
      } finally {
        await clocked.cleanup();
      }
    });

    it('data, metadata and recordedAt round-trip through every read path', async () => {
      const payloads: unknown[] = [
        {
          text: 'Grüße aus Köln, 東京タワー, 🎟️🎉, עברית, e\u0301, "quoted" \\ back\nslash\ttab \u2028 \u0000 end',
          numbers: [
            0,
            -1,
            1.5,
            -0.25,
            1e21,
            1e-7,
            Number.MAX_SAFE_INTEGER,
            -Number.MAX_SAFE_INTEGER,
            0.1 + 0.2,
          ],
          nested: { a: { b: { c: [1, { d: null }, [true, false]] } } },
          empty: {},
          emptyList: [],
          emptyText: '',
          long: 'x'.repeat(100_000),
        },
        42,
        'just a string',
        [1, 'two', { three: 3 }],
        null,
        true,
      ];
      const metadata: EventMetadata = {
        correlationId: randomUUID(),
        causationId: randomUUID(),
        actor: 'user-42',
        ip: '203.0.113.7',
        userAgent: 'contract/1.0',
        extra: { nested: ['ok'] },
      };
      const before = Date.now();
      const sent = payloads.map((data, i) => newEvent(`Round${i}`, data, { metadata }));
      await store.append(streamName('s'), sent, { expected: 'no_stream' });
      const after = Date.now();

      const check = (events: RecordedEvent[]): void => {
        expect(events).toHaveLength(sent.length);
        events.forEach((event, i) => {
          const original = sent[i]!;
          expect(event.id).toBe(original.id);
          expect(event.type).toBe(original.type);
          expect(event.stream).toBe(streamName('s'));
          expect(event.revision).toBe(BigInt(i));
          expect(event.data).toEqual(original.data);
          expect(event.metadata).toEqual(metadata);
          expect(event.recordedAt).toBeInstanceOf(Date);
          // A minute of slack for a server whose clock is not ours.
          expect(event.recordedAt.getTime()).toBeGreaterThanOrEqual(before - 60_000);
          expect(event.recordedAt.getTime()).toBeLessThanOrEqual(after + 60_000);
        });
      };
      const fromStream = await collect(store.readStream(streamName('s')));
      check(fromStream);
      const fromAll = ours(await collect(store.readAll({ after: start })));
      check(fromAll);
      expect(fromAll.map((e) => e.position)).toEqual(fromStream.map((e) => e.position));
      expect(fromAll.map((e) => e.recordedAt.getTime())).toEqual(
        fromStream.map((e) => e.recordedAt.getTime()),
      );
      const collector = startCollector(store, start, prefix);
      await collector.stopAfter(fromAll.at(-1)!.position);
      check(collector.seen);
    });

    it('concurrent appends with the same expected revision: exactly one wins', async () => {
      await store.append(streamName('s'), [newEvent()], { expected: 'no_stream' });
      const racing = await Promise.allSettled(
        Array.from({ length: 10 }, () =>
          store.append(streamName('s'), [newEvent(), newEvent()], { expected: 0n }),
        ),
      );
      expect(racing.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const losers = racing.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(losers).toHaveLength(9);
      for (const loser of losers) expect(isWrongRevision(2n)(loser.reason)).toBe(true);
      expect(await collect(store.readStream(streamName('s')))).toHaveLength(3);

      const creating = await Promise.allSettled(
        Array.from({ length: 10 }, () =>
          store.append(streamName('new'), [newEvent()], { expected: 'no_stream' }),
        ),
      );
      expect(creating.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of creating) if (r.status === 'rejected') expect(isWrongRevision(0n)(r.reason)).toBe(true);
    });

    it(`subscribers from the start, the middle and the head see every later event exactly once, in order, under ${WRITERS} concurrent writers`, async () => {
      const pre: AppendResult[] = [];
      for (let i = 0; i < 20; i++) {
        pre.push(
          await store.append(streamName('pre'), [newEvent('Pre', { i })], {
            expected: i === 0 ? 'no_stream' : BigInt(i - 1),
          }),
        );
      }
      const collectors = [start, pre[9]!.position, await store.head()].map((after) =>
        startCollector(store, after, prefix),
      );

      let lateJoiner: ReturnType<typeof startCollector> | undefined;
      const write = async (writer: number): Promise<void> => {
        const perAppend = (writer % 4) + 1;
        let expected: ExpectedRevision = 'no_stream';
        let written = 0;
        while (written < EVENTS_PER_WRITER) {
          const count = Math.min(perAppend, EVENTS_PER_WRITER - written);
          const events = Array.from({ length: count }, (_, k) =>
            newEvent('Written', { writer, n: written + k }),
          );
          const result: AppendResult = await store.append(streamName(`w${writer}`), events, { expected });
          expected = result.nextRevision;
          written += count;
          if (writer === 0 && written >= EVENTS_PER_WRITER / 2 && lateJoiner === undefined) {
            // Joins while the writers are busy: its catch-up races the live tail.
            lateJoiner = startCollector(store, pre[4]!.position, prefix);
          }
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, (_, writer) => write(writer)));
      if (lateJoiner !== undefined) collectors.push(lateJoiner);
      expect(collectors).toHaveLength(4);

      const all = ours(await collect(store.readAll({ after: start })));
      expect(all).toHaveLength(20 + WRITERS * EVENTS_PER_WRITER);
      for (let i = 1; i < all.length; i++) expect(all[i]!.position).toBeGreaterThan(all[i - 1]!.position);
      for (let writer = 0; writer < WRITERS; writer++) {
        const stream = all.filter((e) => e.stream === streamName(`w${writer}`));
        expect(stream.map((e) => e.revision)).toEqual(
          Array.from({ length: EVENTS_PER_WRITER }, (_, k) => BigInt(k)),
        );
        expect(stream.map((e) => (e.data as { n: number }).n)).toEqual(
          Array.from({ length: EVENTS_PER_WRITER }, (_, k) => k),
        );
      }

      const last = all.at(-1)!.position;
      await Promise.all(collectors.map((c) => c.stopAfter(last)));
      for (const collector of collectors) {
        const expected = all.filter((e) => e.position > collector.after).map((e) => e.position);
        expect(collector.seen.map((e) => e.position)).toEqual(expected);
      }
    });

    it('subscribe yields only the requested types and keeps advancing past the others', async () => {
      const controller = new AbortController();
      const seen: RecordedEvent[] = [];
      const done = (async () => {
        for await (const event of store.subscribe({
          after: start,
          types: ['Wanted'],
          signal: controller.signal,
        })) {
          seen.push(event);
        }
      })();
      await store.append(streamName('s'), [newEvent('Unwanted'), newEvent('Wanted', { k: 1 })], {
        expected: 'no_stream',
      });
      for (let i = 0; i < 30; i++)
        await store.append(streamName('s'), [newEvent('Unwanted')], { expected: 'any' });
      const last = await store.append(streamName('s'), [newEvent('Wanted', { k: 2 })], { expected: 'any' });
      await eventually(() => seen.length >= 2, 10_000);
      controller.abort();
      await done;
      expect(seen.map((e) => e.data)).toEqual([{ k: 1 }, { k: 2 }]);
      expect(seen.every((e) => e.type === 'Wanted')).toBe(true);
      expect(seen.at(-1)?.position).toBe(last.position);
    });

    it('a subscription ends on abort, on return() while waiting, and on break', async () => {
      const head = await store.head();
      const controller = new AbortController();
      const aborted = store.subscribe({ after: head, signal: controller.signal })[Symbol.asyncIterator]();
      const waiting = aborted.next();
      controller.abort();
      await expect(waiting).resolves.toMatchObject({ done: true });

      const preAborted = store
        .subscribe({ after: head, signal: AbortSignal.abort() })
        [Symbol.asyncIterator]();
      await expect(preAborted.next()).resolves.toMatchObject({ done: true });

      const returned = store.subscribe({ after: head })[Symbol.asyncIterator]();
      const pending = returned.next();
      await expect(returned.return?.()).resolves.toMatchObject({ done: true });
      await expect(pending).resolves.toMatchObject({ done: true });

      await store.append(streamName('s'), [newEvent(), newEvent()], { expected: 'no_stream' });
      let count = 0;
      for await (const event of store.subscribe({ after: head })) {
        expect(event.stream).toBe(streamName('s'));
        count++;
        break;
      }
      expect(count).toBe(1);
    });

    it('reads left after their first event do not keep close() from finishing', async () => {
      await store.append(streamName('s'), [newEvent(), newEvent(), newEvent()], { expected: 'no_stream' });
      const firsts: RecordedEvent[] = [];
      for (const reading of [
        store.readStream(streamName('s')),
        store.readStream(streamName('s'), { backwards: true }),
        store.readAll({ after: start }),
      ]) {
        for await (const event of reading) {
          firsts.push(event);
          break;
        }
      }
      expect(firsts.map((e) => e.revision)).toEqual([0n, 2n, 0n]);
      await store.head();
      // A store whose client still waits on an abandoned read never closes: the test then times out here.
      await store.close();
    });

    it('close() ends live subscriptions, refuses later appends and may be called twice', async () => {
      const live = store.subscribe({ after: await store.head() })[Symbol.asyncIterator]();
      const pending = live.next();
      await store.close();
      await expect(pending).resolves.toMatchObject({ done: true });
      await expect(store.append(streamName('s'), [newEvent()], { expected: 'any' })).rejects.toThrow(
        /closed/,
      );
      await store.close();
    });
  });
}

/**
 * The event store contract's subscriptions and closing (`contract.ts`): every subscriber sees every later event
 * once and in order under concurrent writers, type filters, the ways a subscription ends, and what `close()` ends.
 */
import { expect, it } from 'vitest';
import { collect, newEvent, startCollector } from './contractFixtures';
import type { ContractSuite } from './contractFixtures';
import type { AppendResult, ExpectedRevision, RecordedEvent } from './port';

const WRITERS = 8;
const EVENTS_PER_WRITER = 500;

export function subscriptionContract(suite: ContractSuite): void {
  const { streamName, ours } = suite;

  it(`subscribers from the start, the middle and the head see every later event exactly once, in order, under ${WRITERS} concurrent writers`, async () => {
    const { store, start, prefix } = suite;
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

  it('a subscriber naming its relevant types gets each of them in order, and its position reaches the head', async () => {
    const { store, start } = suite;
    const collector = startCollector(store, start, '', { relevant: ['Wanted'] });
    await store.append(streamName('r'), [newEvent('Wanted', { k: 1 }), newEvent('Unwanted')], {
      expected: 'no_stream',
    });
    for (let i = 0; i < 30; i++)
      await store.append(streamName('r'), [newEvent('Unwanted')], { expected: 'any' });
    await store.append(streamName('r'), [newEvent('Wanted', { k: 2 })], { expected: 'any' });
    const last = await store.append(streamName('r'), [newEvent('Unwanted'), newEvent('Unwanted')], {
      expected: 'any',
    });
    await collector.stopAfter(last.position);
    const mine = ours(collector.seen);
    expect(mine.filter((e) => e.type === 'Wanted').map((e) => e.data)).toEqual([{ k: 1 }, { k: 2 }]);
    // In order, each at most once, ending at the head: whatever else the store chose to hand over.
    const positions = mine.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : 1)));
    expect(new Set(positions).size).toBe(positions.length);
    expect(mine.at(-1)?.position).toBe(last.position);
  });

  it('subscribe yields only the requested types and keeps advancing past the others', async () => {
    const { store, start } = suite;
    const collector = startCollector(store, start, '', { types: ['Wanted'] });
    const { seen } = collector;
    await store.append(streamName('s'), [newEvent('Unwanted'), newEvent('Wanted', { k: 1 })], {
      expected: 'no_stream',
    });
    for (let i = 0; i < 30; i++)
      await store.append(streamName('s'), [newEvent('Unwanted')], { expected: 'any' });
    const last = await store.append(streamName('s'), [newEvent('Wanted', { k: 2 })], { expected: 'any' });
    await collector.stopAfter(last.position);
    expect(seen.map((e) => e.data)).toEqual([{ k: 1 }, { k: 2 }]);
    expect(seen.every((e) => e.type === 'Wanted')).toBe(true);
    expect(seen.at(-1)?.position).toBe(last.position);
  });

  it('a subscription ends on abort, on return() while waiting, and on break', async () => {
    const { store } = suite;
    const head = await store.head();
    const controller = new AbortController();
    const aborted = store.subscribe({ after: head, signal: controller.signal })[Symbol.asyncIterator]();
    const waiting = aborted.next();
    controller.abort();
    await expect(waiting).resolves.toMatchObject({ done: true });

    const preAborted = store.subscribe({ after: head, signal: AbortSignal.abort() })[Symbol.asyncIterator]();
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
    const { store, start } = suite;
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
    const { store } = suite;
    const live = store.subscribe({ after: await store.head() })[Symbol.asyncIterator]();
    const pending = live.next();
    await store.close();
    await expect(pending).resolves.toMatchObject({ done: true });
    await expect(store.append(streamName('s'), [newEvent()], { expected: 'any' })).rejects.toThrow(/closed/);
    await store.close();
  });
}

/**
 * The event store contract's appends (`contract.ts`): positions and revisions, the expected-revision checks, the
 * idempotent retry, what is refused as malformed, and concurrent appends racing on one expected revision.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { collect, isWrongRevision, metadataFor, newEvent } from './contractFixtures';
import type { ContractSuite } from './contractFixtures';
import { DuplicateEventIdError, InvalidEventError, WrongExpectedRevisionError } from './port';
import type { AppendResult, NewEvent } from './port';

export function appendContract(suite: ContractSuite): void {
  const { streamName, ours, storeWideIds } = suite;

  it('positions are positive, strictly increase in commit order, and head() is the newest', async () => {
    const { store, start } = suite;
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
    const { store } = suite;
    const first = await store.append(streamName('s'), [newEvent(), newEvent()], { expected: 'no_stream' });
    expect(first.nextRevision).toBe(1n);
    const second = await store.append(streamName('s'), [newEvent()], { expected: first.nextRevision });
    expect(second.nextRevision).toBe(2n);
    const events = await collect(store.readStream(streamName('s')));
    expect(events.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
  });

  it('no_stream is refused once the stream has events, reporting the actual revision', async () => {
    const { store } = suite;
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
    const { store } = suite;
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
    const { store } = suite;
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
    const { store } = suite;
    expect((await store.append(streamName('s'), [newEvent()], { expected: 'any' })).nextRevision).toBe(0n);
    expect(
      (await store.append(streamName('s'), [newEvent(), newEvent()], { expected: 'any' })).nextRevision,
    ).toBe(2n);
  });

  it('an empty append writes nothing, still checks expected, and reports the stream tail', async () => {
    const { store } = suite;
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
    const { store, prefix } = suite;
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
    const { store } = suite;
    const a = newEvent();
    const b = newEvent();
    await store.append(streamName('s'), [a, b], { expected: 'no_stream' });
    const head = await store.head();
    await expect(store.append(streamName('s'), [a, newEvent()], { expected: 'no_stream' })).rejects.toSatisfy(
      isWrongRevision(1n),
    );
    expect(await store.head()).toBe(head);
    expect((await collect(store.readStream(streamName('s')))).map((e) => e.id)).toEqual([a.id, b.id]);
  });

  it.skipIf(!storeWideIds)(
    'ids are unique across the store: overlaps are refused even when expected matches',
    async () => {
      const { store } = suite;
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
    const { store } = suite;
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

  it('concurrent appends with the same expected revision: exactly one wins', async () => {
    const { store } = suite;
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
}

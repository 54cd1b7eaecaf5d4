import { randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import type { AllStreamResolvedEvent, ResolvedEvent } from '@eventstore/db-client';
import { afterEach, describe, expect, it } from 'vitest';
import { startEsdbDouble } from './esdbDouble';
import type { EsdbDouble, EsdbDoubleOptions } from './esdbDouble';

// The test double itself, through the real client, on the points the esdb adapter relies on. These prove the double
// answers as documented for EventStoreDB, not that a real server does: that is the EVENTSTORE_URL tier's job.

const opened: { double: EsdbDouble; client: EventStoreDBClient }[] = [];

async function open(options: EsdbDoubleOptions = {}) {
  const double = await startEsdbDouble(options);
  const client = EventStoreDBClient.connectionString(double.url);
  opened.push({ double, client });
  return { double, client };
}

afterEach(async () => {
  for (const { double, client } of opened.splice(0)) {
    await client.dispose();
    await double.close();
  }
});

const event = (type = 'Happened', n = 0) => jsonEvent({ id: randomUUID(), type, data: { n } });

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

function types(events: (ResolvedEvent | AllStreamResolvedEvent)[]): (string | undefined)[] {
  return events.map((resolved) => resolved.event?.type);
}

describe.each([
  ['BatchAppend', true],
  ['Append', false],
])('EventStoreDB test double, appending through %s', (_name, batchAppend) => {
  it('answers a wrong expected version with the client WrongExpectedVersionError and its revisions', async () => {
    const { client } = await open({ batchAppend });
    await client.appendToStream('order-1', [event(), event()], { expectedRevision: NO_STREAM });

    const stale = await client
      .appendToStream('order-1', [event()], { expectedRevision: 0n })
      .catch((error: unknown) => error);
    expect(stale).toBeInstanceOf(WrongExpectedVersionError);
    expect(stale).toMatchObject({ streamName: 'order-1', expectedVersion: 0n, actualVersion: 1n });

    const missing = await client
      .appendToStream('order-2', [event()], { expectedRevision: 'stream_exists' })
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(WrongExpectedVersionError);
    expect(missing).toMatchObject({ expectedVersion: 'stream_exists', actualVersion: 'no_stream' });

    const written = await collect(client.readStream('order-1'));
    expect(written.map((resolved) => resolved.event?.revision)).toEqual([0n, 1n]);
  });
});

describe('EventStoreDB test double', () => {
  it('reads a stream and $all backwards; $all positions strictly increase and system events sit between ours', async () => {
    const { double, client } = await open({ systemEventEvery: 1 });
    await client.appendToStream('s', [event('A'), event('B')], { expectedRevision: NO_STREAM });
    await client.appendToStream('s', [event('C')], { expectedRevision: 1n });

    expect(types(await collect(client.readStream('s', { direction: BACKWARDS, fromRevision: END })))).toEqual(
      ['C', 'B', 'A'],
    );
    expect(
      types(await collect(client.readStream('s', { direction: BACKWARDS, fromRevision: 1n, maxCount: 5 }))),
    ).toEqual(['B', 'A']);
    await expect(collect(client.readStream('nowhere'))).rejects.toBeInstanceOf(StreamNotFoundError);

    const forwards = await collect(client.readAll({ direction: FORWARDS, fromPosition: START }));
    const backwards = await collect(client.readAll({ direction: BACKWARDS, fromPosition: END }));
    expect(backwards.map((resolved) => resolved.event?.id)).toEqual(
      forwards.map((resolved) => resolved.event?.id).reverse(),
    );
    const positions = forwards.map((resolved) => resolved.event?.position.commit ?? -1n);
    for (let i = 1; i < positions.length; i++) expect(positions[i]).toBeGreaterThan(positions[i - 1]!);
    expect(positions[0]).toBeGreaterThan(0n);
    expect(forwards.length).toBe(double.log.size);
    expect(types(forwards).filter((type) => type?.startsWith('$'))).not.toHaveLength(0);
    expect(types(forwards).filter((type) => !type?.startsWith('$'))).toEqual(['A', 'B', 'C']);

    // Backwards from a position reads the records before it.
    const c = forwards.find((resolved) => resolved.event?.type === 'C')?.event?.position;
    const beforeC = await collect(client.readAll({ direction: BACKWARDS, fromPosition: c!, maxCount: 100 }));
    expect(types(beforeC).filter((type) => !type?.startsWith('$'))).toEqual(['B', 'A']);
  });

  it('a catch-up subscription to $all delivers what was written after its position, then live appends', async () => {
    const { double, client } = await open({ systemEventEvery: 1 });
    const first = await client.appendToStream('s', [event('Before', 1)], { expectedRevision: NO_STREAM });
    await client.appendToStream('s', [event('Before', 2)], { expectedRevision: 0n });
    await client.appendToStream('s', [event('Before', 3)], { expectedRevision: 1n });

    const subscription = client.subscribeToAll({
      fromPosition: first.position!,
      filter: excludeSystemEvents(),
    });
    const caughtUp = new Promise<void>((resolve) => subscription.once('caughtUp', () => resolve()));
    const seen: AllStreamResolvedEvent[] = [];
    const reading = (async () => {
      for await (const resolved of subscription) {
        seen.push(resolved);
        if (seen.length === 4) break;
      }
    })();

    await caughtUp;
    expect(double.openSubscriptions).toBe(1);
    await client.appendToStream('s', [event('Live', 4), event('Live', 5)], { expectedRevision: 2n });
    await reading;

    expect(seen.map((resolved) => resolved.event?.data)).toEqual([{ n: 2 }, { n: 3 }, { n: 4 }, { n: 5 }]);
    expect(seen.every((resolved) => !resolved.event?.type.startsWith('$'))).toBe(true);
  });

  it('answers UNIMPLEMENTED for what it does not serve, as a server does for an unknown method', async () => {
    const { client } = await open();
    await client.appendToStream('s', [event()]);
    const error = await client.deleteStream('s').catch((failure: unknown) => failure);
    expect(error).toMatchObject({ code: 12 });
  });
});

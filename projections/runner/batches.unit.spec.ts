import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../services/eventstore/port';
import { BatchReader } from './batches';

function event(position: number): RecordedEvent {
  return {
    id: `e${position}`,
    stream: 's',
    revision: BigInt(position - 1),
    position: BigInt(position),
    type: 'T',
    data: {},
    metadata: { correlationId: 'c', causationId: 'c', actor: 'system' },
    recordedAt: new Date(0),
  };
}

/** Yields `ready` events at once (a catch-up page), then one more after a pause (a live append). */
async function* catchUpThenLive(ready: number): AsyncGenerator<RecordedEvent> {
  for (let position = 1; position <= ready; position++) yield event(position);
  await sleep(30);
  yield event(ready + 1);
}

const positions = (events: readonly RecordedEvent[]): number[] => events.map((e) => Number(e.position));

describe('BatchReader', () => {
  it('fills batches from what is available at once, up to the size, and does not wait for more', async () => {
    const reader = new BatchReader(catchUpThenLive(7), 3);
    expect(positions((await reader.next()).events)).toEqual([1, 2, 3]);
    expect(positions((await reader.next()).events)).toEqual([4, 5, 6]);
    expect(positions((await reader.next()).events)).toEqual([7]);
    expect(positions((await reader.next()).events)).toEqual([8]);
    expect(await reader.next()).toEqual({ events: [], done: true });
  });

  it('keeps the read it stopped waiting for and hands its event over in the next batch', async () => {
    const reader = new BatchReader(catchUpThenLive(1), 10);
    expect(positions((await reader.next()).events)).toEqual([1]);
    expect(positions((await reader.next()).events)).toEqual([2]);
    await reader.close();
    expect(await reader.next()).toEqual({ events: [], done: true });
  });
});

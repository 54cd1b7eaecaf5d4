import { describe, expect, it } from 'vitest';
import { EventReadCache } from './eventReadCache';

function counting() {
  const loads: string[] = [];
  let version = 1;
  const load = async (eventId: string) => {
    loads.push(eventId);
    await Promise.resolve();
    return `${eventId}@${version}`;
  };
  return { loads, load, bump: () => version++ };
}

describe('a read model answer kept per event', () => {
  it('reads once, then from memory until its own projection names the event', async () => {
    const source = counting();
    const cache = new EventReadCache('questions', source.load);
    expect(await cache.get('ev_1')).toBe('ev_1@1');
    expect(await cache.get('ev_1')).toBe('ev_1@1');
    expect(source.loads).toEqual(['ev_1']);
    source.bump();
    cache.invalidate({ projection: 'orders', position: 5n, keys: ['event:ev_1'] });
    cache.invalidate({ projection: 'questions', position: 6n, keys: ['event:ev_2'] });
    expect(await cache.get('ev_1')).toBe('ev_1@1');
    cache.invalidate({ projection: 'questions', position: 7n, keys: ['event:ev_1', 'account:ac_1'] });
    expect(await cache.get('ev_1')).toBe('ev_1@2');
    expect(source.loads).toEqual(['ev_1', 'ev_1']);
  });

  it('does not keep a read that an invalidation overtook', async () => {
    let release: () => void = () => undefined;
    let version = 1;
    const cache = new EventReadCache('questions', async () => {
      const read = version;
      await new Promise<void>((resolve) => (release = resolve));
      return read;
    });
    const stale = cache.get('ev_1');
    version = 2;
    cache.invalidate({ projection: 'questions', position: 3n, keys: ['event:ev_1'] });
    release();
    expect(await stale).toBe(1);
    const fresh = cache.get('ev_1');
    release();
    expect(await fresh).toBe(2);
  });

  it('reads again after its time to live, for changes another process made', async () => {
    const source = counting();
    let now = 0;
    const cache = new EventReadCache('questions', source.load, { ttlMs: 5_000, now: () => now });
    await cache.get('ev_1');
    now = 4_999;
    await cache.get('ev_1');
    now = 5_000;
    await cache.get('ev_1');
    expect(source.loads).toEqual(['ev_1', 'ev_1']);
  });
});

import { describe, expect, it } from 'vitest';
import { sharedWhileInFlight } from './sharedWhileInFlight';

/** A read per key that answers when the test says, counting how often it was started. */
function controlledReads() {
  const started: string[] = [];
  const answers = new Map<string, (value: string) => void>();
  const failures = new Map<string, (error: Error) => void>();
  const read = (key: string) => {
    started.push(key);
    return new Promise<string>((resolve, reject) => {
      answers.set(key, resolve);
      failures.set(key, reject);
    });
  };
  return { read, started, answer: (key: string, value: string) => answers.get(key)!(value), fail: failures };
}

describe('a read shared while in flight', () => {
  it('answers calls that arrive during a read with that read, per key', async () => {
    const reads = controlledReads();
    const view = sharedWhileInFlight(reads.read);
    const first = [view('ev_1'), view('ev_1'), view('ev_1')];
    const other = view('ev_2');
    expect(reads.started).toEqual(['ev_1', 'ev_2']);
    reads.answer('ev_1', 'one');
    reads.answer('ev_2', 'two');
    expect(await Promise.all(first)).toEqual(['one', 'one', 'one']);
    expect(await other).toBe('two');
  });

  it('reads anew once the read has settled, also after a failure, which the waiting calls share', async () => {
    const reads = controlledReads();
    const view = sharedWhileInFlight(reads.read);
    const failing = [view('ev_1'), view('ev_1')];
    reads.fail.get('ev_1')!(new Error('store unavailable'));
    await expect(Promise.all(failing)).rejects.toThrow('store unavailable');
    const again = view('ev_1');
    expect(reads.started).toEqual(['ev_1', 'ev_1']);
    reads.answer('ev_1', 'fresh');
    expect(await again).toBe('fresh');
  });
});

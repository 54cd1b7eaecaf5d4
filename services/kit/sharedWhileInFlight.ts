/**
 * Calls of `read` for the same key that arrive while one is under way share its answer instead of reading again;
 * once it settles, the next call reads anew. For polls of state many clients ask for at once (a rush's buyers
 * looking at their place in one event's queue): the answer is never older than a read that was still running
 * when the call came.
 */
export function sharedWhileInFlight<Key, Value>(
  read: (key: Key) => Promise<Value>,
): (key: Key) => Promise<Value> {
  const inFlight = new Map<Key, Promise<Value>>();
  return (key) => {
    const running = inFlight.get(key);
    if (running) return running;
    const reading = read(key).finally(() => inFlight.delete(key));
    inFlight.set(key, reading);
    return reading;
  };
}

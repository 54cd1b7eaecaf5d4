import type { EventStore } from '../port';

/** The store, and the name of each stream read through it in order: for tests of what a caller reads. */
export function countingStreamReads(store: EventStore): { store: EventStore; reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    store: {
      kind: store.kind,
      append: (stream, events, options) => store.append(stream, events, options),
      readStream: (stream, options) => {
        reads.push(stream);
        return store.readStream(stream, options);
      },
      readAll: (options) => store.readAll(options),
      subscribe: (options) => store.subscribe(options),
      head: () => store.head(),
      close: () => store.close(),
    },
  };
}

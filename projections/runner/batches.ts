import type { RecordedEvent } from '../../services/eventstore/port';

const idle = Symbol('idle');

let turnEnds: Promise<typeof idle> | null = null;

/**
 * Settles once the work pending now has run (the next `setImmediate`). Shared by every reader that asks before
 * then: some thirty subscribers read each append, and one immediate serves them all.
 */
function afterPendingWork(): Promise<typeof idle> {
  turnEnds ??= new Promise((resolve) =>
    setImmediate(() => {
      turnEnds = null;
      resolve(idle);
    }),
  );
  return turnEnds;
}

export interface Batch {
  events: RecordedEvent[];
  /** The subscription ended (aborted, or the store closed it). */
  done: boolean;
}

/**
 * Groups a subscription into batches: waits for the first event, then takes whatever else the iterator can
 * hand over before the event loop turns, up to `size`. A catch-up read thus
 * fills whole batches while a live tail commits each event as soon as it arrives.
 */
export class BatchReader {
  private pending: Promise<IteratorResult<RecordedEvent>> | null = null;
  private finished = false;

  constructor(
    private readonly iterator: AsyncIterator<RecordedEvent>,
    private readonly size: number,
  ) {}

  async next(): Promise<Batch> {
    const events: RecordedEvent[] = [];
    if (this.finished) return { events, done: true };
    const first = await this.take(this.pull());
    if (first.done) return this.end(events);
    events.push(first.value);
    // One turn of the event loop for the whole batch: what the iterator hands over before it is in the batch.
    // (A turn per event kept a timer and two promises per event and per subscriber alive in a rush.)
    const turn = afterPendingWork();
    while (events.length < this.size) {
      const next = this.pull();
      const ready = await Promise.race([next, turn]);
      if (ready === idle) break;
      this.pending = null;
      if (ready.done) return this.end(events);
      events.push(ready.value);
    }
    return { events, done: false };
  }

  /** Call after aborting the subscription's signal: settles a read in flight, then lets the iterator clean up. */
  async close(): Promise<void> {
    this.finished = true;
    const pending = this.pending;
    this.pending = null;
    if (pending) await pending.catch(() => undefined);
    await this.iterator.return?.();
  }

  private pull(): Promise<IteratorResult<RecordedEvent>> {
    this.pending ??= this.iterator.next();
    return this.pending;
  }

  private async take(next: Promise<IteratorResult<RecordedEvent>>): Promise<IteratorResult<RecordedEvent>> {
    try {
      return await next;
    } finally {
      this.pending = null;
    }
  }

  private end(events: RecordedEvent[]): Batch {
    this.finished = true;
    return { events, done: true };
  }
}

import type { ProjectionNotice } from './types';

/**
 * One read model's answer per event, kept in memory for the routes of an on-sale rush that ask it on every
 * request (the event's questions on each checkout step). An entry is dropped the moment that projection's notice
 * names `event:<id>`, and a read an invalidation overtook is not kept, so a read after a write never sees the old
 * answer in this process; `ttlMs` bounds what another process changed (its notices are its own).
 */
export class EventReadCache<T> {
  private readonly entries = new Map<string, { value: T; loadedAt: number }>();
  /** Moves on every invalidation; a load that started before one must not store what it read. */
  private epoch = 0;

  constructor(
    private readonly projection: string,
    private readonly load: (eventId: string) => Promise<T>,
    private readonly options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
  ) {}

  async get(eventId: string): Promise<T> {
    const now = this.options.now ?? Date.now;
    const cached = this.entries.get(eventId);
    if (cached && now() - cached.loadedAt < (this.options.ttlMs ?? 5_000)) return cached.value;
    const epoch = this.epoch;
    const value = await this.load(eventId);
    if (epoch !== this.epoch) return value;
    this.entries.delete(eventId);
    this.entries.set(eventId, { value, loadedAt: now() });
    if (this.entries.size > (this.options.maxEntries ?? 1_000))
      this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  /** Hand this to the runner's `onNotice`. */
  readonly invalidate = (notice: ProjectionNotice): void => {
    if (notice.projection !== this.projection || notice.keys.length === 0) return;
    this.epoch++;
    for (const key of notice.keys)
      if (key.startsWith('event:')) this.entries.delete(key.slice('event:'.length));
  };
}

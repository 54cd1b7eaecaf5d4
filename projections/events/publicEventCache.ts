import type { Knex } from 'knex';
import type { ProjectionNotice } from '../runner/types';
import { findLiveEvent } from '.';
import { presentPublicEventWithSeller, type presentPublicEvent } from './detail';

export type PublicEvent = Awaited<ReturnType<typeof presentPublicEvent>>;

/** Who sells a live event: the server's to know (payment checks), never the buyer's. */
export interface PublicEventSeller {
  accountId: string;
  offlinePaymentsEnabled: boolean;
}

interface Entry {
  /** `null` when the event is not live: a rush of refreshes before the on-sale is served from memory too. */
  event: PublicEvent | null;
  seller: PublicEventSeller | null;
  organizerId: string | null;
  loadedAt: number;
}

export interface PublicEventCacheOptions {
  maxEntries?: number;
  /** A safety net for changes no notice names (and for the derived upcoming/ongoing/ended). */
  ttlMs?: number;
  now?: () => number;
}

/**
 * What buyers' phones ask for during an on-sale rush, kept in memory. The projections' notices invalidate an
 * entry the moment its event (`event:<id>`) or its organizer (`organizer:<id>`) changes in the read model, so
 * a read after a write never sees the old page; the TTL bounds anything else.
 */
export class PublicEventCache {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** Moves on every invalidation; a load that started before one must not store what it read. */
  private epoch = 0;
  readonly stats = { hits: 0, misses: 0, invalidations: 0 };

  constructor(
    private readonly db: Knex,
    options: PublicEventCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 1_000;
    this.ttlMs = options.ttlMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  async get(eventId: string, at: Date): Promise<PublicEvent | null> {
    return (await this.getWithSeller(eventId, at)).event;
  }

  /** The live event (or null) with its seller, from the same cache entry. */
  async getWithSeller(
    eventId: string,
    at: Date,
  ): Promise<{ event: PublicEvent | null; seller: PublicEventSeller | null }> {
    const cached = this.entries.get(eventId);
    if (cached && this.now() - cached.loadedAt < this.ttlMs) {
      this.stats.hits++;
      return cached;
    }
    this.stats.misses++;
    const epoch = this.epoch;
    const row = await findLiveEvent(this.db, eventId);
    const presented = row ? await presentPublicEventWithSeller(this.db, row, at) : null;
    const entry: Entry = {
      event: presented?.event ?? null,
      seller: presented?.seller ?? null,
      organizerId: row?.organizer_id ?? null,
      loadedAt: this.now(),
    };
    if (epoch !== this.epoch) return entry;
    this.entries.delete(eventId);
    this.entries.set(eventId, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return entry;
  }

  /** Hand this to the runner's `onNotice`. */
  readonly invalidate = (notice: ProjectionNotice): void => {
    if (notice.keys.length > 0) this.epoch++;
    for (const key of notice.keys) {
      if (key.startsWith('event:')) {
        if (this.entries.delete(key.slice('event:'.length))) this.stats.invalidations++;
      } else if (key.startsWith('organizer:')) {
        const organizerId = key.slice('organizer:'.length);
        for (const [eventId, entry] of this.entries) {
          if (entry.organizerId === organizerId && this.entries.delete(eventId)) this.stats.invalidations++;
        }
      }
    }
  };
}

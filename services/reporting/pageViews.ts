import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { ReadModelTable } from '../../projections/runner/types';
import type { Clock } from '../kit/clock';
import type { Logger } from '../kit/logger';

/**
 * Views of an event's public page, counted without cookies and without storing who viewed it (issue 16).
 *
 * A view is the page's own beacon, so crawlers that run no script are never counted, and a request whose
 * user agent names a bot or a link preview is dropped. A reader who reloads within half an hour counts once:
 * the de-duplication key is a hash of the address, the user agent, the beacon's visit id, the event and a salt
 * that lives only in this process's memory and changes daily, so the key cannot be reversed or linked across
 * days. The visit id is a random value the page keeps for its browser tab (sessionStorage, never a cookie): it
 * tells apart the buyers behind one address with the same browser (a venue's, an office's or a carrier's NAT),
 * who would otherwise count as one reader and push the conversion above what it is (issue 26, item 14). A
 * beacon without one falls back to the address and the user agent.
 *
 * Views are analytics, not facts of the business: they go to a counter table in minute buckets (UTC; the
 * dashboard groups them in the event's zone), flushed about once a second, instead of one event per view
 * in the log during an on-sale rush. A crash loses at most the last second of views.
 */

export const pageViewsTable: ReadModelTable = {
  name: 'event_page_views',
  define(table) {
    table.string('event_id', 40).notNullable();
    /** The minute the views fell in, as an ISO instant with seconds zeroed (`2026-11-22T18:05:00.000Z`). */
    table.string('minute', 30).notNullable();
    table.integer('views').notNullable();
    table.primary(['event_id', 'minute']);
  },
};

const botUserAgent =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|discordbot|skypeuripreview|preview|curl\/|wget\/|python-requests|go-http-client|headlesschrome.*lighthouse/i;

/** Whether a request looks like a person's browser: a user agent that names no bot, and no prefetch. */
export function isHumanView(userAgent: string, purpose: string): boolean {
  if (userAgent.trim().length < 10) return false;
  if (/prefetch|preview/i.test(purpose)) return false;
  return !botUserAgent.test(userAgent);
}

const DEDUPLICATE_FOR_MS = 30 * 60_000;
const MAX_REMEMBERED = 200_000;
const DAY_MS = 86_400_000;

export interface PageViewCounterOptions {
  db: Knex;
  clock: Clock;
  logger: Logger;
  flushEveryMs?: number;
}

export class PageViewCounter {
  private pending = new Map<string, number>();
  private recent = new Map<string, number>();
  private salt = randomBytes(16);
  private saltDay = -1;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly options: PageViewCounterOptions) {
    this.timer = setInterval(() => void this.flush(), options.flushEveryMs ?? 1_000);
    this.timer.unref();
  }

  /** Counts one view unless the same reader viewed the same event within the last half hour. */
  record(eventId: string, reader: { address: string; userAgent: string; visit?: string | null }): boolean {
    const now = this.options.clock.now().getTime();
    const day = Math.floor(now / DAY_MS);
    if (day !== this.saltDay) {
      this.salt = randomBytes(16);
      this.saltDay = day;
      this.recent.clear();
    }
    const readerKey = createHash('sha256')
      .update(this.salt)
      .update(`${eventId}\n${reader.address}\n${reader.userAgent}\n${reader.visit ?? ''}`)
      .digest('base64url');
    const seen = this.recent.get(readerKey);
    if (seen !== undefined && now - seen < DEDUPLICATE_FOR_MS) return false;
    if (this.recent.size >= MAX_REMEMBERED) this.forgetOld(now);
    this.recent.set(readerKey, now);
    const minute = new Date(now - (now % 60_000)).toISOString();
    const key = `${eventId}\n${minute}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    return true;
  }

  /** Writes the counted views; concurrent calls queue behind each other. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const rows = [...batch].map(([key, views]) => {
      const [eventId = '', minute = ''] = key.split('\n');
      return { event_id: eventId, minute, views };
    });
    const { db } = this.options;
    try {
      await db('event_page_views')
        .insert(rows)
        .onConflict(['event_id', 'minute'])
        .merge({ views: db.raw('event_page_views.views + excluded.views') });
    } catch (error) {
      // Put them back: the next flush tries again (the database may be restarting).
      for (const [key, views] of batch) this.pending.set(key, (this.pending.get(key) ?? 0) + views);
      this.options.logger.warn('page views could not be written; retrying', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  private forgetOld(now: number): void {
    for (const [key, at] of this.recent) if (now - at >= DEDUPLICATE_FOR_MS) this.recent.delete(key);
    // Still full of fresh readers (a flood from rotating addresses): start over rather than grow.
    if (this.recent.size >= MAX_REMEMBERED) this.recent.clear();
  }
}

/** Views per minute of one event in [from, to), oldest first. */
export async function pageViewsPerMinute(
  db: Knex,
  eventId: string,
  range: { from?: string; to?: string } = {},
): Promise<{ minute: string; views: number }[]> {
  const query = db('event_page_views')
    .where({ event_id: eventId })
    .select('minute', 'views')
    .orderBy('minute');
  if (range.from) void query.where('minute', '>=', range.from);
  if (range.to) void query.where('minute', '<', range.to);
  return (await query) as { minute: string; views: number }[];
}

export async function totalPageViews(db: Knex, eventId: string): Promise<number> {
  const row = (await db('event_page_views').where({ event_id: eventId }).sum({ views: 'views' }).first()) as
    { views: number | string | null } | undefined;
  return Number(row?.views ?? 0);
}

import type { Knex } from 'knex';
import type { RateLimitStore } from './rateLimit';

/** One row per counted attempt; the limits read the recent ones of a bucket. */
export const rateLimitHitsTable = 'rate_limit_hits';

/**
 * The rate-limit store shared by every API process (docs/decisions/process-roles.md): attempts in the read-model
 * database, so an attacker meets one budget whichever process answers, and a login back-off follows the address
 * across processes. Times are the injected clock's milliseconds, as with the in-memory store, so the windows follow
 * the same clock as every other deadline (docs/time.md). Rows older than the longest window are swept now and then.
 */
export class DatabaseRateLimitStore implements RateLimitStore {
  private addsSinceSweep = 0;

  constructor(
    private readonly db: Knex,
    /** Longest window any limit uses: older rows are never asked for again. */
    private readonly horizonMs = 24 * 3_600_000,
    /** Attempts counted between two sweeps of old rows. */
    private readonly sweepEvery = 1_000,
  ) {}

  async recent(key: string, since: number): Promise<number[]> {
    const rows: { at: string | number }[] = await this.db(rateLimitHitsTable)
      .where('bucket', key)
      .andWhere('at', '>', since)
      .orderBy('at')
      .select('at');
    return rows.map((row) => Number(row.at));
  }

  async add(key: string, at: number): Promise<void> {
    await this.db(rateLimitHitsTable).insert({ bucket: key, at });
    if (++this.addsSinceSweep >= this.sweepEvery) {
      this.addsSinceSweep = 0;
      await this.db(rateLimitHitsTable)
        .where('at', '<', at - this.horizonMs)
        .delete();
    }
  }

  async clear(key: string): Promise<void> {
    await this.db(rateLimitHitsTable).where('bucket', key).delete();
  }
}

import type { Knex } from 'knex';
import { findLiveEvent } from '../../../projections/events';
import { findEventPromoCodeByCode, type PromoCodeRow } from '../../../projections/promoCodes';
import { isPromoCodeValid } from './promoCodeDecider';

/**
 * A buyer's code as the public catalogue and the checkout judge it: a code of a live event, compared trimmed
 * and case-insensitively, not deleted, not expired at `now` and, as far as the read model knows, not used up.
 * The last is advisory: the event's inventory stream refuses the order that would exceed the cap
 * (`promo_code_exhausted`), whatever this said.
 */
export async function findValidPromoCode(
  db: Knex,
  eventId: string,
  code: string,
  now: Date,
): Promise<PromoCodeRow | undefined> {
  if (!(await findLiveEvent(db, eventId))) return undefined;
  const row = await findEventPromoCodeByCode(db, eventId, code);
  if (!row) return undefined;
  if (!isPromoCodeValid({ expiresAt: row.expires_at, applicableTicketIds: [] }, now)) return undefined;
  if (row.max_usages !== null && Number(row.times_used) >= row.max_usages) return undefined;
  return row;
}

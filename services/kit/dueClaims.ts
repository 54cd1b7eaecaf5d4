import type { Knex } from 'knex';

/**
 * Claims up to `limit` rows of a delivery table (the mail outbox, webhook deliveries) that are due: pending and
 * past their `next_attempt_at`, or claimed by a process that has not finished within `claimTimeoutMs`. Each
 * claim is one conditional update of the candidates still due, so two delivery loops never hold the same row at
 * once; the rows this claim took are then read back by its token and time. The table has `id`, `status`
 * ('pending' | 'sending' | …), `next_attempt_at`, `claim_token` and `claimed_at`.
 */
export async function claimDueRows<Row>(
  db: Knex,
  table: string,
  claim: { token: string; now: Date; limit: number; timeoutMs: number; oldestFirstBy: string },
): Promise<Row[]> {
  const nowIso = claim.now.toISOString();
  const staleBefore = new Date(claim.now.getTime() - claim.timeoutMs).toISOString();
  const due = (query: Knex.QueryBuilder) =>
    query.where((where) => {
      void where
        .where((pending) => void pending.where('status', 'pending').where('next_attempt_at', '<=', nowIso))
        .orWhere((stale) => void stale.where('status', 'sending').where('claimed_at', '<', staleBefore));
    });
  const candidates = (await due(db(table).select('id'))
    .orderBy(claim.oldestFirstBy)
    .orderBy('id')
    .limit(claim.limit)) as { id: string }[];
  if (candidates.length === 0) return [];
  const ids = candidates.map(({ id }) => id);
  const updated = await due(db(table).whereIn('id', ids)).update({
    status: 'sending',
    claim_token: claim.token,
    claimed_at: nowIso,
  });
  if (updated === 0) return [];
  const rows = (await db(table)
    .whereIn('id', ids)
    .where({ status: 'sending', claim_token: claim.token, claimed_at: nowIso })) as (Row & { id: string })[];
  const order = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

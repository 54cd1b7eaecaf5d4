import type { Knex } from 'knex';

/**
 * Claims up to `limit` rows of a delivery table (the mail outbox, webhook deliveries) that are due: pending and
 * past their `next_attempt_at`, or claimed by a process that has not finished within `claimTimeoutMs`. Each
 * claim is a conditional update, so two delivery loops never hold the same row at once. The table has `id`,
 * `status` ('pending' | 'sending' | …), `next_attempt_at`, `claim_token` and `claimed_at`.
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
  const claimed: Row[] = [];
  for (const { id } of candidates) {
    const updated = await due(db(table).where({ id })).update({
      status: 'sending',
      claim_token: claim.token,
      claimed_at: nowIso,
    });
    if (updated !== 1) continue;
    const row = (await db(table).where({ id, claim_token: claim.token }).first()) as Row | undefined;
    if (row) claimed.push(row);
  }
  return claimed;
}

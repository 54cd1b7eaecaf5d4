import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import type { SessionEnded, SessionStarted } from '../../services/identity/userDecider';

/**
 * Login sessions, a read model of their own (checkpoint `sessions`): every authenticated request reads it, so a
 * bug in the member list (the `identity` projection) parks or stops only that projection, and logins go on.
 * The member's status and role still come from `account_users`, as it stood when that projection last applied.
 */

export const sessionsTable: ReadModelTable = {
  name: 'auth_sessions',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('token_hash', 64).notNullable();
    table.string('user_id', 40).notNullable();
    table.string('account_id', 40).notNullable();
    table.string('started_at', 30).notNullable();
    table.string('expires_at', 30).notNullable();
    table.string('ended_at', 30).nullable();
    table.unique(['token_hash'], { indexName: `${tableName}_token_unique` });
    table.index(['user_id'], `${tableName}_user_idx`);
  },
};

export const sessionsProjection = defineProjection<SessionStarted | SessionEnded>({
  name: 'sessions',
  tables: [sessionsTable],
  handles: ['SessionStarted', 'SessionEnded'],
  async apply(trx, event, ctx) {
    const sessions = ctx.table('auth_sessions');
    if (event.type === 'SessionStarted') {
      const d = event.data;
      await trx(sessions)
        .insert({
          id: d.sessionId,
          token_hash: d.tokenHash,
          user_id: d.userId,
          account_id: d.accountId,
          started_at: d.startedAt,
          expires_at: d.expiresAt,
          ended_at: null,
        })
        .onConflict('id')
        .ignore();
      return [];
    }
    await trx(sessions)
      .where({ id: event.data.sessionId })
      .whereNull('ended_at')
      .update({ ended_at: event.data.endedAt });
    return [];
  },
});

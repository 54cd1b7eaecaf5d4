import type { Knex } from 'knex';
import type { ReadModelTable } from '../../../projections/runner/types';
import type { MessageCounts, MessageRecipientRow } from '../../../projections/messages';

/**
 * How a message's mails fare: the recipients the reactor found (`message_dispatches`) and each recipient's mail
 * in the outbox (`mail_outbox`, template `event_message`, aggregate = the message).
 */

/** How many recipients the message reactor found when it dispatched a message (services/worker/messageReactor.ts). */
export const messageDispatchesTable: ReadModelTable = {
  name: 'message_dispatches',
  define(table) {
    table.string('message_id', 40).primary();
    table.integer('recipient_count').notNullable();
    table.string('dispatched_at', 30).notNullable();
  },
};

/** Per message: how many recipients, and how their mails stand in the outbox. */
export async function messageCounts(db: Knex, messageIds: string[]): Promise<Map<string, MessageCounts>> {
  const counts = new Map<string, MessageCounts>(
    messageIds.map((id) => [id, { recipients: null, queued: 0, sent: 0, failed: 0 }]),
  );
  if (messageIds.length === 0) return counts;
  const dispatches = (await db('message_dispatches')
    .select('message_id', 'recipient_count')
    .whereIn('message_id', messageIds)) as { message_id: string; recipient_count: number }[];
  for (const row of dispatches) counts.get(row.message_id)!.recipients = Number(row.recipient_count);
  // knex types a grouped count loosely: the row shape is stated here.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  const states = (await db('mail_outbox')
    .select('aggregate_id', 'status')
    .count({ n: '*' })
    .whereIn('aggregate_id', messageIds)
    .where({ template: 'event_message' })
    .whereNot('occurrence', 'like', 'copy:%')
    .groupBy('aggregate_id', 'status')) as { aggregate_id: string; status: string; n: number | string }[];
  for (const row of states) {
    const entry = counts.get(row.aggregate_id)!;
    const n = Number(row.n);
    if (row.status === 'sent') entry.sent += n;
    else if (row.status === 'failed') entry.failed += n;
    else entry.queued += n;
  }
  return counts;
}

/** Each recipient's mail and how it fares (queued, sent, failed); the sender's copy included. */
export async function listMessageRecipients(db: Knex, messageId: string): Promise<MessageRecipientRow[]> {
  return (await db('mail_outbox')
    .select('id', 'to_address', 'locale', 'status', 'attempts', 'last_error', 'sent_at')
    .where({ aggregate_id: messageId, template: 'event_message' })
    .orderBy('to_address')) as MessageRecipientRow[];
}

import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import {
  messageEventTypes,
  type MessageEvent,
  type MessageRecipients,
} from '../../services/messaging/messages/messageEvents';

/**
 * An event's messages (docs/messages.md): what was written, for whom, when it goes out. How many recipients the
 * reactor found and how each one's mail fares are the messaging module's (services/messaging/messages/
 * messageDeliveries.ts); the presenters here take them as `MessageCounts`.
 */

export const messagesTable: ReadModelTable = {
  name: 'messages',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('account_id', 40).notNullable();
    table.string('event_id', 40).notNullable();
    table.string('subject', 250).notNullable();
    table.text('html').notNullable();
    /** JSON MessageRecipients. */
    table.text('recipients').notNullable();
    table.boolean('copy_to_sender').notNullable();
    table.string('sender_user_id', 40).notNullable();
    table.string('sender_email', 320).notNullable();
    /** scheduled | dispatched | cancelled | test */
    table.string('status', 12).notNullable();
    table.string('send_at', 30).notNullable();
    table.string('dispatched_at', 30).nullable();
    table.string('created_at', 30).notNullable();
    table.integer('revision').notNullable();
    table.index(['account_id', 'created_at'], `${tableName}_account_created_idx`);
    table.index(['event_id', 'created_at'], `${tableName}_event_created_idx`);
    table.index(['status', 'send_at'], `${tableName}_due_idx`);
  },
};

export interface MessageRow {
  id: string;
  account_id: string;
  event_id: string;
  subject: string;
  html: string;
  recipients: string;
  copy_to_sender: boolean | number;
  sender_user_id: string;
  sender_email: string;
  status: 'scheduled' | 'dispatched' | 'cancelled' | 'test';
  send_at: string;
  dispatched_at: string | null;
  created_at: string;
  revision: number;
}

export const messagesProjection = defineProjection<MessageEvent>({
  name: 'messages',
  tables: [messagesTable],
  handles: messageEventTypes,
  async apply(trx, event, ctx) {
    const table = ctx.table('messages');
    const revision = Number(event.revision);
    const keys = [`message:${event.data.messageId}`, `event:${event.data.eventId}`];
    const update = async (changes: Partial<MessageRow>) => {
      const updated = await trx(table)
        .where({ id: event.data.messageId })
        .where('revision', '<', revision)
        .update({ ...changes, revision });
      return updated > 0 ? keys : [];
    };
    switch (event.type) {
      case 'MessageScheduled':
      case 'MessageTestSent': {
        const d = event.data;
        const scheduled = event.type === 'MessageScheduled' ? event.data : null;
        const at = event.type === 'MessageScheduled' ? event.data.scheduledAt : event.data.sentAt;
        await trx(table)
          .insert({
            id: d.messageId,
            account_id: d.accountId,
            event_id: d.eventId,
            subject: d.subject,
            html: d.html,
            recipients: JSON.stringify(scheduled?.recipients ?? null),
            copy_to_sender: scheduled?.copyToSender ?? false,
            sender_user_id: d.sender.userId,
            sender_email: d.sender.email,
            status: scheduled ? 'scheduled' : 'test',
            send_at: scheduled ? scheduled.sendAt : at,
            dispatched_at: null,
            created_at: at,
            revision,
          })
          .onConflict('id')
          .ignore();
        return keys;
      }
      case 'MessageDispatched':
        return update({ status: 'dispatched', dispatched_at: event.data.dispatchedAt });
      case 'MessageCancelled':
        return update({ status: 'cancelled' });
    }
  },
});

/** Messages (test sends included) the account wrote since `since`: the daily limit's count. */
export async function countAccountMessagesSince(db: Knex, accountId: string, since: Date): Promise<number> {
  const row = (await db('messages')
    .where({ account_id: accountId })
    .where('created_at', '>=', since.toISOString())
    .count({ n: '*' })
    .first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** Scheduled messages whose time has come (the scheduler's sweep). */
export async function listDueMessageIds(db: Knex, now: Date, limit = 100): Promise<string[]> {
  const rows = (await db('messages')
    .select('id')
    .where({ status: 'scheduled' })
    .where('send_at', '<=', now.toISOString())
    .orderBy('send_at')
    .limit(limit)) as { id: string }[];
  return rows.map((row) => row.id);
}

export async function findEventMessage(
  db: Knex,
  eventId: string,
  messageId: string,
): Promise<MessageRow | undefined> {
  return (await db('messages')
    .where({ id: messageId, event_id: eventId })
    .whereNot({ status: 'test' })
    .first()) as MessageRow | undefined;
}

export function listEventMessages(db: Knex, eventId: string): Promise<MessageRow[]> {
  return db<MessageRow>('messages')
    .where({ event_id: eventId })
    .whereNot({ status: 'test' })
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200);
}

export interface MessageCounts {
  /** Recipients the reactor found when the message was dispatched; null until it has. */
  recipients: number | null;
  queued: number;
  sent: number;
  failed: number;
}

export type MessageState = 'scheduled' | 'cancelled' | 'sending' | 'sent';

export function presentMessage(row: MessageRow, counts: MessageCounts) {
  let state: MessageState;
  if (row.status === 'scheduled' || row.status === 'cancelled') state = row.status;
  else state = counts.recipients === null || counts.queued > 0 ? 'sending' : 'sent';
  return {
    id: row.id,
    event_id: row.event_id,
    subject: row.subject,
    content: row.html,
    recipients: toRecipientsBody(JSON.parse(row.recipients) as MessageRecipients),
    copy_to_sender: Boolean(row.copy_to_sender),
    sender_email: row.sender_email,
    state,
    send_at: row.send_at,
    dispatched_at: row.dispatched_at,
    created_at: row.created_at,
    counts,
  };
}

function toRecipientsBody(recipients: MessageRecipients) {
  switch (recipients.kind) {
    case 'all_attendees':
      return { kind: recipients.kind };
    case 'ticket_holders':
      return { kind: recipients.kind, ticket_ids: recipients.ticketIds };
    case 'attendee':
      return { kind: recipients.kind, attendee_id: recipients.attendeeId };
    case 'order_buyer':
      return { kind: recipients.kind, order_id: recipients.orderId };
  }
}

export type PresentedMessage = ReturnType<typeof presentMessage>;

export interface MessageRecipientRow {
  id: string;
  to_address: string;
  locale: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
}

export function presentMessageRecipient(row: MessageRecipientRow) {
  return {
    id: row.id,
    email: row.to_address,
    locale: row.locale,
    state:
      row.status === 'sent'
        ? ('sent' as const)
        : row.status === 'failed'
          ? ('failed' as const)
          : ('queued' as const),
    attempts: Number(row.attempts),
    last_error: row.last_error,
    sent_at: row.sent_at,
  };
}

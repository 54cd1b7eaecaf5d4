import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { defineProjection } from '../../projections/runner/define';
import type { Projection, ProjectionContext, ReadModelTable } from '../../projections/runner/types';
import type { RecordedEvent } from '../eventstore/port';
import type { CommandHandler } from '../kit/commandHandler';
import { eventDecider } from '../catalog/events/eventDecider';
import { eventStream } from '../catalog/events/eventEvents';
import { dedupeKey, enqueueMail, isEnqueued, mailOutboxTable } from '../messaging/outbox';
import { renderEventMessage, type MessageMailKind } from '../messaging/messages/messageMail';
import { messageDispatchesTable } from '../messaging/messages/messageDeliveries';
import { messageableAttendee, messageableOrderStatuses } from '../messaging/messages/recipientSearch';
import { attendeeContacts, orderBuyerContacts } from '../../projections/orders';
import type {
  MessageCancelled,
  MessageDispatched,
  MessageRecipients,
  MessageScheduled,
  MessageTestSent,
} from '../messaging/messages/messageEvents';

/**
 * Sends an organizer's messages (docs/messages.md). On `MessageDispatched` it resolves the recipients (the
 * attendees or buyer the event has at that moment) and writes one outbox mail per address, in the
 * recipient's language, in the same transaction as its checkpoint: at most once per (message, address). The
 * mail delivery loop sends them in batches with retries, and each outbox row is that recipient's delivery
 * state. The recipients come from the orders read model (an advisory read: an order completed a moment
 * before the dispatch may not be there yet).
 */

export const messageMailsTable: ReadModelTable = {
  name: 'message_mails',
  define(table) {
    table.string('message_id', 40).primary();
    /** JSON: the MessageScheduled data. */
    table.text('data').notNullable();
  },
};

// Migration 0061 imports it from here, where it was defined until the messages module took it over.
export { messageDispatchesTable };

type Handled = MessageScheduled | MessageDispatched | MessageCancelled | MessageTestSent;

export const messageReactorName = 'message-reactor';

interface Recipient {
  email: string;
  locale: string;
}

export function messageReactor(settings: { commands: Pick<CommandHandler, 'load'> }): Projection {
  return defineProjection<Handled>({
    name: messageReactorName,
    tables: [mailOutboxTable, messageMailsTable, messageDispatchesTable],
    handles: ['MessageScheduled', 'MessageDispatched', 'MessageCancelled', 'MessageTestSent'],
    async apply(trx, event, ctx) {
      const mails = ctx.table('message_mails');
      const eventTitle = async (eventId: string) => {
        const { state } = await settings.commands.load(eventDecider, eventStream(eventId));
        return state.exists ? state.details.title : '';
      };
      switch (event.type) {
        case 'MessageScheduled':
          await trx(mails)
            .insert({ message_id: event.data.messageId, data: JSON.stringify(event.data) })
            .onConflict('message_id')
            .ignore();
          return [];
        case 'MessageCancelled':
          return [];
        case 'MessageTestSent': {
          const d = event.data;
          const title = await eventTitle(d.eventId);
          await send(
            trx,
            ctx,
            event,
            d,
            'test',
            'test',
            { email: d.sender.email, locale: d.sender.locale },
            title,
          );
          return [];
        }
        case 'MessageDispatched': {
          const row: { data: string } | undefined = await trx(mails)
            .where({ message_id: event.data.messageId })
            .first('data');
          if (!row) return [];
          const message = JSON.parse(row.data) as MessageScheduled['data'];
          const title = await eventTitle(message.eventId);
          const recipients = await resolveRecipients(trx, message.eventId, message.recipients);
          for (const recipient of recipients) {
            const occurrence = `to:${createHash('sha256').update(recipient.email).digest('hex').slice(0, 40)}`;
            await send(trx, ctx, event, message, 'recipient', occurrence, recipient, title);
          }
          if (message.copyToSender) {
            const { email, locale } = message.sender;
            await send(trx, ctx, event, message, 'copy', 'copy:sender', { email, locale }, title);
          }
          await trx(ctx.table(messageDispatchesTable.name))
            .insert({
              message_id: message.messageId,
              recipient_count: recipients.length,
              dispatched_at: event.data.dispatchedAt,
            })
            .onConflict('message_id')
            .ignore();
          return [];
        }
      }
    },
  });
}

/** One address once (the first attendee holding it gives the language), addresses compared case-insensitively. */
async function resolveRecipients(
  db: Knex.Transaction,
  eventId: string,
  recipients: MessageRecipients,
): Promise<Recipient[]> {
  const rows =
    recipients.kind === 'order_buyer'
      ? await orderBuyerContacts(db, eventId, recipients.orderId, messageableOrderStatuses)
      : // Issued tickets only: an attendee of an order still in checkout has none yet.
        await attendeeContacts(db, eventId, {
          ...messageableAttendee,
          ...(recipients.kind === 'ticket_holders' ? { ticketIds: recipients.ticketIds } : {}),
          ...(recipients.kind === 'attendee' ? { attendeeId: recipients.attendeeId } : {}),
        });
  const byAddress = new Map<string, Recipient>();
  for (const row of rows) {
    const email = row.email?.trim().toLowerCase();
    if (email && !byAddress.has(email)) byAddress.set(email, { email, locale: row.locale });
  }
  return [...byAddress.values()];
}

async function send(
  trx: Knex.Transaction,
  ctx: ProjectionContext,
  recorded: RecordedEvent,
  message: {
    messageId: string;
    accountId: string;
    subject: string;
    html: string;
    sender: { userId: string };
  },
  kind: MessageMailKind,
  occurrence: string,
  recipient: Recipient,
  eventTitle: string,
): Promise<void> {
  const outbox = ctx.table(mailOutboxTable.name);
  const key = dedupeKey(message.messageId, 'event_message', occurrence);
  if (await isEnqueued(trx, outbox, key)) return;
  await enqueueMail(trx, outbox, {
    id: `ml_${createHash('sha256').update(key).digest('hex').slice(0, 32)}`,
    template: 'event_message',
    aggregateId: message.messageId,
    occurrence,
    accountId: message.accountId,
    recipientUserId: kind === 'recipient' ? null : message.sender.userId,
    to: recipient.email,
    locale: recipient.locale,
    rendered: renderEventMessage(recipient.locale, {
      subject: message.subject,
      html: message.html,
      event: eventTitle,
      kind,
    }),
    position: recorded.position,
    createdAt: recorded.recordedAt.toISOString(),
  });
}

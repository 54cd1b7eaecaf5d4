import Router from '@koa/router';
import type { Context } from 'koa';
import { execute, loadOwned, requireAuth, type Services } from '../../kit/http/context';
import { allow } from '../../kit/http/policy';
import { body, pathParam, query } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import { findUser } from '../../../projections/identity';
import { findAttendee, findOrder } from '../../../projections/orders';
import { listEventTicketIds } from '../../../projections/tickets';
import {
  countAccountMessagesSince,
  findEventMessage,
  listEventMessages,
  messagesProjection,
  presentMessage,
  presentMessageRecipient,
} from '../../../projections/messages';
import { ownedEvent } from '../../catalog/events/ownedEvent';
import { listMessageRecipients, messageCounts } from './messageDeliveries';
import { messageDecider, type SenderFacts } from './messageDecider';
import { messageStream, type MessageRecipients, type MessageSender } from './messageEvents';
import { searchMessageRecipients } from './recipientSearch';
import {
  messageIdOrNotFound,
  recipientSearchQuerySchema,
  sendMessageSchema,
  testMessageSchema,
  toContent,
  toRecipients,
} from './messageSchemas';

const dayMs = 24 * 3_600_000;

/** The organizer's messages to an event's attendees and buyers (`/api/events/:eventId/messages`). */
export function messageRoutes(services: Services) {
  const router = new Router();
  router.use('/events', allow('events.manage'));
  const readModels = [messagesProjection.name];

  async function present(eventId: string, messageId: string) {
    const row = await findEventMessage(services.db, eventId, messageId);
    if (!row) throw new Refusal('message_not_found');
    const counts = await messageCounts(services.db, [row.id]);
    return presentMessage(row, counts.get(row.id)!);
  }

  /** The writer and the advisory facts about them: verified address, messages sent in the last day. */
  async function senderOf(ctx: Context): Promise<{ sender: MessageSender; facts: SenderFacts }> {
    const auth = requireAuth(ctx);
    const user = await findUser(services.db, auth.accountId, auth.userId);
    const now = services.clock.now();
    return {
      sender: {
        userId: auth.userId,
        email: user?.email ?? '',
        name: `${user?.first_name ?? ''} ${user?.last_name ?? ''}`.trim(),
        locale: user?.locale ?? 'en',
      },
      facts: {
        emailVerified: Boolean(user?.email_verified),
        sentInLastDay: await countAccountMessagesSince(
          services.db,
          auth.accountId,
          new Date(now.getTime() - dayMs),
        ),
        dailyLimit: services.config.messagesDailyLimit,
      },
    };
  }

  /** The tickets, attendee or order a message names must be the event's (a field error otherwise). */
  async function checkRecipients(eventId: string, recipients: MessageRecipients): Promise<void> {
    const { db } = services;
    switch (recipients.kind) {
      case 'all_attendees':
        return;
      case 'ticket_holders': {
        const eventTickets = new Set(await listEventTicketIds(db, eventId));
        const found = new Set(recipients.ticketIds.filter((ticketId) => eventTickets.has(ticketId)));
        if (found.size !== recipients.ticketIds.length)
          throw new Refusal('validation_failed', undefined, {
            'recipients.ticket_ids': ['Choose tickets of this event'],
          });
        return;
      }
      case 'attendee':
        if ((await findAttendee(db, recipients.attendeeId))?.event_id !== eventId)
          throw new Refusal('validation_failed', undefined, {
            'recipients.attendee_id': ['Choose an attendee of this event'],
          });
        return;
      case 'order_buyer':
        if ((await findOrder(db, recipients.orderId))?.event_id !== eventId)
          throw new Refusal('validation_failed', undefined, {
            'recipients.order_id': ['Choose an order of this event'],
          });
        return;
    }
  }

  async function ownedMessage(ctx: Context) {
    const { eventId } = await ownedEvent(ctx, services);
    const messageId = messageIdOrNotFound(pathParam(ctx, 'messageId'));
    const state = await loadOwned(services, {
      decider: messageDecider,
      stream: messageStream(messageId),
      accountId: requireAuth(ctx).accountId,
      notFound: 'message_not_found',
    });
    if (state.eventId !== eventId || state.status === 'test') throw new Refusal('message_not_found');
    return { eventId, messageId };
  }

  router.get('/events/:eventId/messages', async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services);
    const rows = await listEventMessages(services.db, eventId);
    const counts = await messageCounts(
      services.db,
      rows.map((row) => row.id),
    );
    ctx.body = { data: rows.map((row) => presentMessage(row, counts.get(row.id)!)) };
  });

  // Before `/:messageId`.
  router.get('/events/:eventId/messages/recipient-search', async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services);
    const search = query(ctx, recipientSearchQuerySchema);
    ctx.body = { data: await searchMessageRecipients(services.db, eventId, search) };
  });

  router.post('/events/:eventId/messages/test', async (ctx) => {
    const input = body(ctx, testMessageSchema);
    const { eventId } = await ownedEvent(ctx, services);
    const { sender, facts } = await senderOf(ctx);
    const messageId = services.ids.entity('msg');
    await execute(ctx, services, {
      decider: messageDecider,
      stream: messageStream(messageId),
      command: {
        type: 'SendTestMessage',
        messageId,
        eventId,
        accountId: requireAuth(ctx).accountId,
        content: toContent(input),
        sender,
        facts,
        now: services.clock.now(),
      },
      readModels: [],
    });
    ctx.status = 202;
    ctx.body = { data: { sent_to: sender.email } };
  });

  router.post('/events/:eventId/messages', async (ctx) => {
    const input = body(ctx, sendMessageSchema);
    const { eventId } = await ownedEvent(ctx, services);
    const recipients = toRecipients(input.recipients);
    await checkRecipients(eventId, recipients);
    const { sender, facts } = await senderOf(ctx);
    const messageId = services.ids.entity('msg');
    await execute(ctx, services, {
      decider: messageDecider,
      stream: messageStream(messageId),
      command: {
        type: 'SendMessage',
        messageId,
        eventId,
        accountId: requireAuth(ctx).accountId,
        content: toContent(input),
        recipients,
        copyToSender: input.copy_to_sender ?? false,
        sender,
        sendAt: input.send_at ? new Date(input.send_at) : null,
        facts,
        now: services.clock.now(),
      },
      readModels,
    });
    ctx.status = 201;
    ctx.set('Location', `/api/events/${eventId}/messages/${messageId}`);
    ctx.body = { data: await present(eventId, messageId) };
  });

  router.get('/events/:eventId/messages/:messageId', async (ctx) => {
    const { eventId, messageId } = await ownedMessage(ctx);
    ctx.body = { data: await present(eventId, messageId) };
  });

  router.get('/events/:eventId/messages/:messageId/recipients', async (ctx) => {
    const { messageId } = await ownedMessage(ctx);
    ctx.body = {
      data: (await listMessageRecipients(services.db, messageId)).map(presentMessageRecipient),
    };
  });

  router.post('/events/:eventId/messages/:messageId/cancel', async (ctx) => {
    const { eventId, messageId } = await ownedMessage(ctx);
    await execute(ctx, services, {
      decider: messageDecider,
      stream: messageStream(messageId),
      command: {
        type: 'CancelMessage',
        messageId,
        eventId,
        cancelledBy: requireAuth(ctx).userId,
        now: services.clock.now(),
      },
      readModels,
    });
    ctx.body = { data: await present(eventId, messageId) };
  });

  return router;
}

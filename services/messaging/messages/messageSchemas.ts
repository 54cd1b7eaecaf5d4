import { z } from 'zod';
import { dataOf, route } from '../../kit/http/routeContract';
import { singleLineText } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import { sanitizeMailRichText } from '../../catalog/richText';
import { entityId } from '../../kit/http/ids';
import { maxMessageHtmlLength, maxSubjectLength } from './messageDecider';
import type { MessageContent, MessageRecipients } from './messageEvents';
import { messagesProjection } from '../../../projections/messages';
import { ordersProjection } from '../../../projections/orders';

/** The messages API (`/api/events/{eventId}/messages`). Content is rich text, sanitised before it is recorded. */

const recipientsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all_attendees') }).strict(),
  z.object({ kind: z.literal('ticket_holders'), ticket_ids: z.array(entityId).min(1).max(100) }).strict(),
  z.object({ kind: z.literal('attendee'), attendee_id: entityId }).strict(),
  z.object({ kind: z.literal('order_buyer'), order_id: z.uuid() }).strict(),
]);

const contentFields = {
  subject: singleLineText().max(maxSubjectLength * 2),
  content: z.string().max(maxMessageHtmlLength * 2),
};

export const testMessageSchema = z.object(contentFields).strict();

export const sendMessageSchema = z
  .object({
    ...contentFields,
    recipients: recipientsSchema,
    copy_to_sender: z.boolean().optional(),
    /** Absent or null: now. */
    send_at: z.iso
      .datetime({ offset: true, message: 'Enter a date and time (ISO 8601, with a time zone offset)' })
      .nullable()
      .optional(),
    /** The sender confirms the message is about the event, not an advertisement. */
    acknowledged_not_promotional: z.literal(true, {
      message: 'Confirm that this message is not promotional',
    }),
  })
  .strict();

export function toContent(input: { subject: string; content: string }): MessageContent {
  return { subject: input.subject, html: sanitizeMailRichText(input.content) };
}

export function toRecipients(input: z.infer<typeof recipientsSchema>): MessageRecipients {
  switch (input.kind) {
    case 'all_attendees':
      return { kind: 'all_attendees' };
    case 'ticket_holders':
      return { kind: 'ticket_holders', ticketIds: [...new Set(input.ticket_ids)] };
    case 'attendee':
      return { kind: 'attendee', attendeeId: input.attendee_id };
    case 'order_buyer':
      return { kind: 'order_buyer', orderId: input.order_id };
  }
}

export function messageIdOrNotFound(value: string | undefined): string {
  const parsed = entityId.safeParse(value);
  if (!parsed.success) throw new Refusal('message_not_found');
  return parsed.data;
}

const counts = z.object({
  recipients: z.number().int().nullable(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
});

const recipientsResponse = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all_attendees') }),
  z.object({ kind: z.literal('ticket_holders'), ticket_ids: z.array(z.string()) }),
  z.object({ kind: z.literal('attendee'), attendee_id: z.string() }),
  z.object({ kind: z.literal('order_buyer'), order_id: z.string() }),
]);

export const messageResponseSchema = z.object({
  id: z.string(),
  event_id: z.string(),
  subject: z.string(),
  content: z.string(),
  recipients: recipientsResponse,
  copy_to_sender: z.boolean(),
  sender_email: z.string(),
  state: z.enum(['scheduled', 'cancelled', 'sending', 'sent']),
  send_at: z.string(),
  dispatched_at: z.string().nullable(),
  created_at: z.string(),
  counts,
});

export const messageRecipientResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  locale: z.string(),
  state: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
});

export const testMessageResponseSchema = z.object({ sent_to: z.string() });

/** The composer's search for one attendee or one order's buyer (by name, email or order reference). */
export const recipientSearchQuerySchema = z
  .object({
    kind: z.enum(['attendee', 'order_buyer']),
    query: singleLineText().max(200, 'At most 200 characters').default(''),
  })
  .strict();

export const recipientCandidateResponseSchema = z.object({
  kind: z.enum(['attendee', 'order_buyer']),
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  reference: z.string(),
  ticket_title: z.string().nullable(),
});

export const messageRouteContracts = [
  route({
    method: 'get',
    path: '/events/:eventId/messages',
    reads: [messagesProjection],
    summary: "The event's message history with each message's state and delivery counts (newest first)",
    response: z.object({ data: z.array(messageResponseSchema) }),
  }),
  route({
    method: 'post',
    path: '/events/:eventId/messages',
    summary:
      "Send a message to all attendees, holders of some tickets, one attendee or an order's buyer, now or at `send_at`",
    body: sendMessageSchema,
    response: dataOf(messageResponseSchema),
    status: 201,
  }),
  route({
    method: 'get',
    path: '/events/:eventId/messages/recipient-search',
    reads: [ordersProjection],
    summary:
      "Find one attendee (`kind=attendee`) or one order's buyer (`kind=order_buyer`) to write to, by name, email or order reference (`query`); at most 20, only people a message reaches",
    query: recipientSearchQuerySchema,
    response: z.object({ data: z.array(recipientCandidateResponseSchema) }),
  }),
  route({
    method: 'post',
    path: '/events/:eventId/messages/test',
    summary: 'Send the message to yourself only, as a test',
    body: testMessageSchema,
    response: dataOf(testMessageResponseSchema),
    status: 202,
  }),
  route({
    method: 'get',
    path: '/events/:eventId/messages/:messageId',
    reads: [messagesProjection],
    summary: 'A message with its state and delivery counts',
    response: dataOf(messageResponseSchema),
  }),
  route({
    method: 'get',
    path: '/events/:eventId/messages/:messageId/recipients',
    reads: [],
    summary: "Each recipient's mail and its delivery state (queued, sent, failed)",
    response: z.object({ data: z.array(messageRecipientResponseSchema) }),
  }),
  route({
    method: 'post',
    path: '/events/:eventId/messages/:messageId/cancel',
    summary: 'Cancel a scheduled message before it goes out',
    response: dataOf(messageResponseSchema),
  }),
];

/**
 * An organizer's message to the people of one event (docs/messages.md): ONE stream per message
 * (`message-<messageId>`). Scheduled first (for now or a later time), then dispatched once: the message reactor
 * then writes one outbox mail per recipient address, and delivery reports each one's state. These are the
 * recorded shapes; changing one is a new event type.
 */

export const messageStream = (messageId: string): string => `message-${messageId}`;

/** Who a message goes to, chosen when it is written and resolved when it is dispatched. */
export type MessageRecipients =
  | { kind: 'all_attendees' }
  | { kind: 'ticket_holders'; ticketIds: string[] }
  | { kind: 'attendee'; attendeeId: string }
  | { kind: 'order_buyer'; orderId: string };

export const recipientKinds = ['all_attendees', 'ticket_holders', 'attendee', 'order_buyer'] as const;

/** The member who wrote it: copies and test sends go to this address, in this language. */
export interface MessageSender {
  userId: string;
  email: string;
  name: string;
  locale: string;
}

export interface MessageContent {
  subject: string;
  /** Sanitised rich text. */
  html: string;
}

export type MessageScheduled = {
  type: 'MessageScheduled';
  data: MessageContent & {
    messageId: string;
    eventId: string;
    accountId: string;
    recipients: MessageRecipients;
    copyToSender: boolean;
    sender: MessageSender;
    /** When it goes out: the instant it was written for "send now". */
    sendAt: string;
    scheduledAt: string;
  };
};

/** The moment its recipients are fixed: the reactor mails the attendees (or buyer) the event has then. */
export type MessageDispatched = {
  type: 'MessageDispatched';
  data: { messageId: string; eventId: string; dispatchedAt: string };
};

export type MessageCancelled = {
  type: 'MessageCancelled';
  data: { messageId: string; eventId: string; cancelledBy: string; cancelledAt: string };
};

/** A preview sent to the writer only; it is not part of the event's message history. */
export type MessageTestSent = {
  type: 'MessageTestSent';
  data: MessageContent & {
    messageId: string;
    eventId: string;
    accountId: string;
    sender: MessageSender;
    sentAt: string;
  };
};

export type MessageEvent = MessageScheduled | MessageDispatched | MessageCancelled | MessageTestSent;

export const messageEventTypes: readonly MessageEvent['type'][] = [
  'MessageScheduled',
  'MessageDispatched',
  'MessageCancelled',
  'MessageTestSent',
];

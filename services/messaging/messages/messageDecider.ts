import type { Decider } from '../../kit/decider';
import { refuse } from '../../kit/refusal';
import type { MessageContent, MessageEvent, MessageRecipients, MessageSender } from './messageEvents';

/** Facts the route reads before deciding (docs/decisions/cross-module-facts.md): advisory, passed in. */
export interface SenderFacts {
  emailVerified: boolean;
  /** Messages the account scheduled in the last 24 hours, and how many it may. */
  sentInLastDay: number;
  dailyLimit: number;
}

export type SendMessage = {
  type: 'SendMessage';
  messageId: string;
  eventId: string;
  accountId: string;
  content: MessageContent;
  recipients: MessageRecipients;
  copyToSender: boolean;
  sender: MessageSender;
  /** Null: now. */
  sendAt: Date | null;
  facts: SenderFacts;
  now: Date;
};

export type SendTestMessage = {
  type: 'SendTestMessage';
  messageId: string;
  eventId: string;
  accountId: string;
  content: MessageContent;
  sender: MessageSender;
  facts: SenderFacts;
  now: Date;
};

/** The scheduler's sweep: sends a scheduled message once its time has come. */
export type DispatchMessage = { type: 'DispatchMessage'; messageId: string; now: Date };

export type CancelMessage = {
  type: 'CancelMessage';
  messageId: string;
  eventId: string;
  cancelledBy: string;
  now: Date;
};

export type MessageCommand = SendMessage | SendTestMessage | DispatchMessage | CancelMessage;

export type MessageState =
  | { exists: false }
  | {
      exists: true;
      accountId: string;
      eventId: string;
      status: 'scheduled' | 'dispatched' | 'cancelled' | 'test';
      sendAt: string;
    };

export const maxSubjectLength = 200;
export const maxMessageHtmlLength = 50_000;

export const messageDecider: Decider<MessageCommand, MessageEvent, MessageState> = {
  initialState: () => ({ exists: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'MessageScheduled':
        return {
          exists: true,
          accountId: event.data.accountId,
          eventId: event.data.eventId,
          status: 'scheduled',
          sendAt: event.data.sendAt,
        };
      case 'MessageTestSent':
        return {
          exists: true,
          accountId: event.data.accountId,
          eventId: event.data.eventId,
          status: 'test',
          sendAt: event.data.sentAt,
        };
      case 'MessageDispatched':
        return state.exists ? { ...state, status: 'dispatched' } : state;
      case 'MessageCancelled':
        return state.exists ? { ...state, status: 'cancelled' } : state;
    }
  },

  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'SendMessage': {
        // The same id again is the same request repeated (the id is minted per request).
        if (state.exists) return [];
        const content = checkContent(command.content);
        checkSender(command.facts);
        const sendAt = command.sendAt && command.sendAt > command.now ? command.sendAt.toISOString() : at;
        const scheduled: MessageEvent = {
          type: 'MessageScheduled',
          data: {
            messageId: command.messageId,
            eventId: command.eventId,
            accountId: command.accountId,
            ...content,
            recipients: command.recipients,
            copyToSender: command.copyToSender,
            sender: command.sender,
            sendAt,
            scheduledAt: at,
          },
        };
        if (sendAt > at) return [scheduled];
        return [
          scheduled,
          {
            type: 'MessageDispatched',
            data: { messageId: command.messageId, eventId: command.eventId, dispatchedAt: at },
          },
        ];
      }
      case 'SendTestMessage': {
        if (state.exists) return [];
        const content = checkContent(command.content);
        checkSender(command.facts);
        return [
          {
            type: 'MessageTestSent',
            data: {
              messageId: command.messageId,
              eventId: command.eventId,
              accountId: command.accountId,
              ...content,
              sender: command.sender,
              sentAt: at,
            },
          },
        ];
      }
      case 'DispatchMessage':
        if (!state.exists || state.status !== 'scheduled' || state.sendAt > at) return [];
        return [
          {
            type: 'MessageDispatched',
            data: { messageId: command.messageId, eventId: state.eventId, dispatchedAt: at },
          },
        ];
      case 'CancelMessage':
        if (!state.exists || state.eventId !== command.eventId || state.status === 'test')
          refuse('message_not_found');
        if (state.status === 'cancelled') return [];
        if (state.status !== 'scheduled') refuse('message_already_sent');
        return [
          {
            type: 'MessageCancelled',
            data: {
              messageId: command.messageId,
              eventId: command.eventId,
              cancelledBy: command.cancelledBy,
              cancelledAt: at,
            },
          },
        ];
    }
  },
};

function checkSender(facts: SenderFacts): void {
  if (!facts.emailVerified) refuse('email_not_verified', 'Verify your email address before sending messages');
  if (facts.sentInLastDay >= facts.dailyLimit) refuse('message_limit_reached');
}

function checkContent(content: MessageContent): MessageContent {
  const subject = content.subject.trim();
  const errors: Record<string, string[]> = {};
  if (!subject) errors.subject = ['Write a subject'];
  else if (subject.length > maxSubjectLength) errors.subject = [`At most ${maxSubjectLength} characters`];
  if (!content.html.trim()) errors.content = ['Write the message'];
  else if (content.html.length > maxMessageHtmlLength)
    errors.content = [`At most ${maxMessageHtmlLength} characters`];
  if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
  return { subject, html: content.html };
}

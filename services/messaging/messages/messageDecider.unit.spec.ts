import { describe, it } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import { messageDecider, type SendMessage } from './messageDecider';
import type { MessageEvent } from './messageEvents';

const spec = deciderSpec(messageDecider);
const now = new Date('2027-01-10T12:00:00.000Z');
const sender = { userId: 'us_0001', email: 'me@example.test', name: 'Me', locale: 'en' };
const facts = { emailVerified: true, sentInLastDay: 0, dailyLimit: 5 };
const send: SendMessage = {
  type: 'SendMessage',
  messageId: 'msg_0001',
  eventId: 'ev_0001',
  accountId: 'ac_0001',
  content: { subject: ' Doors ', html: '<p>Hi</p>' },
  recipients: { kind: 'all_attendees' },
  copyToSender: false,
  sender,
  sendAt: null,
  facts,
  now,
};
const scheduled = (sendAt: string): MessageEvent => ({
  type: 'MessageScheduled',
  data: {
    messageId: 'msg_0001',
    eventId: 'ev_0001',
    accountId: 'ac_0001',
    subject: 'Doors',
    html: '<p>Hi</p>',
    recipients: { kind: 'all_attendees' },
    copyToSender: false,
    sender,
    sendAt,
    scheduledAt: now.toISOString(),
  },
});
const dispatched = (at: string): MessageEvent => ({
  type: 'MessageDispatched',
  data: { messageId: 'msg_0001', eventId: 'ev_0001', dispatchedAt: at },
});

describe('messageDecider', () => {
  it('sends now: scheduled and dispatched at once', () => {
    spec
      .given([])
      .when(send)
      .then([scheduled(now.toISOString()), dispatched(now.toISOString())]);
  });

  it('schedules a later message without dispatching it', () => {
    spec
      .given([])
      .when({ ...send, sendAt: new Date('2027-01-11T09:00:00.000Z') })
      .then([scheduled('2027-01-11T09:00:00.000Z')]);
  });

  it('dispatches a scheduled message once its time has come, and only once', () => {
    const later = [scheduled('2027-01-11T09:00:00.000Z')];
    spec.given(later).when({ type: 'DispatchMessage', messageId: 'msg_0001', now }).thenNothingHappened();
    const due = new Date('2027-01-11T09:00:00.000Z');
    spec
      .given(later)
      .when({ type: 'DispatchMessage', messageId: 'msg_0001', now: due })
      .then([dispatched(due.toISOString())]);
    spec
      .given([...later, dispatched(due.toISOString())])
      .when({ type: 'DispatchMessage', messageId: 'msg_0001', now: due })
      .thenNothingHappened();
  });

  it('refuses a sender whose email is not verified', () => {
    spec
      .given([])
      .when({ ...send, facts: { ...facts, emailVerified: false } })
      .thenRefused('email_not_verified');
  });

  it('refuses past the daily limit', () => {
    spec
      .given([])
      .when({ ...send, facts: { ...facts, sentInLastDay: 5 } })
      .thenRefused('message_limit_reached');
  });

  it('refuses an empty subject or content, naming both fields', () => {
    spec
      .given([])
      .when({ ...send, content: { subject: ' ', html: '' } })
      .thenRefused('validation_failed', ['subject', 'content']);
  });

  it('cancels a scheduled message, not one that went out', () => {
    const cancel = {
      type: 'CancelMessage' as const,
      messageId: 'msg_0001',
      eventId: 'ev_0001',
      cancelledBy: 'us_0001',
      now,
    };
    spec
      .given([scheduled('2027-01-11T09:00:00.000Z')])
      .when(cancel)
      .then([
        {
          type: 'MessageCancelled',
          data: {
            messageId: 'msg_0001',
            eventId: 'ev_0001',
            cancelledBy: 'us_0001',
            cancelledAt: now.toISOString(),
          },
        },
      ]);
    spec
      .given([scheduled(now.toISOString()), dispatched(now.toISOString())])
      .when(cancel)
      .thenRefused('message_already_sent');
    spec.given([]).when(cancel).thenRefused('message_not_found');
  });
});

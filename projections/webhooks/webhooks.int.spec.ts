import { afterEach, beforeEach, expect, it } from 'vitest';
import type { WebhookEvent } from '../../services/integrations/webhooks/webhookEvents';
import type { MessageEvent } from '../../services/messaging/messages/messageEvents';
import { projectionSpec } from '../runner/projectionSpec';
import { describeEachStorage, type TestStorage } from '../runner/testing';
import { messagesProjection } from '../messages';
import { webhooksProjection } from '.';

describeEachStorage('webhooks and messages read models', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('keeps each endpoint with its changes and why it was disabled; a deleted one is gone', async () => {
    const created = (webhookId: string) => ({
      stream: `webhook-${webhookId}`,
      type: 'WebhookCreated' as const,
      data: {
        webhookId,
        eventId: 'ev_1',
        accountId: 'ac_1',
        url: `https://hooks.example/${webhookId}`,
        eventTypes: ['order.created' as const],
        secret: 'whsec_x',
        createdBy: 'us_1',
        createdAt: '2027-01-01T10:00:00.000Z',
      },
    });
    const { rows } = await projectionSpec<WebhookEvent>(storage, webhooksProjection)
      .given([
        created('wh_1'),
        created('wh_2'),
        {
          stream: 'webhook-wh_1',
          type: 'WebhookUpdated',
          data: {
            webhookId: 'wh_1',
            eventId: 'ev_1',
            changes: { eventTypes: ['order.paid', 'attendee.created'] },
            updatedAt: '2027-01-02T10:00:00.000Z',
          },
        },
        {
          stream: 'webhook-wh_1',
          type: 'WebhookStatusChanged',
          data: {
            webhookId: 'wh_1',
            eventId: 'ev_1',
            to: 'DISABLED',
            reason: 'gone',
            changedBy: 'system',
            changedAt: '2027-01-03T10:00:00.000Z',
          },
        },
        {
          stream: 'webhook-wh_2',
          type: 'WebhookDeleted',
          data: { webhookId: 'wh_2', eventId: 'ev_1', deletedAt: '2027-01-03T11:00:00.000Z' },
        },
      ])
      .then({ webhooks: ['id'] });
    expect(rows.webhooks).toEqual([
      expect.objectContaining({
        id: 'wh_1',
        event_types: JSON.stringify(['order.paid', 'attendee.created']),
        status: 'DISABLED',
        disabled_reason: 'gone',
        updated_at: '2027-01-03T10:00:00.000Z',
      }),
    ]);
  });

  it('records messages as scheduled, dispatched or cancelled, and test sends apart', async () => {
    const sender = { userId: 'us_1', email: 'me@example.test', name: 'Me', locale: 'en' };
    const scheduled = (messageId: string) => ({
      stream: `message-${messageId}`,
      type: 'MessageScheduled' as const,
      data: {
        messageId,
        eventId: 'ev_1',
        accountId: 'ac_1',
        subject: `About ${messageId}`,
        html: '<p>Hi</p>',
        recipients: { kind: 'all_attendees' as const },
        copyToSender: false,
        sender,
        sendAt: '2027-01-05T09:00:00.000Z',
        scheduledAt: '2027-01-01T10:00:00.000Z',
      },
    });
    const { rows } = await projectionSpec<MessageEvent>(storage, messagesProjection)
      .given([
        scheduled('msg_1'),
        scheduled('msg_2'),
        {
          stream: 'message-msg_1',
          type: 'MessageDispatched',
          data: { messageId: 'msg_1', eventId: 'ev_1', dispatchedAt: '2027-01-05T09:00:05.000Z' },
        },
        {
          stream: 'message-msg_2',
          type: 'MessageCancelled',
          data: {
            messageId: 'msg_2',
            eventId: 'ev_1',
            cancelledBy: 'us_1',
            cancelledAt: '2027-01-02T10:00:00.000Z',
          },
        },
        {
          stream: 'message-msg_3',
          type: 'MessageTestSent',
          data: {
            messageId: 'msg_3',
            eventId: 'ev_1',
            accountId: 'ac_1',
            subject: 'Trial',
            html: '<p>Hi</p>',
            sender,
            sentAt: '2027-01-01T09:00:00.000Z',
          },
        },
      ])
      .then({ messages: ['id'] });
    expect(rows.messages).toEqual([
      expect.objectContaining({
        id: 'msg_1',
        status: 'dispatched',
        dispatched_at: '2027-01-05T09:00:05.000Z',
      }),
      expect.objectContaining({ id: 'msg_2', status: 'cancelled', dispatched_at: null }),
      expect.objectContaining({ id: 'msg_3', status: 'test', dispatched_at: null }),
    ]);
  });
});

import { describe, it } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import { webhookDecider, type CreateWebhook } from './webhookDecider';
import type { WebhookEvent } from './webhookEvents';

const spec = deciderSpec(webhookDecider);
const now = new Date('2027-01-10T12:00:00.000Z');
const create: CreateWebhook = {
  type: 'CreateWebhook',
  webhookId: 'wh_0001',
  eventId: 'ev_0001',
  accountId: 'ac_0001',
  url: 'https://hooks.example/in',
  eventTypes: ['order.created', 'order.created'],
  secret: 'whsec_x',
  createdBy: 'us_0001',
  now,
};
const created: WebhookEvent = {
  type: 'WebhookCreated',
  data: {
    webhookId: 'wh_0001',
    eventId: 'ev_0001',
    accountId: 'ac_0001',
    url: 'https://hooks.example/in',
    eventTypes: ['order.created'],
    secret: 'whsec_x',
    createdBy: 'us_0001',
    createdAt: now.toISOString(),
  },
};
const gone = {
  type: 'ChangeWebhookStatus' as const,
  webhookId: 'wh_0001',
  to: 'DISABLED' as const,
  reason: 'gone' as const,
  changedBy: 'system',
  now,
};

describe('webhookDecider', () => {
  it('creates an endpoint with its types once each', () => {
    spec.given([]).when(create).then([created]);
  });

  it('refuses an endpoint without event types', () => {
    spec
      .given([])
      .when({ ...create, eventTypes: [] })
      .thenRefused('validation_failed', ['event_types']);
  });

  it('disables an endpoint once (a second 410 changes nothing)', () => {
    const disabled: WebhookEvent = {
      type: 'WebhookStatusChanged',
      data: {
        webhookId: 'wh_0001',
        eventId: 'ev_0001',
        to: 'DISABLED',
        reason: 'gone',
        changedBy: 'system',
        changedAt: now.toISOString(),
      },
    };
    spec.given([created]).when(gone).then([disabled]);
    spec.given([created, disabled]).when(gone).thenNothingHappened();
  });

  it('refuses changes to an unknown or deleted endpoint, or one of another event', () => {
    const deleted: WebhookEvent = {
      type: 'WebhookDeleted',
      data: { webhookId: 'wh_0001', eventId: 'ev_0001', deletedAt: now.toISOString() },
    };
    spec.given([created, deleted]).when(gone).thenRefused('webhook_not_found');
    spec
      .given([created])
      .when({ type: 'UpdateWebhook', webhookId: 'wh_0001', eventId: 'ev_0002', changes: {}, now })
      .thenRefused('webhook_not_found');
  });
});

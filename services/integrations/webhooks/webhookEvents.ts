/**
 * Outgoing webhooks of one event (docs/messages.md "Webhooks"): ONE stream per endpoint, `webhook-<id>`.
 * Recorded shapes: changing one is a new event type.
 */

export const webhookStream = (webhookId: string): string => `webhook-${webhookId}`;

/** What an endpoint can subscribe to. `order.refunded` is accepted now and fires once refunds are recorded. */
export const webhookEventTypes = [
  'order.created',
  'order.paid',
  'order.cancelled',
  'order.refunded',
  'attendee.created',
  'attendee.checked_in',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export type WebhookStatus = 'ENABLED' | 'DISABLED';

export type WebhookCreated = {
  type: 'WebhookCreated';
  data: {
    webhookId: string;
    eventId: string;
    accountId: string;
    url: string;
    eventTypes: WebhookEventType[];
    /** Signs every payload (HMAC-SHA256); shown to the event's members so their receiver can verify. */
    secret: string;
    createdBy: string;
    createdAt: string;
  };
};

export type WebhookUpdated = {
  type: 'WebhookUpdated';
  data: {
    webhookId: string;
    eventId: string;
    changes: { url?: string; eventTypes?: WebhookEventType[] };
    updatedAt: string;
  };
};

/** `gone`: the receiver answered 410, so deliveries stopped; `member`: someone switched it. */
export type WebhookStatusChanged = {
  type: 'WebhookStatusChanged';
  data: {
    webhookId: string;
    eventId: string;
    to: WebhookStatus;
    reason: 'member' | 'gone';
    changedBy: string;
    changedAt: string;
  };
};

export type WebhookDeleted = {
  type: 'WebhookDeleted';
  data: { webhookId: string; eventId: string; deletedAt: string };
};

export type WebhookEvent = WebhookCreated | WebhookUpdated | WebhookStatusChanged | WebhookDeleted;

export const webhookRecordedTypes: readonly WebhookEvent['type'][] = [
  'WebhookCreated',
  'WebhookUpdated',
  'WebhookStatusChanged',
  'WebhookDeleted',
];

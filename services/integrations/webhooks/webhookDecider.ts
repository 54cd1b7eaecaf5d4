import type { Decider } from '../../kit/decider';
import { refuse } from '../../kit/refusal';
import type { WebhookEvent, WebhookEventType, WebhookStatus } from './webhookEvents';

export type CreateWebhook = {
  type: 'CreateWebhook';
  webhookId: string;
  eventId: string;
  accountId: string;
  url: string;
  eventTypes: WebhookEventType[];
  secret: string;
  createdBy: string;
  now: Date;
};
export type UpdateWebhook = {
  type: 'UpdateWebhook';
  webhookId: string;
  eventId: string;
  changes: { url?: string; eventTypes?: WebhookEventType[] };
  now: Date;
};
export type ChangeWebhookStatus = {
  type: 'ChangeWebhookStatus';
  webhookId: string;
  to: WebhookStatus;
  reason: 'member' | 'gone';
  changedBy: string;
  now: Date;
};
export type DeleteWebhook = { type: 'DeleteWebhook'; webhookId: string; eventId: string; now: Date };

export type WebhookCommand = CreateWebhook | UpdateWebhook | ChangeWebhookStatus | DeleteWebhook;

export type WebhookState =
  | { exists: false }
  | {
      exists: true;
      accountId: string;
      eventId: string;
      url: string;
      eventTypes: WebhookEventType[];
      status: WebhookStatus;
    };

const sameTypes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

export const webhookDecider: Decider<WebhookCommand, WebhookEvent, WebhookState> = {
  initialState: () => ({ exists: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'WebhookCreated':
        return {
          exists: true,
          accountId: event.data.accountId,
          eventId: event.data.eventId,
          url: event.data.url,
          eventTypes: event.data.eventTypes,
          status: 'ENABLED',
        };
      case 'WebhookUpdated':
        return state.exists ? { ...state, ...event.data.changes } : state;
      case 'WebhookStatusChanged':
        return state.exists ? { ...state, status: event.data.to } : state;
      case 'WebhookDeleted':
        return { exists: false };
    }
  },

  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'CreateWebhook': {
        if (state.exists) return [];
        const eventTypes = checkTypes(command.eventTypes);
        return [
          {
            type: 'WebhookCreated',
            data: {
              webhookId: command.webhookId,
              eventId: command.eventId,
              accountId: command.accountId,
              url: command.url,
              eventTypes,
              secret: command.secret,
              createdBy: command.createdBy,
              createdAt: at,
            },
          },
        ];
      }
      case 'UpdateWebhook': {
        if (!state.exists || state.eventId !== command.eventId) refuse('webhook_not_found');
        const changes: { url?: string; eventTypes?: WebhookEventType[] } = {};
        if (command.changes.url !== undefined && command.changes.url !== state.url)
          changes.url = command.changes.url;
        if (command.changes.eventTypes !== undefined) {
          const types = checkTypes(command.changes.eventTypes);
          if (!sameTypes(types, state.eventTypes)) changes.eventTypes = types;
        }
        if (Object.keys(changes).length === 0) return [];
        return [
          {
            type: 'WebhookUpdated',
            data: { webhookId: command.webhookId, eventId: command.eventId, changes, updatedAt: at },
          },
        ];
      }
      case 'ChangeWebhookStatus':
        if (!state.exists) refuse('webhook_not_found');
        if (state.status === command.to) return [];
        return [
          {
            type: 'WebhookStatusChanged',
            data: {
              webhookId: command.webhookId,
              eventId: state.eventId,
              to: command.to,
              reason: command.reason,
              changedBy: command.changedBy,
              changedAt: at,
            },
          },
        ];
      case 'DeleteWebhook':
        if (!state.exists || state.eventId !== command.eventId) refuse('webhook_not_found');
        return [
          {
            type: 'WebhookDeleted',
            data: { webhookId: command.webhookId, eventId: command.eventId, deletedAt: at },
          },
        ];
    }
  },
};

function checkTypes(types: WebhookEventType[]): WebhookEventType[] {
  const unique = [...new Set(types)];
  if (unique.length === 0) refuse('validation_failed', undefined, { event_types: ['Choose at least one'] });
  return unique;
}

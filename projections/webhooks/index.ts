import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import {
  webhookRecordedTypes,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookStatus,
} from '../../services/integrations/webhooks/webhookEvents';

/**
 * An event's webhook endpoints for its members. Deliveries and their attempts are the webhook reactor's and
 * delivery loop's tables (services/integrations/webhooks/webhookDeliveries.ts), which also read the delivery log.
 */

export const webhooksTable: ReadModelTable = {
  name: 'webhooks',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('account_id', 40).notNullable();
    table.string('event_id', 40).notNullable();
    table.text('url').notNullable();
    /** JSON array of WebhookEventType. */
    table.text('event_types').notNullable();
    table.string('secret', 100).notNullable();
    table.string('status', 10).notNullable();
    table.string('disabled_reason', 10).nullable();
    table.string('created_at', 30).notNullable();
    table.string('updated_at', 30).notNullable();
    table.integer('revision').notNullable();
    table.index(['event_id'], `${tableName}_event_idx`);
  },
};

export interface WebhookRow {
  id: string;
  account_id: string;
  event_id: string;
  url: string;
  event_types: string;
  secret: string;
  status: WebhookStatus;
  disabled_reason: 'member' | 'gone' | null;
  created_at: string;
  updated_at: string;
  revision: number;
}

export const webhooksProjection = defineProjection<WebhookEvent>({
  name: 'webhooks',
  tables: [webhooksTable],
  handles: webhookRecordedTypes,
  async apply(trx, event, ctx) {
    const table = ctx.table('webhooks');
    const revision = Number(event.revision);
    const { webhookId, eventId } = event.data;
    const keys = [`webhook:${webhookId}`, `event:${eventId}`];
    const update = async (changes: Partial<WebhookRow>) => {
      const updated = await trx(table)
        .where({ id: webhookId })
        .where('revision', '<', revision)
        .update({ ...changes, revision });
      return updated > 0 ? keys : [];
    };
    switch (event.type) {
      case 'WebhookCreated': {
        const d = event.data;
        await trx(table)
          .insert({
            id: webhookId,
            account_id: d.accountId,
            event_id: eventId,
            url: d.url,
            event_types: JSON.stringify(d.eventTypes),
            secret: d.secret,
            status: 'ENABLED',
            disabled_reason: null,
            created_at: d.createdAt,
            updated_at: d.createdAt,
            revision,
          })
          .onConflict('id')
          .ignore();
        return keys;
      }
      case 'WebhookUpdated': {
        const { url, eventTypes } = event.data.changes;
        return update({
          ...(url !== undefined ? { url } : {}),
          ...(eventTypes !== undefined ? { event_types: JSON.stringify(eventTypes) } : {}),
          updated_at: event.data.updatedAt,
        });
      }
      case 'WebhookStatusChanged':
        return update({
          status: event.data.to,
          disabled_reason: event.data.to === 'DISABLED' ? event.data.reason : null,
          updated_at: event.data.changedAt,
        });
      case 'WebhookDeleted':
        await trx(table).where({ id: webhookId }).where('revision', '<', revision).delete();
        return keys;
    }
  },
});

export function listEventWebhooks(db: Knex, eventId: string): Promise<WebhookRow[]> {
  return db<WebhookRow>('webhooks').where({ event_id: eventId }).orderBy('created_at').orderBy('id');
}

export async function findEventWebhook(
  db: Knex,
  eventId: string,
  webhookId: string,
): Promise<WebhookRow | undefined> {
  return (await db('webhooks').where({ id: webhookId, event_id: eventId }).first()) as WebhookRow | undefined;
}

export function presentWebhook(row: WebhookRow) {
  return {
    id: row.id,
    event_id: row.event_id,
    url: row.url,
    event_types: JSON.parse(row.event_types) as WebhookEventType[],
    /** The signing secret, for the receiver to verify `X-Webhook-Signature`. */
    secret: row.secret,
    status: row.status,
    disabled_reason: row.disabled_reason,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export type PresentedWebhook = ReturnType<typeof presentWebhook>;

import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import {
  affiliateEventTypes,
  normaliseAffiliateCode,
  type AffiliateEvent,
  type AffiliateStatus,
} from '../../services/catalog/affiliates/affiliateEvents';

/** An event's affiliates with the orders and revenue their codes brought in. */

export const affiliatesTable: ReadModelTable = {
  name: 'affiliates',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('event_id', 40).notNullable();
    /** Upper-case: how a buyer's `?aff=` code is looked up. */
    table.string('code', 50).notNullable();
    table.string('name', 150).notNullable();
    table.string('email', 254).nullable();
    table.string('status', 10).notNullable();
    /** Completed orders that carried the code, and their totals in minor units of the event's currency. */
    table.integer('orders_count').notNullable().defaultTo(0);
    table.bigInteger('revenue').notNullable().defaultTo(0);
    table.string('created_at', 30).notNullable();
    table.string('updated_at', 30).notNullable();
    table.integer('revision').notNullable();
    table.unique(['event_id', 'code'], { indexName: `${tableName}_event_code_uq` });
  },
};

export interface AffiliateRow {
  id: string;
  event_id: string;
  code: string;
  name: string;
  email: string | null;
  status: AffiliateStatus;
  orders_count: number;
  revenue: number | string;
  created_at: string;
  updated_at: string;
  revision: number;
}

export const affiliatesProjection = defineProjection<AffiliateEvent>({
  name: 'affiliates',
  tables: [affiliatesTable],
  handles: affiliateEventTypes,
  async apply(trx, event, ctx) {
    const table = ctx.table('affiliates');
    const revision = Number(event.revision);
    const { affiliateId, eventId } = event.data;
    const keys = [`affiliate:${affiliateId}`, `event:${eventId}`];
    switch (event.type) {
      case 'AffiliateCreated': {
        const { code, name, email, status, createdAt } = event.data;
        // A code deleted and created again keeps its id: the new row starts afresh.
        await trx(table).where({ id: affiliateId }).where('revision', '<', revision).delete();
        await trx(table)
          .insert({
            id: affiliateId,
            event_id: eventId,
            code,
            name,
            email,
            status,
            orders_count: 0,
            revenue: 0,
            created_at: createdAt,
            updated_at: createdAt,
            revision,
          })
          .onConflict('id')
          .ignore();
        return keys;
      }
      case 'AffiliateUpdated': {
        const updated = await trx(table)
          .where({ id: affiliateId })
          .where('revision', '<', revision)
          .update({ ...event.data.changes, updated_at: event.data.updatedAt, revision });
        return updated > 0 ? keys : [];
      }
      case 'AffiliateDeleted':
        await trx(table).where({ id: affiliateId }).where('revision', '<', revision).delete();
        return keys;
    }
  },
});

export function listEventAffiliates(db: Knex, eventId: string): Promise<AffiliateRow[]> {
  return db<AffiliateRow>('affiliates').where({ event_id: eventId }).orderBy('code');
}

export async function findEventAffiliate(
  db: Knex,
  eventId: string,
  affiliateId: string,
): Promise<AffiliateRow | undefined> {
  return (await db('affiliates').where({ id: affiliateId, event_id: eventId }).first()) as
    AffiliateRow | undefined;
}

/** The active affiliate a buyer's `?aff=` code names, if any (an advisory fact for the checkout). */
export async function findActiveAffiliateByCode(
  db: Knex,
  eventId: string,
  code: string,
): Promise<AffiliateRow | undefined> {
  return (await db('affiliates')
    .where({ event_id: eventId, code: normaliseAffiliateCode(code), status: 'ACTIVE' })
    .first()) as AffiliateRow | undefined;
}

export function presentAffiliate(row: AffiliateRow) {
  return {
    id: row.id,
    event_id: row.event_id,
    code: row.code,
    name: row.name,
    email: row.email,
    status: row.status,
    /** Completed orders that carried the code. */
    orders_count: Number(row.orders_count),
    /** Their totals, in minor units of the event's currency. */
    revenue: Number(row.revenue),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export type PresentedAffiliate = ReturnType<typeof presentAffiliate>;

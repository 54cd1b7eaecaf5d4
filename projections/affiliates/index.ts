import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import { firstRowWhere } from '../runner/rowStatements';
import { orderEventTypes, type OrderEvent } from '../../services/sales/orders/orderEvents';
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

/**
 * The orders that carried an active affiliate's code when placed, and how far each has counted: an order counts
 * once completed (also when awaiting an offline payment) and brings revenue once paid; a cancellation takes
 * both back.
 */
export const affiliateOrdersTable: ReadModelTable = {
  name: 'affiliate_orders',
  define(table) {
    table.string('order_id', 60).primary();
    table.string('affiliate_id', 40).notNullable().index();
    table.bigInteger('total').notNullable();
    table.boolean('counted').notNullable().defaultTo(false);
    table.boolean('paid').notNullable().defaultTo(false);
  },
};

interface AffiliateOrderRow {
  order_id: string;
  affiliate_id: string;
  total: number | string;
  counted: boolean | number;
  paid: boolean | number;
}

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

const countedOrderEvents = [
  'OrderPlaced',
  'OrderCompleted',
  'OrderAwaitingOfflinePayment',
  'OrderMarkedPaid',
  'OrderCancelled',
] as const satisfies readonly OrderEvent['type'][];

export const affiliatesProjection = defineProjection<AffiliateEvent | OrderEvent>({
  name: 'affiliates',
  tables: [affiliatesTable, affiliateOrdersTable],
  handles: [
    ...affiliateEventTypes,
    ...orderEventTypes.filter((type) => countedOrderEvents.includes(type as never)),
  ],
  async apply(trx, event, ctx) {
    const table = ctx.table('affiliates');
    const orders = ctx.table('affiliate_orders');
    /** Moves an attributed order to `to`, adjusting its affiliate's counts by the difference. */
    async function countOrder(orderId: string, to: { counted: boolean; paid: boolean }) {
      const row = await firstRowWhere<AffiliateOrderRow>(trx, orders, { order_id: orderId });
      if (!row) return [];
      const counted = Number(to.counted) - Number(Boolean(row.counted));
      const paid = Number(to.paid) - Number(Boolean(row.paid));
      if (counted === 0 && paid === 0) return [];
      await trx(orders).where({ order_id: orderId }).update(to);
      await trx(table)
        .where({ id: row.affiliate_id })
        .update({
          orders_count: trx.raw('orders_count + ?', [counted]),
          revenue: trx.raw('revenue + ?', [paid * Number(row.total)]),
        });
      return [`affiliate:${row.affiliate_id}`, `event:${event.data.eventId}`];
    }
    switch (event.type) {
      case 'OrderPlaced': {
        const { affiliateCode, eventId, orderId, totals } = event.data;
        if (!affiliateCode) return [];
        const affiliate = (await trx(table)
          .where({ event_id: eventId, code: normaliseAffiliateCode(affiliateCode), status: 'ACTIVE' })
          .first()) as AffiliateRow | undefined;
        if (!affiliate) return [];
        await trx(orders)
          .insert({
            order_id: orderId,
            affiliate_id: affiliate.id,
            total: totals.total,
            counted: false,
            paid: false,
          })
          .onConflict('order_id')
          .ignore();
        return [];
      }
      case 'OrderCompleted':
        return countOrder(event.data.orderId, { counted: true, paid: true });
      case 'OrderAwaitingOfflinePayment':
        return countOrder(event.data.orderId, { counted: true, paid: false });
      case 'OrderMarkedPaid':
        return countOrder(event.data.orderId, { counted: true, paid: true });
      case 'OrderCancelled':
        return countOrder(event.data.orderId, { counted: false, paid: false });
      case 'OrderHoldExtended':
      case 'OrderDetailsSubmitted':
      case 'OrderCompanyInvoiceRequested':
      case 'OrderExpired':
      case 'OrderAbandoned':
      case 'AttendeeCancelled':
      case 'AttendeeReactivated':
      case 'AttendeeDetailsChanged':
      case 'AttendeeTicketResent':
      case 'ManualOrderRecorded':
      case 'OrderBuyerDetailsChanged':
      case 'OrderConfirmationResent':
      case 'OrderPersonalDataErased':
        return [];
      case 'AffiliateCreated':
      case 'AffiliateUpdated':
      case 'AffiliateDeleted':
        return applyAffiliateEvent(event);
    }

    async function applyAffiliateEvent(event: AffiliateEvent & { revision: bigint }) {
      const revision = Number(event.revision);
      const { affiliateId, eventId } = event.data;
      const keys = [`affiliate:${affiliateId}`, `event:${eventId}`];
      switch (event.type) {
        case 'AffiliateCreated': {
          const { code, name, email, status, createdAt } = event.data;
          // A code deleted and created again keeps its id: the new row starts afresh, without the old orders.
          const recreated = await trx(table)
            .where({ id: affiliateId })
            .where('revision', '<', revision)
            .delete();
          if (recreated > 0) await trx(orders).where({ affiliate_id: affiliateId }).delete();
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

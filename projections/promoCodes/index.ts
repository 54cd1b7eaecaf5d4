import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import { firstRowWhere } from '../runner/rowStatements';
import {
  normalisePromoCode,
  promoCodeEventTypes,
  type PromoCodeDefinition,
  type PromoCodeEvent,
} from '../../services/catalog/promoCodes/promoCodeEvents';
import type {
  OrderAwaitingOfflinePayment,
  OrderCompleted,
  OrderPlaced,
} from '../../services/sales/orders/orderEvents';

/**
 * Promo codes: the organizer's list and a buyer's lookup. The uses left are enforced by the event's inventory
 * stream at order time; `times_used` here is for display (the orders that went through: completed, or awaiting
 * an offline payment) and never a limit's source. `promo_code_orders` remembers each order's code from
 * `OrderPlaced` until the order goes through, so it is counted once.
 */

export const promoCodesTable: ReadModelTable = {
  name: 'promo_codes',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('event_id', 40).notNullable();
    table.string('code', 50).notNullable();
    /** Trimmed and upper-cased: how a buyer's code is looked up. */
    table.string('code_normalised', 50).notNullable();
    table.string('discount_type', 10).notNullable();
    /** PERCENT: a percentage (two decimals); FIXED: minor units; NONE: null. */
    table.double('discount').nullable();
    table.string('expires_at', 30).nullable();
    table.integer('max_usages').nullable();
    table.integer('times_used').notNullable().defaultTo(0);
    /** JSON array of ticket ids; empty: every ticket. */
    table.text('applicable_ticket_ids').notNullable();
    table.string('created_at', 30).notNullable();
    table.string('updated_at', 30).notNullable();
    table.integer('revision').notNullable();
    table.index(['event_id', 'code_normalised'], `${tableName}_event_code_idx`);
  },
};

export const promoCodeOrdersTable: ReadModelTable = {
  name: 'promo_code_orders',
  define(table) {
    table.string('order_id', 40).primary();
    table.string('promo_code_id', 40).notNullable();
    table.boolean('counted').notNullable();
  },
};

type CountedOrderEvent = OrderPlaced | OrderCompleted | OrderAwaitingOfflinePayment;

export interface PromoCodeRow {
  id: string;
  event_id: string;
  code: string;
  code_normalised: string;
  discount_type: PromoCodeDefinition['discountType'];
  discount: number | null;
  expires_at: string | null;
  max_usages: number | null;
  times_used: number;
  applicable_ticket_ids: string;
  created_at: string;
  updated_at: string;
  revision: number;
}

const columnOf: Record<keyof PromoCodeDefinition, keyof PromoCodeRow> = {
  code: 'code',
  discountType: 'discount_type',
  discount: 'discount',
  expiresAt: 'expires_at',
  maxUsages: 'max_usages',
  applicableTicketIds: 'applicable_ticket_ids',
};

function columns(definition: Partial<PromoCodeDefinition>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(definition)) {
    const column = columnOf[key as keyof PromoCodeDefinition];
    row[column] = key === 'applicableTicketIds' ? JSON.stringify(value) : value;
  }
  if (definition.code !== undefined) row.code_normalised = normalisePromoCode(definition.code);
  return row;
}

export const promoCodesProjection = defineProjection<PromoCodeEvent | CountedOrderEvent>({
  name: 'promo_codes',
  tables: [promoCodesTable, promoCodeOrdersTable],
  handles: [...promoCodeEventTypes, 'OrderPlaced', 'OrderCompleted', 'OrderAwaitingOfflinePayment'],
  async apply(trx, event, ctx) {
    const table = ctx.table('promo_codes');
    const uses = ctx.table('promo_code_orders');
    switch (event.type) {
      case 'OrderPlaced':
        if (event.data.promoCodeId !== null)
          await trx(uses)
            .insert({ order_id: event.data.orderId, promo_code_id: event.data.promoCodeId, counted: false })
            .onConflict('order_id')
            .ignore();
        return [];
      case 'OrderCompleted':
      case 'OrderAwaitingOfflinePayment': {
        const use = await firstRowWhere<{ promo_code_id: string; counted: boolean | number }>(
          trx,
          uses,
          { order_id: event.data.orderId },
          ['promo_code_id', 'counted'],
        );
        if (!use || Boolean(use.counted)) return [];
        await trx(uses).where({ order_id: event.data.orderId }).update({ counted: true });
        await trx(table).where({ id: use.promo_code_id }).increment('times_used', 1);
        return [`promo_code:${use.promo_code_id}`, `event:${event.data.eventId}`];
      }
      default:
        break;
    }
    const revision = Number(event.revision);
    const { promoCodeId, eventId } = event.data;
    const keys = [`promo_code:${promoCodeId}`, `event:${eventId}`];
    switch (event.type) {
      case 'PromoCodeCreated': {
        const { promoCodeId: _id, eventId: _eventId, createdAt, ...definition } = event.data;
        await trx(table)
          .insert({
            id: promoCodeId,
            event_id: eventId,
            ...columns(definition),
            times_used: 0,
            created_at: createdAt,
            updated_at: createdAt,
            revision,
          })
          .onConflict('id')
          .ignore();
        return keys;
      }
      case 'PromoCodeUpdated': {
        const updated = await trx(table)
          .where({ id: promoCodeId })
          .where('revision', '<', revision)
          .update({ ...columns(event.data.changes), updated_at: event.data.updatedAt, revision });
        return updated > 0 ? keys : [];
      }
      case 'PromoCodeDeleted':
        await trx(table).where({ id: promoCodeId }).delete();
        return keys;
    }
  },
});

export function listEventPromoCodes(db: Knex, eventId: string): Promise<PromoCodeRow[]> {
  return db<PromoCodeRow>('promo_codes')
    .where({ event_id: eventId })
    .orderBy('code_normalised')
    .orderBy('id');
}

export async function findEventPromoCode(
  db: Knex,
  eventId: string,
  promoCodeId: string,
): Promise<PromoCodeRow | undefined> {
  return (await db('promo_codes').where({ id: promoCodeId, event_id: eventId }).first()) as
    PromoCodeRow | undefined;
}

/** The event's promo code holding a code, compared trimmed and case-insensitively. */
export async function findEventPromoCodeByCode(
  db: Knex,
  eventId: string,
  code: string,
): Promise<PromoCodeRow | undefined> {
  return (await db('promo_codes')
    .where({ event_id: eventId, code_normalised: normalisePromoCode(code) })
    .first()) as PromoCodeRow | undefined;
}

export function applicableTicketIdsOf(row: PromoCodeRow): string[] {
  return JSON.parse(row.applicable_ticket_ids) as string[];
}

/** A promo code as the API answers it (money in minor units of the event's currency). */
export function presentPromoCode(row: PromoCodeRow) {
  return {
    id: row.id,
    event_id: row.event_id,
    code: row.code,
    discount_type: row.discount_type,
    discount: row.discount === null ? null : Number(row.discount),
    expiry_date: row.expires_at,
    max_allowed_usages: row.max_usages,
    times_used: Number(row.times_used),
    applicable_ticket_ids: applicableTicketIdsOf(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export type PresentedPromoCode = ReturnType<typeof presentPromoCode>;

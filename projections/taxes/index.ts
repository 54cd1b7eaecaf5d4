import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import {
  taxEventTypes,
  type TaxDetails,
  type TaxEvent,
  type TaxKind,
} from '../../services/catalog/taxes/taxEvents';

/** An account's taxes and fees (`/account/taxes-and-fees`), read by the catalogue, checkout and tickets. */

export const taxesAndFeesTable: ReadModelTable = {
  name: 'taxes_and_fees',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('account_id', 40).notNullable();
    table.string('name', 200).notNullable();
    table.string('kind', 10).notNullable();
    table.string('calculation', 20).notNullable();
    /** PERCENTAGE: percent, at most 4 decimals (exact in a double). */
    table.double('rate').nullable();
    /** FIXED: integer minor units. */
    table.bigInteger('amount').nullable();
    table.boolean('is_default').notNullable();
    table.string('created_at', 30).notNullable();
    table.string('updated_at', 30).notNullable();
    table.integer('revision').notNullable();
    table.index(['account_id', 'name'], `${tableName}_account_name_idx`);
  },
};

/** The shape the pricing engine takes (services/sales/pricing `TaxOrFee`), with the tax's id. */
export type PricingTaxOrFee = { id: string; name: string; kind: TaxKind } & (
  { calculation: 'PERCENTAGE'; percent: number } | { calculation: 'FIXED'; amount: number }
);

export interface TaxAndFeeRow {
  id: string;
  account_id: string;
  name: string;
  kind: 'TAX' | 'FEE';
  calculation: 'PERCENTAGE' | 'FIXED';
  rate: number | null;
  amount: number | string | null;
  is_default: boolean | number;
  created_at: string;
  updated_at: string;
  revision: number;
}

function chargeColumns(details: Pick<TaxDetails, 'charge'>) {
  return details.charge.calculation === 'PERCENTAGE'
    ? { calculation: 'PERCENTAGE', rate: details.charge.rate, amount: null }
    : { calculation: 'FIXED', rate: null, amount: details.charge.amount };
}

export const taxesAndFeesProjection = defineProjection<TaxEvent>({
  name: 'taxesAndFees',
  tables: [taxesAndFeesTable],
  handles: taxEventTypes,
  async apply(trx, event, ctx) {
    const table = ctx.table('taxes_and_fees');
    const revision = Number(event.revision);
    const { accountId, taxId } = event.data;
    const keys = [`tax:${taxId}`, `account:${accountId}`];
    switch (event.type) {
      case 'TaxCreated': {
        const d = event.data;
        await trx(table)
          .insert({
            id: taxId,
            account_id: accountId,
            name: d.name,
            kind: d.kind,
            ...chargeColumns(d),
            is_default: d.isDefault,
            created_at: d.createdAt,
            updated_at: d.createdAt,
            revision,
          })
          .onConflict('id')
          .ignore();
        return keys;
      }
      case 'TaxUpdated': {
        const row = await trx<TaxAndFeeRow>(table).where({ id: taxId }).first('revision');
        if (!row || row.revision >= revision) return [];
        const { changes } = event.data;
        await trx(table)
          .where({ id: taxId })
          .update({
            ...(changes.name !== undefined ? { name: changes.name } : {}),
            ...(changes.kind !== undefined ? { kind: changes.kind } : {}),
            ...(changes.charge !== undefined ? chargeColumns({ charge: changes.charge }) : {}),
            ...(changes.isDefault !== undefined ? { is_default: changes.isDefault } : {}),
            updated_at: event.data.updatedAt,
            revision,
          });
        return keys;
      }
      case 'TaxDeleted':
        await trx(table).where({ id: taxId }).delete();
        return keys;
    }
  },
});

export async function listAccountTaxesAndFees(db: Knex, accountId: string): Promise<TaxAndFeeRow[]> {
  return (await db('taxes_and_fees')
    .where({ account_id: accountId })
    .orderBy([{ column: 'name' }, { column: 'id' }])) as TaxAndFeeRow[];
}

export async function findAccountTaxAndFee(
  db: Knex,
  accountId: string,
  taxId: string,
): Promise<TaxAndFeeRow | undefined> {
  return (await db('taxes_and_fees').where({ id: taxId, account_id: accountId }).first()) as
    TaxAndFeeRow | undefined;
}

/** A row as the pricing engine takes it (services/sales/pricing), with its id. */
export function toTaxOrFee(row: TaxAndFeeRow): PricingTaxOrFee {
  const base = { id: row.id, name: row.name, kind: row.kind };
  return row.calculation === 'PERCENTAGE'
    ? { ...base, calculation: 'PERCENTAGE', percent: Number(row.rate) }
    : { ...base, calculation: 'FIXED', amount: Number(row.amount) };
}

/**
 * The account's taxes and fees among `ids`, for pricing (public catalogue, checkout). Ids of another account
 * or of a deleted tax are left out: a ticket keeps the ids it was given, and a deleted tax no longer applies.
 * Ordered by name, so the engine's rollups come out the same on every read.
 */
export async function findTaxesAndFees(
  db: Knex,
  accountId: string,
  ids: readonly string[],
): Promise<PricingTaxOrFee[]> {
  if (ids.length === 0) return [];
  const rows = (await db('taxes_and_fees')
    .where({ account_id: accountId })
    .whereIn('id', [...new Set(ids)])
    .orderBy([{ column: 'name' }, { column: 'id' }])) as TaxAndFeeRow[];
  return rows.map(toTaxOrFee);
}

/**
 * The ids of the account's default taxes and fees: the ticket create route applies these to a new ticket
 * when its request names no `tax_and_fee_ids` (spec: "default flag: applied to new tickets").
 */
export async function defaultTaxAndFeeIds(db: Knex, accountId: string): Promise<string[]> {
  const rows = await db<TaxAndFeeRow>('taxes_and_fees')
    .where({ account_id: accountId, is_default: true })
    .orderBy([{ column: 'name' }, { column: 'id' }])
    .select('id');
  return rows.map((row) => row.id);
}

export function presentTaxAndFee(row: TaxAndFeeRow) {
  return {
    id: row.id,
    name: row.name,
    type: row.kind,
    calculation_type: row.calculation,
    rate: row.rate === null ? null : Number(row.rate),
    amount: row.amount === null ? null : Number(row.amount),
    is_default: Boolean(row.is_default),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

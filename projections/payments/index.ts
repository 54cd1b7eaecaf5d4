import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import type {
  ConnectedAccountCreated,
  ConnectedAccountUpdated,
  PlatformFeeCharged,
} from '../../services/payments/paymentEvents';
import {
  connectionStatus,
  type ConnectionStatus,
} from '../../services/payments/connection/connectionDecider';

/** Each account's Stripe connected account and how far its onboarding is (`/account/payment`). */
export const paymentConnectionsTable: ReadModelTable = {
  name: 'payment_connections',
  define(table) {
    table.string('account_id', 40).primary();
    table.string('stripe_account_id', 255).notNullable().index();
    table.boolean('charges_enabled').notNullable();
    table.boolean('details_submitted').notNullable();
    table.string('status', 20).notNullable();
    table.string('updated_at', 30).notNullable();
    table.integer('revision').notNullable();
  },
};

export const paymentConnectionsProjection = defineProjection<
  ConnectedAccountCreated | ConnectedAccountUpdated
>({
  name: 'paymentConnections',
  tables: [paymentConnectionsTable],
  handles: ['ConnectedAccountCreated', 'ConnectedAccountUpdated'],
  async apply(trx, event, ctx) {
    const table = ctx.table('payment_connections');
    const revision = Number(event.revision);
    const { accountId, stripeAccountId } = event.data;
    const row = (await trx(table).where({ account_id: accountId }).first()) as
      { revision: number } | undefined;
    if (row && row.revision >= revision) return [];
    const flags =
      event.type === 'ConnectedAccountUpdated'
        ? { chargesEnabled: event.data.chargesEnabled, detailsSubmitted: event.data.detailsSubmitted }
        : { chargesEnabled: false, detailsSubmitted: false };
    await trx(table)
      .insert({
        account_id: accountId,
        stripe_account_id: stripeAccountId,
        charges_enabled: flags.chargesEnabled,
        details_submitted: flags.detailsSubmitted,
        status: connectionStatus(flags),
        updated_at: event.type === 'ConnectedAccountUpdated' ? event.data.updatedAt : event.data.createdAt,
        revision,
      })
      .onConflict('account_id')
      .merge();
    return [`account:${accountId}`];
  },
});

export interface PaymentConnectionRow {
  stripeAccountId: string;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
  status: Exclude<ConnectionStatus, 'NOT_CONNECTED'>;
  updatedAt: string;
}

export async function findPaymentConnection(
  db: Knex,
  accountId: string,
): Promise<PaymentConnectionRow | null> {
  const row = (await db('payment_connections').where({ account_id: accountId }).first()) as
    | {
        stripe_account_id: string;
        charges_enabled: boolean | number;
        details_submitted: boolean | number;
        status: PaymentConnectionRow['status'];
        updated_at: string;
      }
    | undefined;
  if (!row) return null;
  return {
    stripeAccountId: row.stripe_account_id,
    chargesEnabled: Boolean(row.charges_enabled),
    detailsSubmitted: Boolean(row.details_submitted),
    status: row.status,
    updatedAt: row.updated_at,
  };
}

/** Whose connected account this is, for a Stripe event that does not say (no `account_id` in its metadata). */
export async function findAccountOfStripeAccount(db: Knex, stripeAccountId: string): Promise<string | null> {
  const row = (await db('payment_connections').where({ stripe_account_id: stripeAccountId }).first()) as
    { account_id: string } | undefined;
  return row?.account_id ?? null;
}

/** The platform's application fee on each paid order (`/account/billing`). */
export const platformFeesTable: ReadModelTable = {
  name: 'platform_fees',
  define(table) {
    table.string('id', 64).primary();
    table.string('account_id', 40).notNullable();
    table.string('event_id', 40).notNullable();
    table.string('order_id', 40).notNullable();
    table.string('order_short_id', 40).notNullable();
    table.string('payment_intent_id', 255).notNullable();
    table.string('charge_id', 255).nullable();
    table.string('currency', 3).notNullable();
    table.bigInteger('order_total').notNullable();
    table.bigInteger('fee').notNullable();
    table.string('charged_at', 30).notNullable();
    /** `YYYY-MM` of `charged_at` in UTC: the billing month. */
    table.string('month', 7).notNullable();
    table.index(['account_id', 'charged_at']);
  },
};

export const platformFeesProjection = defineProjection<PlatformFeeCharged>({
  name: 'platformFees',
  tables: [platformFeesTable],
  handles: ['PlatformFeeCharged'],
  async apply(trx, event, ctx) {
    const fee = event.data;
    await trx(ctx.table('platform_fees'))
      .insert({
        id: event.id,
        account_id: fee.accountId,
        event_id: fee.eventId,
        order_id: fee.orderId,
        order_short_id: fee.orderShortId,
        payment_intent_id: fee.paymentIntentId,
        charge_id: fee.chargeId,
        currency: fee.currency.toUpperCase(),
        order_total: fee.orderTotal,
        fee: fee.fee,
        charged_at: fee.chargedAt,
        month: fee.chargedAt.slice(0, 7),
      })
      .onConflict('id')
      .ignore();
    return [`account:${fee.accountId}`];
  },
});

export interface PlatformFeeRow {
  orderId: string;
  orderShortId: string;
  eventId: string;
  paymentIntentId: string;
  currency: string;
  orderTotal: number;
  fee: number;
  chargedAt: string;
}

/** The newest fees first. */
export async function listPlatformFees(
  db: Knex,
  accountId: string,
  limit: number,
): Promise<PlatformFeeRow[]> {
  const rows = (await db('platform_fees')
    .where({ account_id: accountId })
    .orderBy([
      { column: 'charged_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)) as {
    order_id: string;
    order_short_id: string;
    event_id: string;
    payment_intent_id: string;
    currency: string;
    order_total: number | string;
    fee: number | string;
    charged_at: string;
  }[];
  return rows.map((row) => ({
    orderId: row.order_id,
    orderShortId: row.order_short_id,
    eventId: row.event_id,
    paymentIntentId: row.payment_intent_id,
    currency: row.currency,
    orderTotal: Number(row.order_total),
    fee: Number(row.fee),
    chargedAt: row.charged_at,
  }));
}

export interface PlatformFeeMonth {
  month: string;
  currency: string;
  orders: number;
  orderTotal: number;
  fees: number;
}

/** Fees per month and currency, the newest month first. */
export async function platformFeesByMonth(db: Knex, accountId: string): Promise<PlatformFeeMonth[]> {
  const rows = (await db('platform_fees')
    .where({ account_id: accountId })
    .groupBy('month', 'currency')
    .select('month', 'currency')
    .count({ orders: '*' })
    .sum({ order_total: 'order_total', fees: 'fee' })
    .orderBy([
      { column: 'month', order: 'desc' },
      { column: 'currency', order: 'asc' },
    ])) as {
    month: string;
    currency: string;
    orders: number | string;
    order_total: number | string;
    fees: number | string;
  }[];
  return rows.map((row) => ({
    month: row.month,
    currency: row.currency,
    orders: Number(row.orders),
    orderTotal: Number(row.order_total),
    fees: Number(row.fees),
  }));
}

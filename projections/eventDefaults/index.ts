import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import {
  builtInEventDefaults,
  type EventDefaults,
  type EventDefaultsUpdated,
} from '../../services/catalog/eventDefaults/eventDefaultsDecider';

/** Each account's defaults for new events (`/account/event-defaults`). */

export const eventDefaultsTable: ReadModelTable = {
  name: 'event_defaults',
  define(table) {
    table.string('account_id', 40).primary();
    table.text('defaults').notNullable();
    table.string('updated_at', 30).notNullable();
    table.integer('revision').notNullable();
  },
};

export const eventDefaultsProjection = defineProjection<EventDefaultsUpdated>({
  name: 'eventDefaults',
  tables: [eventDefaultsTable],
  handles: ['EventDefaultsUpdated'],
  async apply(trx, event, ctx) {
    const table = ctx.table('event_defaults');
    const revision = Number(event.revision);
    const { accountId, changes, updatedAt } = event.data;
    const row = (await trx(table).where({ account_id: accountId }).first()) as
      { defaults: string; revision: number } | undefined;
    if (row && row.revision >= revision) return [];
    const defaults = {
      ...builtInEventDefaults,
      ...(row ? (JSON.parse(row.defaults) as Partial<EventDefaults>) : {}),
      ...changes,
    };
    await trx(table)
      .insert({ account_id: accountId, defaults: JSON.stringify(defaults), updated_at: updatedAt, revision })
      .onConflict('account_id')
      .merge();
    return [`account:${accountId}`];
  },
});

/** The account's event defaults; the built-in ones until the account saves its own. */
export async function findEventDefaults(db: Knex, accountId: string): Promise<EventDefaults> {
  const row = (await db('event_defaults').where({ account_id: accountId }).first()) as
    { defaults: string } | undefined;
  return { ...builtInEventDefaults, ...(row ? (JSON.parse(row.defaults) as Partial<EventDefaults>) : {}) };
}

export function presentEventDefaults(defaults: EventDefaults) {
  return {
    timezone: defaults.timezone,
    currency: defaults.currency,
    order_timeout_minutes: defaults.orderTimeoutMinutes,
    price_display_mode: defaults.priceDisplayMode,
    allow_search_engine_indexing: defaults.allowSearchEngineIndexing,
    show_available_quantity: defaults.showAvailableQuantity,
    invoices_enabled: defaults.invoicesEnabled,
    support_email: defaults.supportEmail,
    continue_button_text: defaults.continueButtonText,
  };
}

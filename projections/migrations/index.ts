import type { Knex } from 'knex';
import { projectionCheckpoints } from './0001_projection_checkpoints';
import { eventsReadModel } from './0002_events';
import { identityReadModel } from './0003_identity';
import { eventPagesReadModel } from './0004_event_pages';
import { organizersReadModel } from './0005_organizers';
import { eventDefaultsReadModel } from './0006_event_defaults';
import { identityMembershipsReadModel } from './0010_identity_memberships';
import { mailOutboxReadModel } from './0011_mail_outbox';
import { projectionParkedEvents } from './0012_projection_parked_events';
import { idempotencyKeys } from './0020_idempotency_keys';
import { openEmailClaimsReadModel } from './0013_open_email_claims';
import { taxesAndFeesReadModel } from './0035_taxes_and_fees';
import { capacityAssignmentsReadModel } from './0036_capacity_assignments';
import { ticketsReadModel } from './0030_tickets';
import { promoCodesReadModel } from './0040_promo_codes';
import { questionsReadModel } from './0041_questions';
import { pageViewsReadModel } from './0045_page_views';
import { affiliatesReadModel } from './0046_affiliates';
import { affiliateOrdersReadModel } from './0047_affiliate_orders';
import { ordersReadModel } from './0050_orders';
import { promoCodeOrdersReadModel } from './0051_promo_code_orders';
import { openHoldsReadModel } from './0052_open_holds';
import { orderMailsReadModel } from './0053_order_mails';
import { paymentsReadModel } from './0060_payments';
import { checkInReadModel } from './0060_check_in';
import { messagesReadModel } from './0061_messages';
import { webhooksReadModel } from './0062_webhooks';
import { manualOrdersReadModel } from './0061_manual_orders';
import { statsReadModel } from './0070_stats';
import { orderPaymentsReadModel } from './0071_order_payments';
import { runnerLeases } from './0080_runner_leases';
import { rateLimitHits } from './0081_rate_limit_hits';
import { auditChainReadModel } from './0090_audit_chain';
import { orderTrailReadModel } from './0091_order_trail';
import { accountAuditReadModel } from './0092_account_audit';
import { personalDataKeysReadModel } from './0093_personal_data_keys';
import { waitingListReadModel } from './0094_waiting_list';
import { invoicesReadModel } from './0096_invoices';
import { waitingOfferHoldsReadModel } from './0097_waiting_offer_holds';
import { waitingRoomsReadModel } from './0098_waiting_rooms';
import { unsettledSalesReadModel } from './0099_unsettled_sales';
import { lookupIndexes } from './0100_lookup_indexes';
import type { ReadModelMigration } from './migration';

export type { ReadModelMigration } from './migration';
export { readModelTablesMigration } from './migration';

/** Every read-model migration in order. Static imports, so tsx, vitest and a bundle all see the same set. */
export const readModelMigrations: readonly ReadModelMigration[] = [
  projectionCheckpoints,
  eventsReadModel,
  identityReadModel,
  eventPagesReadModel,
  organizersReadModel,
  eventDefaultsReadModel,
  identityMembershipsReadModel,
  mailOutboxReadModel,
  projectionParkedEvents,
  idempotencyKeys,
  openEmailClaimsReadModel,
  taxesAndFeesReadModel,
  capacityAssignmentsReadModel,
  ticketsReadModel,
  promoCodesReadModel,
  questionsReadModel,
  pageViewsReadModel,
  affiliatesReadModel,
  affiliateOrdersReadModel,
  ordersReadModel,
  promoCodeOrdersReadModel,
  openHoldsReadModel,
  orderMailsReadModel,
  paymentsReadModel,
  checkInReadModel,
  messagesReadModel,
  webhooksReadModel,
  manualOrdersReadModel,
  statsReadModel,
  orderPaymentsReadModel,
  runnerLeases,
  rateLimitHits,
  auditChainReadModel,
  orderTrailReadModel,
  accountAuditReadModel,
  personalDataKeysReadModel,
  waitingListReadModel,
  invoicesReadModel,
  waitingOfferHoldsReadModel,
  waitingRoomsReadModel,
  unsettledSalesReadModel,
  lookupIndexes,
];

export const readModelMigrationsTable = 'readmodel_migrations';

const migrationSource: Knex.MigrationSource<ReadModelMigration> = {
  getMigrations: () => Promise.resolve([...readModelMigrations]),
  getMigrationName: (migration) => migration.name,
  getMigration: (migration) => Promise.resolve({ up: migration.up, down: migration.down }),
};

/**
 * Brings the read-model schema up to date. Several processes may start at once (API replicas): knex's lock
 * makes all but one wait or fail with a lock error, and creating the bookkeeping tables can race, so those
 * two failures are retried.
 */
export async function migrateReadModels(knex: Knex): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await knex.migrate.latest({ migrationSource, tableName: readModelMigrationsTable });
      return;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const raced = /already locked|already exists|duplicate key/i.test(message);
      if (!raced || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

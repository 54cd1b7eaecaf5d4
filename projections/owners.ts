/**
 * Which folder owns each read-model table: the one place that may name it in a query. Every other module reads
 * it through the queries the owner exports (`findOrder`, `attendeesOfEvent`, …), so a renamed column breaks the
 * owner's types, not another module's SQL. `services/tools/tableOwnership.unit.spec.ts` checks that every table
 * the migrations create is listed here beside the file that defines it, and that no other folder names one.
 *
 * The stats tables are written by `projections/stats` and read by `services/reporting/statsQueries.ts`, whose
 * answers are bucketed in each event's zone by `services/reporting/zonedTime.ts`: the read model's queries live
 * with the module that serves them, so both folders own them.
 */
export const readModelOwners: Readonly<Record<string, string | readonly string[]>> = {
  // The projections' read models (projections/<readModel>/).
  account_audit_log: 'projections/accountAudit',
  account_audit_names: 'projections/accountAudit',
  accounts: 'projections/identity',
  account_users: 'projections/identity',
  affiliate_orders: 'projections/affiliates',
  affiliates: 'projections/affiliates',
  attendees: 'projections/orders',
  auth_sessions: 'projections/identity',
  capacity_assignments: 'projections/capacityAssignments',
  check_in_attendees: 'projections/checkIn',
  check_in_lists: 'projections/checkIn',
  check_in_revoked_links: 'projections/checkIn',
  check_in_scan_issues: 'projections/checkIn',
  event_defaults: 'projections/eventDefaults',
  event_images: 'projections/events',
  event_pages: 'projections/events',
  invoices: 'projections/invoices',
  events: 'projections/events',
  manual_orders: 'projections/orders',
  messages: 'projections/messages',
  order_lines: 'projections/orders',
  order_payments: 'projections/orders',
  order_trail: 'projections/orders',
  order_trail_links: 'projections/orders',
  orders: 'projections/orders',
  organizers: 'projections/organizers',
  payment_connections: 'projections/payments',
  platform_fees: 'projections/payments',
  promo_code_orders: 'projections/promoCodes',
  promo_codes: 'projections/promoCodes',
  questions: 'projections/questions',
  stat_check_ins: ['projections/stats', 'services/reporting'],
  stat_minutes: ['projections/stats', 'services/reporting'],
  stat_orders: ['projections/stats', 'services/reporting'],
  taxes_and_fees: 'projections/taxes',
  ticket_sort_orders: 'projections/tickets',
  tickets: 'projections/tickets',
  users: 'projections/identity',
  waiting_list_entries: 'projections/waitingList',
  webhooks: 'projections/webhooks',
  // Reactors' and process managers' own tables, and the services' stores.
  audit_chain: 'services/audit',
  personal_data_keys: 'services/audit',
  event_page_views: 'services/reporting',
  idempotency_keys: 'services/kit/http',
  link_tokens: 'services/messaging',
  message_dispatches: 'services/messaging',
  mail_accounts: 'services/worker',
  mail_attachments: 'services/messaging',
  mail_contacts: 'services/worker',
  mail_outbox: 'services/messaging',
  message_mails: 'services/worker',
  open_email_claims: 'services/worker',
  open_holds: 'services/worker',
  order_mails: 'services/worker',
  rate_limit_hits: 'services/identity',
  socket_io_attachments: 'services/api',
  webhook_attempts: 'services/integrations/webhooks',
  webhook_deliveries: 'services/integrations/webhooks',
  webhook_endpoints: 'services/integrations/webhooks',
  webhook_orders: 'services/integrations/webhooks',
  // The runner's bookkeeping.
  projection_checkpoints: 'projections/runner',
  projection_parked_events: 'projections/runner',
  readmodel_migrations: 'projections/migrations',
  runner_leases: 'projections/runner',
};

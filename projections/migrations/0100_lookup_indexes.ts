import type { ReadModelMigration } from './migration';

/**
 * Indexes for reads that scanned their whole table (found by `EXPLAIN QUERY PLAN` over the benchmarks and the
 * integration tests): an order's invoice numbers, which every buyer's order page reads; the check-in state of
 * the attendees an organizer lists; the mails about an order or a message; the orders with a ticket and the
 * titles an event's orders carry; and the keepers' sweeps of their oldest rows. The tables' definitions create
 * them too, so on a new database the migrations that create the tables made them already (`if not exists`).
 */
const indexes = [
  { name: 'invoices_order_idx', table: 'invoices', columns: ['order_id'] },
  { name: 'check_in_attendees_attendee_idx', table: 'check_in_attendees', columns: ['attendee_id'] },
  { name: 'mail_outbox_aggregate_idx', table: 'mail_outbox', columns: ['aggregate_id'] },
  { name: 'order_lines_ticket_idx', table: 'order_lines', columns: ['ticket_id', 'order_id'] },
  {
    name: 'order_lines_event_ticket_idx',
    table: 'order_lines',
    columns: ['event_id', 'ticket_id', 'ticket_title'],
  },
  { name: 'open_holds_since_idx', table: 'open_holds', columns: ['since'] },
  { name: 'unsettled_sales_since_idx', table: 'unsettled_sales', columns: ['since'] },
  { name: 'open_email_claims_since_idx', table: 'open_email_claims', columns: ['since', 'email'] },
];

export const lookupIndexes: ReadModelMigration = {
  name: '0100_lookup_indexes',
  async up(knex) {
    for (const { name, table, columns } of indexes)
      await knex.raw(`create index if not exists ?? on ?? (${columns.map(() => '??').join(', ')})`, [
        name,
        table,
        ...columns,
      ]);
  },
  async down(knex) {
    for (const { name } of indexes) await knex.raw('drop index if exists ??', [name]);
  },
};

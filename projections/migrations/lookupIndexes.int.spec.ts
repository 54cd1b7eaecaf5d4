import type { Knex } from 'knex';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { messageCounts } from '../../services/messaging/messages/messageDeliveries';
import { mailsAbout } from '../../services/messaging/outbox';
import { attendeesCheckedInAt } from '../checkIn';
import { findOrderDocumentNumbers } from '../invoices';
import { listEventOrders, orderedTicketTitles } from '../orders/queries';
import { isPostgres } from '../runner/db';
import { describeEachStorage, tableScans, type TestStorage } from '../runner/testing';
import { lookupIndexes } from './0100_lookup_indexes';

const names = [
  'check_in_attendees_attendee_idx',
  'invoices_order_idx',
  'mail_outbox_aggregate_idx',
  'open_email_claims_since_idx',
  'open_holds_since_idx',
  'order_lines_event_ticket_idx',
  'order_lines_ticket_idx',
  'unsettled_sales_since_idx',
];

async function presentIndexes(db: Knex): Promise<string[]> {
  const rows = isPostgres(db)
    ? await db<{ indexname: string }>('pg_indexes')
        .whereRaw('schemaname = current_schema()')
        .whereIn('indexname', names)
        .select({ name: 'indexname' })
    : await db<{ name: string; type: string }>('sqlite_master')
        .where({ type: 'index' })
        .whereIn('name', names)
        .select('name');
  return rows.map((row) => String(row.name)).sort();
}

describeEachStorage('lookup indexes (0100)', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('are on a new database, and a database migrated before them gets them', async () => {
    expect(await presentIndexes(storage.db)).toEqual(names);
    await lookupIndexes.down(storage.db);
    expect(await presentIndexes(storage.db)).toEqual([]);
    await lookupIndexes.up(storage.db);
    await lookupIndexes.up(storage.db);
    expect(await presentIndexes(storage.db)).toEqual(names);
  });

  it('reads by these columns without scanning the tables, as a buyer, an organizer and the door do', async () => {
    const scans = await tableScans(
      storage.db,
      ['invoices', 'check_in_attendees', 'mail_outbox', 'order_lines'],
      async () => {
        await findOrderDocumentNumbers(storage.db, 'or_1');
        await attendeesCheckedInAt(storage.db, ['at_1', 'at_2']);
        await mailsAbout(storage.db, 'ac_1', ['or_1']);
        await messageCounts(storage.db, ['ms_1']);
        await orderedTicketTitles(storage.db, 'ev_1');
        await listEventOrders(storage.db, 'ev_1', {
          page: 1,
          perPage: 20,
          query: null,
          sortBy: 'created_at',
          sortDirection: 'desc',
          filters: [{ field: 'ticket_id', operator: 'in', values: ['ti_1', 'ti_2'] }],
        });
      },
    );
    expect(scans).toEqual([]);
  });
});

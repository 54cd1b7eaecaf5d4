import type { Knex } from 'knex';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { findOrderDocumentNumbers } from '../invoices';
import { isPostgres } from '../runner/db';
import { describeEachStorage, tableScans, type TestStorage } from '../runner/testing';
import { lookupIndexes } from './0100_lookup_indexes';

const names = [
  'invoices_order_idx',
  'open_email_claims_since_idx',
  'open_holds_since_idx',
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

  it("reads an order's invoice numbers by the order, not by a scan of every invoice", async () => {
    const scans = await tableScans(storage.db, ['invoices'], () =>
      findOrderDocumentNumbers(storage.db, 'or_1'),
    );
    expect(scans).toEqual([]);
  });
});

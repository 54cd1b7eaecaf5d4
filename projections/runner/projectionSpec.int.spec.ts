import { afterEach, beforeEach, expect, it } from 'vitest';
import { defineProjection } from './define';
import { projectionSpec } from './projectionSpec';
import { createReadModelTables } from './tables';
import { describeEachStorage, type AccountEvent, type TestStorage } from './testing';

/** A ledger that appends a row per movement without checking whether it has one already: not idempotent. */
const appendOnlyLedger = defineProjection<Exclude<AccountEvent, { type: 'Noted' }>>({
  name: 'ledger',
  tables: [
    {
      name: 'ledger_lines',
      define(table) {
        table.increments('id');
        table.string('stream', 40).notNullable();
        table.integer('amount').notNullable();
      },
    },
  ],
  handles: ['Deposited', 'Withdrawn'],
  async apply(trx, event, ctx) {
    const amount = event.type === 'Deposited' ? event.data.amount : -event.data.amount;
    await trx(ctx.table('ledger_lines')).insert({ stream: event.stream, amount });
    return [`ledger:${event.stream}`];
  },
});

describeEachStorage('projectionSpec', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('fails a projection that is not idempotent: applied twice, its rows change', async () => {
    await createReadModelTables(storage.db, appendOnlyLedger.tables);
    const spec = projectionSpec<AccountEvent>(storage, appendOnlyLedger)
      .given([
        { stream: 'account-1', type: 'Deposited', data: { amount: 30 } },
        { stream: 'account-1', type: 'Noted', data: { text: 'not handled' } },
        { stream: 'account-1', type: 'Withdrawn', data: { amount: 5 } },
      ])
      .then({ ledger_lines: ['id'] });

    await expect(spec).rejects.toThrow('ledger: applying the events twice changed the rows');
  });
});

import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStorage, type TestStorage } from '../../projections/runner/testing';
import { checkTicketsOfEvent } from './applicableTickets';

describeEachStorage('applicable tickets of promo codes and questions', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
    // This check reads only `id` and `event_id`: a table of just those stands for the tickets read model.
    await storage.db.schema.dropTableIfExists('tickets');
  });
  afterEach(async () => {
    await storage.close();
  });

  it('refuses ids that are not tickets of the event, on the field', async () => {
    await storage.db.schema.createTable('tickets', (table) => {
      table.string('id', 40).primary();
      table.string('event_id', 40).notNullable();
    });
    await storage.db('tickets').insert([
      { id: 'tk_1', event_id: 'ev_1' },
      { id: 'tk_2', event_id: 'ev_2' },
    ]);
    await expect(checkTicketsOfEvent(storage.db, 'ev_1', ['tk_1'])).resolves.toBeUndefined();
    await expect(checkTicketsOfEvent(storage.db, 'ev_1', [])).resolves.toBeUndefined();
    await expect(checkTicketsOfEvent(storage.db, 'ev_1', ['tk_1', 'tk_2', 'tk_9'])).rejects.toMatchObject({
      reason: 'validation_failed',
      fieldErrors: { applicable_ticket_ids: ['Not tickets of this event: tk_2, tk_9'] },
    });
  });
});

import { afterEach, beforeEach, expect, it } from 'vitest';
import type { EventDefaultsUpdated } from '../../services/catalog/eventDefaults/eventDefaultsDecider';
import { projectionSpec } from '../runner/projectionSpec';
import { describeEachStorage, type TestStorage } from '../runner/testing';
import { eventDefaultsProjection } from '.';

describeEachStorage('event defaults read model', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('merges each account’s saved defaults over the built-in ones', async () => {
    const updated = (accountId: string, changes: EventDefaultsUpdated['data']['changes'], day: number) => ({
      stream: `event-defaults-${accountId}`,
      type: 'EventDefaultsUpdated' as const,
      data: { accountId, changes, updatedAt: `2026-11-0${day}T10:00:00.000Z` },
    });
    const { rows, keys } = await projectionSpec<EventDefaultsUpdated>(storage, eventDefaultsProjection)
      .given([
        updated('ac_1', { currency: 'EUR', orderTimeoutMinutes: 20 }, 1),
        updated('ac_1', { orderTimeoutMinutes: 30, supportEmail: 'help@example.test' }, 2),
        updated('ac_2', { timezone: 'Europe/Paris' }, 3),
      ])
      .then({ event_defaults: ['account_id'] });

    expect(rows.event_defaults).toEqual([
      expect.objectContaining({ account_id: 'ac_1', updated_at: '2026-11-02T10:00:00.000Z', revision: 1 }),
      expect.objectContaining({ account_id: 'ac_2', revision: 0 }),
    ]);
    const defaults = JSON.parse((rows.event_defaults?.[0] as { defaults: string }).defaults) as object;
    expect(defaults).toMatchObject({
      currency: 'EUR',
      orderTimeoutMinutes: 30,
      supportEmail: 'help@example.test',
      timezone: null,
    });
    expect(keys).toEqual(expect.arrayContaining(['account:ac_1', 'account:ac_2']));
  });
});

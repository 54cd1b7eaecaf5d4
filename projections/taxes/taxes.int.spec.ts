import { afterEach, beforeEach, expect, it } from 'vitest';
import type { TaxEvent } from '../../services/catalog/taxes/taxEvents';
import { projectionSpec } from '../runner/projectionSpec';
import { describeEachStorage, type TestStorage } from '../runner/testing';
import { taxesAndFeesProjection } from '.';

const at = (day: number) => `2026-11-0${day}T10:00:00.000Z`;

describeEachStorage('taxes and fees read model', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('keeps each tax or fee with its edits, drops deleted ones, the same when replayed or rebuilt', async () => {
    const { rows, keys } = await projectionSpec<TaxEvent>(storage, taxesAndFeesProjection)
      .given([
        {
          stream: 'tax-tx_vat',
          type: 'TaxCreated',
          data: {
            accountId: 'ac_1',
            taxId: 'tx_vat',
            name: 'VAT',
            kind: 'TAX',
            charge: { calculation: 'PERCENTAGE', rate: 19 },
            isDefault: true,
            createdAt: at(1),
          },
        },
        {
          stream: 'tax-tx_fee',
          type: 'TaxCreated',
          data: {
            accountId: 'ac_1',
            taxId: 'tx_fee',
            name: 'Booking fee',
            kind: 'FEE',
            charge: { calculation: 'PERCENTAGE', rate: 2.5 },
            isDefault: false,
            createdAt: at(1),
          },
        },
        {
          stream: 'tax-tx_fee',
          type: 'TaxUpdated',
          data: {
            accountId: 'ac_1',
            taxId: 'tx_fee',
            changes: { charge: { calculation: 'FIXED', amount: 150 }, isDefault: true },
            updatedAt: at(2),
          },
        },
        {
          stream: 'tax-tx_old',
          type: 'TaxCreated',
          data: {
            accountId: 'ac_1',
            taxId: 'tx_old',
            name: 'Old levy',
            kind: 'TAX',
            charge: { calculation: 'FIXED', amount: 10 },
            isDefault: false,
            createdAt: at(1),
          },
        },
        {
          stream: 'tax-tx_old',
          type: 'TaxDeleted',
          data: { accountId: 'ac_1', taxId: 'tx_old', deletedAt: at(3) },
        },
      ])
      .then({ taxes_and_fees: ['id'] });

    expect(rows.taxes_and_fees).toEqual([
      expect.objectContaining({
        id: 'tx_fee',
        name: 'Booking fee',
        kind: 'FEE',
        calculation: 'FIXED',
        rate: null,
        updated_at: at(2),
        revision: 1,
      }),
      expect.objectContaining({ id: 'tx_vat', calculation: 'PERCENTAGE', rate: 19, amount: null }),
    ]);
    expect(Number((rows.taxes_and_fees?.[0] as { amount: unknown }).amount)).toBe(150);
    expect(keys).toEqual(expect.arrayContaining(['tax:tx_fee', 'account:ac_1']));
  });
});

import { describe, it } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import { taxDecider } from './taxDecider';
import type { TaxDetails, TaxEvent } from './taxEvents';

const now = new Date('2026-11-22T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(taxDecider);
const vat: TaxDetails = {
  name: 'VAT',
  kind: 'TAX',
  charge: { calculation: 'PERCENTAGE', rate: 19 },
  isDefault: true,
};
const created: TaxEvent = {
  type: 'TaxCreated',
  data: { accountId: 'ac_1', taxId: 'tx_1', ...vat, createdAt: at },
};
const create = (details: Partial<TaxDetails>) => ({
  type: 'CreateTax' as const,
  accountId: 'ac_1',
  taxId: 'tx_1',
  details: { ...vat, ...details },
  now,
});
const update = (changes: Partial<TaxDetails>, accountId = 'ac_1') => ({
  type: 'UpdateTax' as const,
  accountId,
  taxId: 'tx_1',
  changes,
  now,
});

describe('taxes and fees', () => {
  it('creates a percentage tax and a fixed fee', () => {
    spec.given([]).when(create({})).then([created]);
    const fee = {
      name: 'Booking fee',
      kind: 'FEE' as const,
      charge: { calculation: 'FIXED' as const, amount: 150 },
      isDefault: false,
    };
    spec
      .given([])
      .when(create(fee))
      .then([{ type: 'TaxCreated', data: { accountId: 'ac_1', taxId: 'tx_1', ...fee, createdAt: at } }]);
    spec.given([created]).when(create({})).thenRefused('tax_already_exists');
  });

  it('refuses negative amounts, percentages over 100, too many decimals and bad names', () => {
    spec
      .given([])
      .when(create({ charge: { calculation: 'PERCENTAGE', rate: 100.5 } }))
      .thenRefused('validation_failed', ['rate']);
    spec
      .given([])
      .when(create({ charge: { calculation: 'PERCENTAGE', rate: -1 } }))
      .thenRefused('validation_failed', ['rate']);
    spec
      .given([])
      .when(create({ charge: { calculation: 'PERCENTAGE', rate: 7.123456 } }))
      .thenRefused('validation_failed', ['rate']);
    spec
      .given([])
      .when(create({ charge: { calculation: 'FIXED', amount: -5 } }))
      .thenRefused('validation_failed', ['amount']);
    spec
      .given([])
      .when(create({ charge: { calculation: 'FIXED', amount: 1.5 } }))
      .thenRefused('validation_failed', ['amount']);
    spec
      .given([])
      .when(create({ name: ' ' }))
      .thenRefused('validation_failed', ['name']);
    spec
      .given([])
      .when(create({ name: 'x'.repeat(150) }))
      .thenRefused('validation_failed', ['name']);
    spec
      .given([created])
      .when(update({ charge: { calculation: 'PERCENTAGE', rate: 101 } }))
      .thenRefused('validation_failed', ['rate']);
  });

  it('updates what changed, deletes, and keeps other accounts out', () => {
    spec
      .given([created])
      .when(update({ name: 'VAT', isDefault: false }))
      .then([
        {
          type: 'TaxUpdated',
          data: { accountId: 'ac_1', taxId: 'tx_1', changes: { isDefault: false }, updatedAt: at },
        },
      ]);
    spec
      .given([created])
      .when(update({ name: 'VAT' }))
      .thenNothingHappened();
    spec
      .given([created])
      .when(update({ isDefault: false }, 'ac_2'))
      .thenRefused('tax_not_found');
    const deleted: TaxEvent = {
      type: 'TaxDeleted',
      data: { accountId: 'ac_1', taxId: 'tx_1', deletedAt: at },
    };
    spec.given([created]).when({ type: 'DeleteTax', accountId: 'ac_1', taxId: 'tx_1', now }).then([deleted]);
    spec
      .given([created, deleted])
      .when({ type: 'DeleteTax', accountId: 'ac_1', taxId: 'tx_1', now })
      .thenRefused('tax_not_found');
  });
});

/**
 * An account's taxes and fees (spec section 3 "Tax or fee"), applied to tickets by id. One stream per tax or
 * fee, `tax-<id>`. These are the recorded shapes; changing one is a migration.
 */

export const taxStream = (taxId: string): string => `tax-${taxId}`;

export type TaxKind = 'TAX' | 'FEE';

/**
 * PERCENTAGE: `rate` percent of the price it applies to (0 to 100, e.g. 19 or 7.5). FIXED: `amount` in
 * integer minor units, charged per ticket in the event's currency (an account's events may use several).
 */
export type TaxCharge =
  { calculation: 'PERCENTAGE'; rate: number } | { calculation: 'FIXED'; amount: number };

export type TaxDetails = {
  name: string;
  kind: TaxKind;
  charge: TaxCharge;
  /** Applied to new tickets by default. */
  isDefault: boolean;
};

export type TaxCreated = {
  type: 'TaxCreated';
  data: TaxDetails & { accountId: string; taxId: string; createdAt: string };
};
export type TaxUpdated = {
  type: 'TaxUpdated';
  data: { accountId: string; taxId: string; changes: Partial<TaxDetails>; updatedAt: string };
};
export type TaxDeleted = {
  type: 'TaxDeleted';
  data: { accountId: string; taxId: string; deletedAt: string };
};

export type TaxEvent = TaxCreated | TaxUpdated | TaxDeleted;
export const taxEventTypes: readonly TaxEvent['type'][] = ['TaxCreated', 'TaxUpdated', 'TaxDeleted'];

import type { Decider } from '../../kit/decider';
import { refuse, type FieldErrors } from '../../kit/refusal';
import type { TaxDetails, TaxEvent } from './taxEvents';

export const maxTaxNameLength = 149;
/** Percentages keep at most this many decimals, so the pricing engine can compute them exactly. */
const maxRateDecimals = 4;

export type CreateTax = {
  type: 'CreateTax';
  accountId: string;
  taxId: string;
  details: TaxDetails;
  now: Date;
};
export type UpdateTax = {
  type: 'UpdateTax';
  accountId: string;
  taxId: string;
  changes: Partial<TaxDetails>;
  now: Date;
};
export type DeleteTax = { type: 'DeleteTax'; accountId: string; taxId: string; now: Date };
export type TaxCommand = CreateTax | UpdateTax | DeleteTax;

export type TaxState =
  { exists: false; deleted?: boolean } | { exists: true; accountId: string; details: TaxDetails };

export function checkTaxDetails(details: TaxDetails): void {
  const errors: FieldErrors = {};
  const name = details.name.trim();
  if (name.length === 0) errors.name = ['The name is required'];
  else if (name.length > maxTaxNameLength)
    errors.name = [`The name must be under ${maxTaxNameLength + 1} characters`];
  if (details.charge.calculation === 'PERCENTAGE') {
    const { rate } = details.charge;
    if (!Number.isFinite(rate) || rate < 0) errors.rate = ['The rate cannot be negative'];
    else if (rate > 100) errors.rate = ['The rate cannot be over 100%'];
    else if (Math.round(rate * 10 ** maxRateDecimals) / 10 ** maxRateDecimals !== rate)
      errors.rate = [`Use at most ${maxRateDecimals} decimals`];
  } else if (!Number.isSafeInteger(details.charge.amount) || details.charge.amount < 0) {
    errors.amount = ['The amount cannot be negative'];
  }
  if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
}

export const taxDecider: Decider<TaxCommand, TaxEvent, TaxState> = {
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'TaxCreated': {
        const { accountId, taxId: _taxId, createdAt: _createdAt, ...details } = event.data;
        return { exists: true, accountId, details };
      }
      case 'TaxUpdated':
        return state.exists ? { ...state, details: { ...state.details, ...event.data.changes } } : state;
      case 'TaxDeleted':
        return { exists: false, deleted: true };
    }
  },
  decide(command, state) {
    const at = command.now.toISOString();
    const { accountId, taxId } = command;
    if (command.type === 'CreateTax') {
      if (state.exists || state.deleted) refuse('tax_already_exists');
      checkTaxDetails(command.details);
      return [{ type: 'TaxCreated', data: { accountId, taxId, ...command.details, createdAt: at } }];
    }
    if (!state.exists || state.accountId !== accountId) refuse('tax_not_found');
    if (command.type === 'DeleteTax')
      return [{ type: 'TaxDeleted', data: { accountId, taxId, deletedAt: at } }];
    const changes: Partial<TaxDetails> = {};
    for (const key of ['name', 'kind', 'charge', 'isDefault'] as const) {
      const value = command.changes[key];
      if (value !== undefined && JSON.stringify(value) !== JSON.stringify(state.details[key]))
        Object.assign(changes, { [key]: value });
    }
    if (Object.keys(changes).length === 0) return [];
    checkTaxDetails({ ...state.details, ...changes });
    return [{ type: 'TaxUpdated', data: { accountId, taxId, changes, updatedAt: at } }];
  },
};

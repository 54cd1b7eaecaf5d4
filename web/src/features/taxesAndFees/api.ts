import { api } from '../../shared/api/clients';
import type { DataEnvelope } from '../../shared/api/types';

/** A tax or fee of the account, as `/api/account/taxes-and-fees` answers it. */
export interface TaxOrFee {
  id: string;
  name: string;
  type: 'TAX' | 'FEE';
  calculation_type: 'PERCENTAGE' | 'FIXED';
  /** PERCENTAGE: percent (19, 7.5). */
  rate: number | null;
  /** FIXED: integer minor units of the event's currency (150 is 1.50). */
  amount: number | null;
  is_default: boolean;
  created_at: string;
  updated_at: string;
}

export interface TaxOrFeeRequest {
  name: string;
  type: TaxOrFee['type'];
  calculation_type: TaxOrFee['calculation_type'];
  rate: number | null;
  amount: number | null;
  is_default: boolean;
}

const path = '/account/taxes-and-fees';

export async function listTaxesAndFees(signal?: AbortSignal): Promise<TaxOrFee[]> {
  return (await api.get<DataEnvelope<TaxOrFee[]>>(path, signal ? { signal } : {})).data;
}

export async function createTaxOrFee(request: TaxOrFeeRequest): Promise<TaxOrFee> {
  return (await api.post<DataEnvelope<TaxOrFee>>(path, request)).data;
}

export async function updateTaxOrFee(id: string, request: TaxOrFeeRequest): Promise<TaxOrFee> {
  return (await api.put<DataEnvelope<TaxOrFee>>(`${path}/${encodeURIComponent(id)}`, request)).data;
}

export async function deleteTaxOrFee(id: string): Promise<void> {
  await api.delete(`${path}/${encodeURIComponent(id)}`);
}

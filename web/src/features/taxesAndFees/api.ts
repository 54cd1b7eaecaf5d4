import { api } from '../../shared/api/clients';
import type { ApiBody, ApiResponse } from '../../shared/api/contract.gen';

/**
 * A tax or fee of the account, as `GET /api/account/taxes-and-fees` answers it. `rate`: PERCENTAGE's percent
 * (19, 7.5); `amount`: FIXED's integer minor units of the event's currency (150 is 1.50).
 */
export type TaxOrFee = ApiResponse<'GET /account/taxes-and-fees'>['data'][number];

/** What the dialog sends, to create and to replace one: every field. */
export type TaxOrFeeRequest = Required<ApiBody<'POST /account/taxes-and-fees'>>;

export async function listTaxesAndFees(signal?: AbortSignal): Promise<TaxOrFee[]> {
  return (await api.call('GET /account/taxes-and-fees', { signal })).data;
}

export async function createTaxOrFee(request: TaxOrFeeRequest): Promise<TaxOrFee> {
  return (await api.call('POST /account/taxes-and-fees', { body: request })).data;
}

export async function updateTaxOrFee(id: string, request: TaxOrFeeRequest): Promise<TaxOrFee> {
  return (await api.call('PUT /account/taxes-and-fees/{id}', { params: { id }, body: request })).data;
}

export async function deleteTaxOrFee(id: string): Promise<void> {
  await api.call('DELETE /account/taxes-and-fees/{id}', { params: { id } });
}

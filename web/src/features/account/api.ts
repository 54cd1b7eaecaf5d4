import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/clients';
import type { ApiBody, ApiResponse } from '../../shared/api/contract.gen';

/** The account (organisation): its name and the defaults new events start from. */
export type Account = ApiResponse<'GET /account'>['data'];

export type AccountChanges = ApiBody<'PUT /account'>;

export async function getAccount(signal?: AbortSignal): Promise<Account> {
  return (await api.call('GET /account', { signal })).data;
}

export async function updateAccount(changes: AccountChanges): Promise<Account> {
  return (await api.call('PUT /account', { body: changes })).data;
}

export const accountQueries = {
  all: ['account'] as const,
  detail: () =>
    queryOptions({
      queryKey: [...accountQueries.all, 'detail'] as const,
      queryFn: ({ signal }) => getAccount(signal),
    }),
};

/** The account's invoice number prefix and seller details (docs/invoices.md). */
export type InvoiceSettings = ApiResponse<'GET /account/invoice-settings'>['data'];

export const invoiceSettingsQuery = () =>
  queryOptions({
    queryKey: [...accountQueries.all, 'invoice-settings'] as const,
    queryFn: async ({ signal }) => (await api.call('GET /account/invoice-settings', { signal })).data,
  });

export async function updateInvoiceSettings(
  body: ApiBody<'PUT /account/invoice-settings'>,
): Promise<InvoiceSettings> {
  return (await api.call('PUT /account/invoice-settings', { body })).data;
}

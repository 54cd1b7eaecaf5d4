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

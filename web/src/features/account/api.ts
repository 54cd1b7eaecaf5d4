import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/clients';
import type { DataEnvelope } from '../../shared/api/types';

/** The account (organisation): its name and the defaults new events start from. */
export interface Account {
  id: string;
  name: string;
  currency: string;
  timezone: string;
  owner_user_id: string;
  created_at: string;
  updated_at: string;
}

export type AccountChanges = Partial<Pick<Account, 'name' | 'currency' | 'timezone'>>;

export async function getAccount(signal?: AbortSignal): Promise<Account> {
  return (await api.get<DataEnvelope<Account>>('/account', signal ? { signal } : {})).data;
}

export async function updateAccount(changes: AccountChanges): Promise<Account> {
  return (await api.put<DataEnvelope<Account>>('/account', changes)).data;
}

export const accountQueries = {
  all: ['account'] as const,
  detail: () =>
    queryOptions({
      queryKey: [...accountQueries.all, 'detail'] as const,
      queryFn: ({ signal }) => getAccount(signal),
    }),
};

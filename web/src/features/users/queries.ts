import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/clients';
import type { DataEnvelope, User } from '../../shared/api/types';

export const userQueries = {
  all: ['users'] as const,
  me: () =>
    queryOptions({
      queryKey: [...userQueries.all, 'me'] as const,
      queryFn: async ({ signal }) => (await api.get<DataEnvelope<User>>('/users/me', { signal })).data,
    }),
};

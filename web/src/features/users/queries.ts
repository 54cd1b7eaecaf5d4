import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/clients';
import type { RouteQuery } from '../../shared/api/routes';
import type { User } from '../../shared/api/types';
import { listMembers } from './api';

export const userQueries = {
  all: ['users'] as const,
  me: () =>
    queryOptions({
      queryKey: [...userQueries.all, 'me'] as const,
      queryFn: async ({ signal }) => (await api.call('GET /users/me', { signal })).data,
    }),
  lists: () => [...userQueries.all, 'list'] as const,
  list: (query: RouteQuery<'GET /users'>) =>
    queryOptions({
      queryKey: [...userQueries.lists(), query] as const,
      queryFn: ({ signal }) => listMembers(query, signal),
    }),
};

/** Whether the logged-in user's grants (from `GET /api/users/me`) include `permission`. */
export function hasPermission(user: User | undefined, permission: string): boolean {
  return user?.permissions?.includes(permission) ?? false;
}

import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/clients';
import type { ApiBody } from '../../shared/api/contract.gen';
import type { EventDefaults } from '../events/types';

export async function getEventDefaults(signal?: AbortSignal): Promise<EventDefaults> {
  return (await api.call('GET /event-defaults', { signal })).data;
}

export async function updateEventDefaults(changes: ApiBody<'PUT /event-defaults'>): Promise<EventDefaults> {
  return (await api.call('PUT /event-defaults', { body: changes })).data;
}

export const eventDefaultsQueries = {
  all: ['eventDefaults'] as const,
  get: () =>
    queryOptions({
      queryKey: [...eventDefaultsQueries.all] as const,
      queryFn: ({ signal }) => getEventDefaults(signal),
    }),
};

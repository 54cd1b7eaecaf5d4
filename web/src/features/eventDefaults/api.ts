import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/clients';
import type { DataEnvelope } from '../../shared/api/types';
import type { EventDefaults } from '../events/types';

export async function getEventDefaults(signal?: AbortSignal): Promise<EventDefaults> {
  return (await api.get<DataEnvelope<EventDefaults>>('/event-defaults', signal ? { signal } : {})).data;
}

export async function updateEventDefaults(changes: Partial<EventDefaults>): Promise<EventDefaults> {
  return (await api.put<DataEnvelope<EventDefaults>>('/event-defaults', changes)).data;
}

export const eventDefaultsQueries = {
  all: ['eventDefaults'] as const,
  get: () =>
    queryOptions({
      queryKey: [...eventDefaultsQueries.all] as const,
      queryFn: ({ signal }) => getEventDefaults(signal),
    }),
};

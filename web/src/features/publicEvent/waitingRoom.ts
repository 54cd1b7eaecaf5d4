import { queryOptions } from '@tanstack/react-query';
import { publicApi } from '../../shared/api/clients';
import type { ApiResponse } from '../../shared/api/contract.gen';

/** The waiting room of a public event (docs/waiting-room.md): its status for this tab's pass, and joining. */
export type WaitingRoomStatus = ApiResponse<'GET /public/events/{eventId}/waiting-room'>['data'];
export type WaitingRoomJoined = ApiResponse<'POST /public/events/{eventId}/waiting-room'>['data'];

/** How often a waiting buyer's place is asked for. */
export const waitingRoomPollMs = 3_000;

export const waitingRoomApi = {
  status: async (eventId: string, token: string | null, signal?: AbortSignal) =>
    (
      await publicApi.call('GET /public/events/{eventId}/waiting-room', {
        params: { eventId },
        query: token ? { token } : {},
        signal,
      })
    ).data,
  join: async (eventId: string, token: string | null) =>
    (
      await publicApi.call('POST /public/events/{eventId}/waiting-room', {
        params: { eventId },
        body: { token },
      })
    ).data,
};

export const waitingRoomQueries = {
  all: ['waitingRoom'] as const,
  status: (eventId: string, token: string | null) =>
    queryOptions({
      queryKey: [...waitingRoomQueries.all, eventId, token] as const,
      queryFn: ({ signal }) => waitingRoomApi.status(eventId, token, signal),
      staleTime: 0,
      // Poll while the buyer waits. Once admitted the answer changes only when the admission window ends: ask
      // again then (and every poll interval after it, should this browser's clock run ahead of the server's).
      refetchInterval: (query) => {
        const data = query.state.data;
        if (!data || !data.enabled) return false;
        if (data.place?.admitted)
          return data.place.admission_expires_at
            ? Math.max(waitingRoomPollMs, Date.parse(data.place.admission_expires_at) - Date.now() + 1_000)
            : false;
        return waitingRoomPollMs;
      },
    }),
};

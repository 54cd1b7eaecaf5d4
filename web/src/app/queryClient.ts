import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/api/ApiError';

/** Spec section 9: stale time one minute, no refetch when the window regains focus. */
export const QUERY_STALE_TIME_MS = 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again; network errors and 5xx get two more tries.
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

const FIVE_MINUTES = 5 * 60 * 1000;
const MAX_RETRIES = 3;

/** A 4xx answer will not change by asking again (not found, forbidden, invalid); 5xx and network errors may. */
function isClientError(error: unknown) {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => !isClientError(error) && failureCount < MAX_RETRIES,
      // 1 s, 2 s, 4 s … capped at 30 s.
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      gcTime: FIVE_MINUTES,
      staleTime: FIVE_MINUTES,
    },
  },
});

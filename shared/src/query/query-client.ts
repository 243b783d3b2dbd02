import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';

export const QUERY_STALE_TIME_MS = 30_000;
const MAX_RETRIES = 2;

/** A 4xx will not change on a retry; an unreachable server or a 5xx may. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery, staleTime: QUERY_STALE_TIME_MS, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';
import { reportUnauthorized } from '../session/session-events';

/** Client errors (4xx) are answers, not blips: they are not retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        // A 401 anywhere means the session may have ended: the session checks itself.
        if (isApiError(error) && error.status === 401) reportUnauthorized();
      },
    }),
    defaultOptions: { queries: { staleTime: 15_000, retry: shouldRetry } },
  });
}

let shared: QueryClient | null = null;

/** One cache for the host and every remote (this module is part of a federation singleton). */
export function sharedQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}

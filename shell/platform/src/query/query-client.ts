import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';

/**
 * One QueryClient for the host and every remote (the platform module is a federation singleton, and
 * the host creates the client): a 401 anywhere re-checks the session, and client errors are not retried.
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isApiError(error) && error.status === 401 && query.queryKey[0] !== 'session') {
          void queryClient.invalidateQueries({ queryKey: ['session'] });
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
    },
  });
  return queryClient;
}

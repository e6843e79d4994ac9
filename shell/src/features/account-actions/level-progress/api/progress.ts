import { apiClient, useSession, userKeys } from '@app/platform';
import { XP_PER_LEVEL, getMyProgressRoute } from '@app/contracts/progress';
import { useQuery } from '@tanstack/react-query';

export { XP_PER_LEVEL };

/** XP and level: level n spans 1000·n to 1000·(n+1) XP; the server computes the figures from the XP it holds. */
export function useProgress() {
  const { user } = useSession();
  return useQuery({
    queryKey: userKeys.progress(),
    enabled: user !== null,
    queryFn: ({ signal }) => apiClient().call(getMyProgressRoute, { signal }),
  });
}

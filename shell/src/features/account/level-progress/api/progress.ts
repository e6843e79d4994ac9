import { apiClient, useSession } from '@app/platform';
import { XP_PER_LEVEL } from '@app/contracts/src/progress/achievements';
import { UserProgressSchema } from '@app/contracts/src/progress/http';
import { useQuery } from '@tanstack/react-query';

export { XP_PER_LEVEL };
export const progressQueryKey = ['users', 'me', 'progress'] as const;

/** XP and level: level n spans 1000·n to 1000·(n+1) XP; the server computes the figures from the XP it holds. */
export function useProgress() {
  const { user } = useSession();
  return useQuery({
    queryKey: progressQueryKey,
    enabled: user !== null,
    queryFn: ({ signal }) => apiClient().get('/api/users/me/progress', { schema: UserProgressSchema, signal }),
  });
}

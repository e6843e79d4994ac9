import { apiClient } from '@app/platform';
import { ClaimPointsResponseSchema, InstagramStatusSchema, REWARDS_RULES, RegisterInstagramResponseSchema } from '@app/contracts/src/rewards/http';
import { REWARDS_MESSAGES } from '@app/contracts/src/rewards/messages';
import { useQuery } from '@tanstack/react-query';

export { REWARDS_MESSAGES, REWARDS_RULES };
export const instagramStatusQueryKey = ['rewards', 'instagram-status'] as const;

export function useInstagramStatus(enabled = true) {
  return useQuery({
    queryKey: instagramStatusQueryKey,
    enabled,
    queryFn: ({ signal }) => apiClient().get('/api/users/instagram-status', { schema: InstagramStatusSchema, signal }),
  });
}

export function registerInstagram(instagramUsername: string) {
  return apiClient().post('/api/users/register-instagram', { instagram_username: instagramUsername }, { schema: RegisterInstagramResponseSchema });
}

export function claimInstagramPoints(idempotencyKey: string) {
  return apiClient().post('/api/users/claim-instagram-points', {}, { schema: ClaimPointsResponseSchema, headers: { 'Idempotency-Key': idempotencyKey } });
}

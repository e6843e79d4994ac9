import { apiClient, rewardKeys } from '@app/platform';
import { ClaimPointsResponseSchema, InstagramStatusSchema, REWARDS_MESSAGES, REWARDS_RULES, RegisterInstagramResponseSchema } from '@app/contracts/rewards';
import { useQuery } from '@tanstack/react-query';

export { REWARDS_MESSAGES, REWARDS_RULES };

export function useInstagramStatus(enabled = true) {
  return useQuery({
    queryKey: rewardKeys.instagram(),
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

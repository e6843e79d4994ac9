import { apiClient, rewardKeys } from '@app/platform';
import {
  REWARDS_MESSAGES,
  REWARDS_RULES,
  claimInstagramPointsRoute,
  getInstagramStatusRoute,
  registerInstagramRoute,
} from '@app/contracts/rewards';
import { useQuery } from '@tanstack/react-query';

export { REWARDS_MESSAGES, REWARDS_RULES };

export function useInstagramStatus(enabled = true) {
  return useQuery({
    queryKey: rewardKeys.instagram(),
    enabled,
    queryFn: ({ signal }) => apiClient().call(getInstagramStatusRoute, { signal }),
  });
}

export function registerInstagram(instagramUsername: string) {
  return apiClient().call(registerInstagramRoute, { body: { instagram_username: instagramUsername } });
}

export function claimInstagramPoints(idempotencyKey: string) {
  return apiClient().call(claimInstagramPointsRoute, { body: {}, headers: { 'Idempotency-Key': idempotencyKey } });
}

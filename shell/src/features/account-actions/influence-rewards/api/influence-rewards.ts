import { apiClient, rewardKeys } from '@app/platform';
import {
  REWARDS_MESSAGES,
  REWARDS_RULES,
  claimInfluencePointsRoute,
  getInfluenceRewardsStatusRoute,
  registerInfluenceRewardsRoute,
} from '@app/contracts/rewards';
import { useQuery } from '@tanstack/react-query';

export { REWARDS_MESSAGES, REWARDS_RULES };
export const INFLUENCE_PLATFORMS = ['instagram', 'tiktok', 'youtube', 'twitter'] as const;

export interface InfluenceRegistration {
  full_name: string;
  platform: (typeof INFLUENCE_PLATFORMS)[number];
  platform_username: string;
  phone_number: string;
  email: string;
  follower_count: number;
}

/**
 * Monthly points = floor(followers × 0.01), at most 10,000: 5,000 followers give 50, 10,000 give 100, 50,000 give 500.
 * Paid on the follower count an administrator verified; from the declared count this is only an estimate.
 */
export function monthlyInfluencePoints(followers: number): number {
  return Math.min(
    Math.floor(followers / REWARDS_RULES.influenceFollowersPerPoint),
    REWARDS_RULES.influenceMonthlyPointsMaximum,
  );
}

export function registerInfluenceRewards(input: InfluenceRegistration) {
  return apiClient().call(registerInfluenceRewardsRoute, { body: input });
}

export function claimInfluencePoints(idempotencyKey: string) {
  return apiClient().call(claimInfluencePointsRoute, { body: {}, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** This month's claim as the server has it: pending review, verified or rejected (with the administrator's reason). */
export function useInfluenceStatus(enabled: boolean) {
  return useQuery({
    queryKey: rewardKeys.influence(),
    enabled,
    queryFn: ({ signal }) => apiClient().call(getInfluenceRewardsStatusRoute, { signal }),
  });
}

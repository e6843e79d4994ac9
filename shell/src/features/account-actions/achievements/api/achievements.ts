import { apiClient, userKeys } from '@app/platform';
import {
  type Achievement,
  type AchievementDefinition,
  DEFAULT_ACHIEVEMENTS,
  claimAchievementRoute,
  getAchievementsRoute,
} from '@app/contracts/progress';
import { useQuery } from '@tanstack/react-query';

export type { Achievement, AchievementDefinition };

/**
 * The six default achievements of spec 1 §9, shown only when the server's list cannot be loaded. They carry no
 * progress (the screen says it is unknown) and cannot be claimed from there.
 */
export const BUILT_IN_ACHIEVEMENTS: readonly AchievementDefinition[] = DEFAULT_ACHIEVEMENTS;

export type AchievementState = 'locked' | 'claimable' | 'completed';

/** Locked below the criteria; claimable at or above it until claimed; completed once claimed (spec 1 §4). */
export function achievementState(
  achievement: Pick<Achievement, 'is_completed' | 'progress' | 'criteria_value'>,
): AchievementState {
  if (achievement.is_completed) return 'completed';
  return achievement.progress >= achievement.criteria_value ? 'claimable' : 'locked';
}

export type LoadedAchievements =
  { builtIn: false; achievements: Achievement[] } | { builtIn: true; achievements: readonly AchievementDefinition[] };

export function useAchievements(enabled = true) {
  return useQuery({
    queryKey: userKeys.achievements(),
    enabled,
    queryFn: async ({ signal }): Promise<LoadedAchievements> => {
      try {
        return { builtIn: false, achievements: await apiClient().call(getAchievementsRoute, { signal }) };
      } catch (error) {
        if (signal.aborted) throw error;
        // Spec 1 §8: an achievements failure falls back to the six built-in definitions (marked as such on screen).
        return { builtIn: true, achievements: BUILT_IN_ACHIEVEMENTS };
      }
    },
  });
}

export function claimAchievement(id: string, idempotencyKey: string) {
  return apiClient().call(claimAchievementRoute, { params: { id }, headers: { 'Idempotency-Key': idempotencyKey } });
}

import { apiClient } from '@app/platform';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { identifier } from '../../shared/amount';

export const ACHIEVEMENT_CATEGORIES = ['engagement', 'creation', 'earning', 'progression', 'currency', 'social'] as const;

const number = z.union([z.number(), z.string()]).transform(Number);
const achievementSchema = z
  .object({
    id: identifier,
    name: z.string(),
    description: z.string().optional().nullable().transform((value) => value ?? ''),
    icon: z.string().optional().nullable().transform((value) => value ?? '🏆'),
    category: z.string(),
    criteria_type: z.string().optional().nullable(),
    criteria_value: number,
    criteria_field: z.string().optional().nullable(),
    gold_reward: number,
    xp_reward: number,
    is_completed: z.boolean(),
    progress: number.optional().nullable().transform((value) => value ?? 0),
  })
  .loose();
export type Achievement = z.output<typeof achievementSchema>;

/** What an achievement is, without anyone's progress. */
export interface AchievementDefinition {
  id: string;
  name: string;
  description: string;
  icon: string;
  category: string;
  criteria_type?: string | null;
  criteria_value: number;
  criteria_field?: string | null;
  gold_reward: number;
  xp_reward: number;
}
const achievementsSchema = z.union([z.array(achievementSchema), z.object({ achievements: z.array(achievementSchema) }).loose().transform((body) => body.achievements)]);

export const claimResultSchema = z.object({ gold_reward: number, xp_reward: number }).loose();

/**
 * The six default achievements of spec 1 §9, shown only when the server's list cannot be loaded. They carry no
 * progress (the screen says it is unknown) and cannot be claimed from here.
 */
export const BUILT_IN_ACHIEVEMENTS: readonly AchievementDefinition[] = [
  { id: 'first-steps', name: 'First Steps', description: 'Complete your first action on the platform.', icon: '👣', category: 'engagement', criteria_type: 'count', criteria_value: 1, criteria_field: 'actions', gold_reward: 5, xp_reward: 100 },
  { id: 'content-creator', name: 'Content Creator', description: 'Share your first piece of content.', icon: '🎨', category: 'creation', criteria_type: 'count', criteria_value: 1, criteria_field: 'content', gold_reward: 10, xp_reward: 200 },
  { id: 'social-butterfly', name: 'Social Butterfly', description: 'Reach 100 followers.', icon: '🦋', category: 'social', criteria_type: 'threshold', criteria_value: 100, criteria_field: 'follower_count', gold_reward: 25, xp_reward: 500 },
  { id: 'level-up', name: 'Level Up', description: 'Reach level 5.', icon: '📈', category: 'progression', criteria_type: 'threshold', criteria_value: 5, criteria_field: 'level', gold_reward: 15, xp_reward: 300 },
  { id: 'big-spender', name: 'Big Spender', description: 'Reach 1,000 points.', icon: '💰', category: 'currency', criteria_type: 'threshold', criteria_value: 1000, criteria_field: 'points', gold_reward: 20, xp_reward: 400 },
  { id: 'master-creator', name: 'Master Creator', description: 'Share 5 pieces of content.', icon: '👑', category: 'creation', criteria_type: 'count', criteria_value: 5, criteria_field: 'content', gold_reward: 50, xp_reward: 1000 },
];

export type AchievementState = 'locked' | 'claimable' | 'completed';

export function achievementState(achievement: Pick<Achievement, 'is_completed' | 'progress' | 'criteria_value'>): AchievementState {
  if (achievement.is_completed) return 'completed';
  return achievement.progress >= achievement.criteria_value ? 'claimable' : 'locked';
}

export type LoadedAchievements = { builtIn: false; achievements: Achievement[] } | { builtIn: true; achievements: typeof BUILT_IN_ACHIEVEMENTS };

export const achievementsQueryKey = ['users', 'achievements'] as const;

export function useAchievements(enabled = true) {
  return useQuery({
    queryKey: achievementsQueryKey,
    enabled,
    queryFn: async ({ signal }): Promise<LoadedAchievements> => {
      try {
        return { builtIn: false, achievements: await apiClient().get('/api/users/achievements', { schema: achievementsSchema, signal }) };
      } catch (error) {
        if (signal.aborted) throw error;
        // Spec 1 §8: an achievements failure falls back to the six built-in definitions (marked as such on screen).
        return { builtIn: true, achievements: BUILT_IN_ACHIEVEMENTS };
      }
    },
  });
}

export function claimAchievement(id: string, idempotencyKey: string) {
  return apiClient().post(`/api/users/achievements/${encodeURIComponent(id)}/claim`, {}, { schema: claimResultSchema, headers: { 'Idempotency-Key': idempotencyKey } });
}

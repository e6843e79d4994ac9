import { z } from 'zod';
import { ACHIEVEMENT_CATEGORIES, ACHIEVEMENT_CRITERIA } from './achievements';

export const UserProgressSchema = z
  .object({
    xp_points: z.number().int(),
    level: z.number().int(),
    /** XP where the current level starts (1000·level) and the next begins (1000·(level+1)). */
    level_start_xp: z.number().int(),
    next_level_xp: z.number().int(),
    xp_to_next_level: z.number().int(),
    /** 0–100, share of the current level done. */
    level_progress_percent: z.number(),
  })
  .meta({ id: 'UserProgress' });
export type UserProgress = z.infer<typeof UserProgressSchema>;

export const AchievementSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    icon: z.string(),
    category: z.enum(ACHIEVEMENT_CATEGORIES),
    criteria_type: z.enum(ACHIEVEMENT_CRITERIA),
    criteria_value: z.number(),
    criteria_field: z.string(),
    gold_reward: z.number(),
    xp_reward: z.number(),
    progress: z.number(),
    /** Claimed. */
    is_completed: z.boolean(),
    /** progress ≥ criteria_value and not yet claimed. */
    is_claimable: z.boolean(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'Achievement' });
export type Achievement = z.infer<typeof AchievementSchema>;
export const AchievementsResponseSchema = z.array(AchievementSchema);
/** `userId`: another user's EARNED achievements only (their badges, on the public profile); progress stays private. */
export const AchievementsQuerySchema = z.object({ userId: z.string().max(100).optional() });

export const AchievementParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const ClaimAchievementResponseSchema = z.object({
  success: z.literal(true),
  achievement_id: z.string(),
  gold_reward: z.number(),
  xp_reward: z.number(),
  /** XP actually added (xp_reward × the XP boost multiplier). */
  xp_gained: z.number(),
  xp_points: z.number(),
  level: z.number(),
  transaction_id: z.string(),
  message: z.string(),
});
export type ClaimAchievementResponse = z.infer<typeof ClaimAchievementResponseSchema>;

export const PROGRESS_MESSAGES = {
  achievementNotFound: 'Achievement not found',
  achievementNotMet: 'Achievement requirements not met yet',
  achievementAlreadyClaimed: 'Achievement already claimed',
} as const;

import { z } from 'zod';

/** Progress event payloads. Stream `progress-account-<userId>`: XP awarded and achievements claimed. */
export const ExperienceAwardedSchema = z.object({
  userId: z.string(),
  baseAmount: z.number().int().min(0),
  /** 3 during a 7-Day XP Boost, else 1. */
  multiplier: z.number().int().min(1),
  amount: z.number().int().min(0),
  source: z.string(),
  /** Unique per source: the same source id never awards twice. */
  sourceId: z.string(),
  awardedAt: z.string(),
});
export const AchievementClaimedSchema = z.object({
  userId: z.string(),
  achievementId: z.string(),
  goldReward: z.number().int().min(0),
  xpReward: z.number().int().min(0),
  transactionId: z.string(),
  claimedAt: z.string(),
});

export const PROGRESS_EVENT_SCHEMAS = {
  ExperienceAwarded: ExperienceAwardedSchema,
  AchievementClaimed: AchievementClaimedSchema,
} as const;
export type ProgressEventType = keyof typeof PROGRESS_EVENT_SCHEMAS;
export type ProgressEvent = {
  [Type in ProgressEventType]: { type: Type; data: z.infer<(typeof PROGRESS_EVENT_SCHEMAS)[Type]> };
}[ProgressEventType];
export const PROGRESS_STREAM_PREFIX = 'progress-account-';

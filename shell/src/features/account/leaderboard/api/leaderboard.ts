import { apiClient } from '@app/platform';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { identifier } from '../../shared/amount';

export type LeaderboardPeriod = 'daily' | 'weekly' | 'monthly';
export const LEADERBOARD_PERIODS: { value: LeaderboardPeriod; label: string }[] = [
  { value: 'daily', label: 'Today' },
  { value: 'weekly', label: 'This Week' },
  { value: 'monthly', label: 'This Month' },
];

/** Composite score weights (spec 1 §9). */
export const SCORE_WEIGHTS = { points: 0.25, gems: 0.4, keys: 0.15, gold: 0.2 } as const;

const figure = z.union([z.number(), z.string()]).optional().nullable().transform((value) => Number(value ?? 0));
const entrySchema = z
  .object({
    id: identifier.optional(),
    user_id: identifier.optional(),
    display_name: z.string().optional().nullable(),
    username: z.string().optional().nullable(),
    avatar_url: z.string().optional().nullable(),
    points_earned: figure,
    gems_earned: figure,
    keys_used: figure,
    gold_collected: figure,
    composite_score: z.union([z.number(), z.string()]).optional().nullable(),
    rank: z.number().optional().nullable(),
  })
  .loose()
  .transform((entry) => ({
    ...entry,
    key: entry.id ?? entry.user_id ?? entry.username ?? '',
    composite_score: entry.composite_score === undefined || entry.composite_score === null ? compositeScore(entry) : Number(entry.composite_score),
  }));
export type LeaderboardEntry = z.output<typeof entrySchema>;
const leaderboardSchema = z.union([
  z.array(entrySchema),
  z.object({ entries: z.array(entrySchema) }).loose().transform((body) => body.entries),
  z.object({ leaderboard: z.array(entrySchema) }).loose().transform((body) => body.leaderboard),
]);

export function compositeScore(entry: { points_earned: number; gems_earned: number; keys_used: number; gold_collected: number }): number {
  return (
    entry.points_earned * SCORE_WEIGHTS.points + entry.gems_earned * SCORE_WEIGHTS.gems + entry.keys_used * SCORE_WEIGHTS.keys + entry.gold_collected * SCORE_WEIGHTS.gold
  );
}

/** Shown to 1 decimal (spec 1 §9). */
export function formatScore(score: number): string {
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(score);
}

export function leaderboardTotals(entries: readonly LeaderboardEntry[]) {
  return entries.reduce(
    (totals, entry) => ({
      participants: totals.participants + 1,
      points: totals.points + entry.points_earned,
      gems: totals.gems + entry.gems_earned,
      keys: totals.keys + entry.keys_used,
      gold: totals.gold + entry.gold_collected,
    }),
    { participants: 0, points: 0, gems: 0, keys: 0, gold: 0 },
  );
}

export function useLeaderboard(period: LeaderboardPeriod) {
  return useQuery({
    queryKey: ['leaderboard', period],
    // Spec 1 §7-§8: a failed leaderboard load is silent; it reads as an empty board.
    queryFn: ({ signal }) => apiClient().get(`/api/leaderboard/${period}`, { schema: leaderboardSchema, signal }).catch((error: unknown) => {
      if (signal.aborted) throw error;
      return [] as LeaderboardEntry[];
    }),
  });
}

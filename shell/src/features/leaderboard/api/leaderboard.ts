import { apiClient, leaderboardKeys } from '@app/platform';
import {
  COMPOSITE_WEIGHTS,
  type LeaderboardEntry,
  type LeaderboardPeriod,
  getLeaderboardRoute,
} from '@app/contracts/leaderboard';
import { useQuery } from '@tanstack/react-query';

export type { LeaderboardEntry, LeaderboardPeriod };
export const LEADERBOARD_PERIODS: { value: LeaderboardPeriod; label: string }[] = [
  { value: 'daily', label: 'Today' },
  { value: 'weekly', label: 'This Week' },
  { value: 'monthly', label: 'This Month' },
];

/** Composite score weights (spec 1 §9), as the API computes `composite_score` with them. */
export const SCORE_WEIGHTS = COMPOSITE_WEIGHTS;

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
    queryKey: leaderboardKeys.period(period),
    // Spec 1 §7-§8: a failed leaderboard load is silent; it reads as an empty board.
    queryFn: ({ signal }) =>
      apiClient()
        .call(getLeaderboardRoute, { params: { period }, signal })
        .catch((error: unknown) => {
          if (signal.aborted) throw error;
          return [] as LeaderboardEntry[];
        }),
  });
}

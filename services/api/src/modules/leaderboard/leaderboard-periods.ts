import type { LeaderboardPeriod } from '@app/contracts/leaderboard';

/** The key of the period holding an instant: `YYYY-MM-DD` (day), the Monday `YYYY-MM-DD` (ISO week), `YYYY-MM`. */
export function periodKey(period: LeaderboardPeriod, isoTimestamp: string): string {
  const instant = new Date(isoTimestamp);
  if (period === 'daily') return instant.toISOString().slice(0, 10);
  if (period === 'monthly') return instant.toISOString().slice(0, 7);
  const daysSinceMonday = (instant.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate() - daysSinceMonday))
    .toISOString()
    .slice(0, 10);
}

import type { LeaderboardPeriod } from '@app/contracts/leaderboard';

/** `toISOString`'s shape (UTC, milliseconds): its first ten characters are the UTC day. */
const CANONICAL_UTC_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** The Monday of each UTC day seen, by day: the projection asks for it three times per event of a batch. */
const mondayOfDay = new Map<string, string>();

/** The key of the period holding an instant: `YYYY-MM-DD` (day), the Monday `YYYY-MM-DD` (ISO week), `YYYY-MM`. */
export function periodKey(period: LeaderboardPeriod, isoTimestamp: string): string {
  // Events carry `toISOString` instants: their day and month are read off the text, with no Date parsed per event
  // (the leaderboard projection's largest self time per like). Any other form goes through Date.
  const day = CANONICAL_UTC_INSTANT.test(isoTimestamp)
    ? isoTimestamp.slice(0, 10)
    : new Date(isoTimestamp).toISOString().slice(0, 10);
  if (period === 'daily') return day;
  if (period === 'monthly') return day.slice(0, 7);
  let monday = mondayOfDay.get(day);
  if (monday === undefined) {
    const instant = new Date(`${day}T00:00:00.000Z`);
    const daysSinceMonday = (instant.getUTCDay() + 6) % 7;
    monday = new Date(instant.getTime() - daysSinceMonday * 86_400_000).toISOString().slice(0, 10);
    if (mondayOfDay.size >= 1_000) mondayOfDay.clear();
    mondayOfDay.set(day, monday);
  }
  return monday;
}

/** UTC calendar helpers: days and months are the periods the rules speak of ("today", "once a month"). */
export const utcDayOf = (isoTimestamp: string): string => new Date(isoTimestamp).toISOString().slice(0, 10);
export const utcMonthOf = (isoTimestamp: string): string => new Date(isoTimestamp).toISOString().slice(0, 7);

/** The last instant of the UTC day holding `isoTimestamp`. */
export function endOfUtcDay(isoTimestamp: string): string {
  const day = utcDayOf(isoTimestamp);
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000 - 1).toISOString();
}

import type pg from 'pg';
import type { ReadYourWrites } from '../../../platform/projections/read-your-writes';
import type { ProgressCounters } from '../domain/progress-account';
import { countersOf, progressCountersProjection } from '../projections/progress-counters.projection';

/**
 * The caller's counters (points spent, followers, content), a projection of many streams, read after it has passed
 * the newest event as of this request, so an achievement reached by the caller's own last action is claimable at
 * once. Counters only grow with recorded facts: a read that trails later events can refuse too early, never pay twice
 * (the claim itself is decided on the caller's progress stream).
 */
export async function currentCounters(
  readYourWrites: ReadYourWrites,
  pool: Pick<pg.Pool, 'query'>,
  userId: string,
  maxWaitMilliseconds?: number,
): Promise<ProgressCounters> {
  await readYourWrites.awaitProjections([progressCountersProjection.name], maxWaitMilliseconds);
  return countersOf(pool, userId);
}

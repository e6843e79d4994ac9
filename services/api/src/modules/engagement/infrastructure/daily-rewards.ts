import {
  preparedQuery,
  WrongExpectedVersionError,
  type AppendAlongside,
  type TransactionHandle,
} from '@app/event-store';
import { rowsDocument, rowsTable } from '../../../platform/database/upsert-rows';
import type { DailyState } from '../domain/state';

/** The rows a write carries: a stored day's values before and after (checked, then set), or a new day's values. */
const DAY_CHANGE_COLUMNS = {
  user_id: 'text',
  day: 'text',
  points_before: 'bigint',
  moves_before: 'integer',
  points_after: 'bigint',
  moves_after: 'integer',
} as const;
const NEW_DAY_COLUMNS = { user_id: 'text', day: 'text', points_minor: 'bigint', external_moves: 'integer' } as const;

/**
 * The users' UTC days (`engagement_daily_rewards`): an inline row per user and day that quick actions and external
 * moves decide their caps on and write in the same transaction as their events. Written like a stream is appended:
 * a row is changed only from the values it was read with, so a writer in another process that got there first makes
 * this one fail with WrongExpectedVersionError, and the runner reruns the unit on fresh values. In one process the
 * lock key (`dailyRewardsLockKey`) already keeps writers of one day apart.
 */
export interface StoredDay {
  userId: string;
  day: string;
  state: DailyState;
  /** False when no row existed: the write inserts it (and fails if another writer inserted it first). */
  stored: boolean;
}

export const dailyRewardsLockKey = (userId: string, day: string) => `engagement-daily-${userId}-${day}`;
export const dailyRewardsKey = (userId: string, day: string) => `${userId} ${day}`;

/** The days of these users, in one statement; a day without a row is zero. Keyed by `dailyRewardsKey`. */
export async function readDailyRewards(
  transaction: TransactionHandle,
  keys: ReadonlyArray<{ userId: string; day: string }>,
): Promise<Map<string, StoredDay>> {
  const unique = [...new Map(keys.map((key) => [dailyRewardsKey(key.userId, key.day), key])).values()];
  const { rows } = await preparedQuery<{
    user_id: string;
    day: string;
    points_minor: string;
    external_moves: number;
  }>(
    transaction,
    `SELECT d.user_id, d.day, d.points_minor::text AS points_minor, d.external_moves
       FROM engagement_daily_rewards d JOIN ${rowsTable(1, { user_id: 'text', day: 'text' })} AS k
         ON d.user_id = k.user_id AND d.day = k.day`,
    [rowsDocument(unique.map((key) => [key.userId, key.day]))],
  );
  const days = new Map<string, StoredDay>(
    unique.map(({ userId, day }) => [
      dailyRewardsKey(userId, day),
      { userId, day, state: { pointsMinor: 0n, externalMoves: 0 }, stored: false },
    ]),
  );
  for (const row of rows) {
    days.set(dailyRewardsKey(row.user_id, row.day), {
      userId: row.user_id,
      day: row.day,
      state: { pointsMinor: BigInt(row.points_minor), externalMoves: Number(row.external_moves) },
      stored: true,
    });
  }
  return days;
}

/** A day as read and as the unit leaves it; written only when it changed. */
export interface DayChange {
  read: StoredDay;
  after: DailyState;
}

/**
 * Writes each changed day from the values it was read with: rows read are updated only while they still hold those
 * values, days without a row are inserted only if still absent. Anything less than every day written means another
 * process wrote one first: DailyRewardsConflictError (the unit reruns; nothing is kept).
 */
export async function saveDailyRewards(transaction: TransactionHandle, changes: readonly DayChange[]): Promise<void> {
  for (const write of dailyRewardsAlongside(changes)) {
    const { rows } = await transaction.query(write.statement, [...write.params]);
    if (rows.length !== write.expectedRows)
      throw new DailyRewardsConflictError(changes.map(({ read }) => dailyRewardsLockKey(read.userId, read.day)));
  }
}

/**
 * The changed days as writes beside a group's append (`AppendAlongside`, in the append's own statement): a
 * compare-and-set of the rows read, and an insert of the days that had none, each expecting every one of its rows
 * (else AppendAlongsideConflictError, a version conflict: the unit reruns). None when no day changed.
 */
export function dailyRewardsAlongside(
  changes: readonly DayChange[],
): Array<AppendAlongside & { expectedRows: number }> {
  const changed = changes.filter(
    ({ read, after }) =>
      read.state.pointsMinor !== after.pointsMinor || read.state.externalMoves !== after.externalMoves,
  );
  const stored = changed.filter(({ read }) => read.stored);
  const fresh = changed.filter(({ read }) => !read.stored);
  const writes: Array<AppendAlongside & { expectedRows: number }> = [];
  if (stored.length > 0) {
    writes.push({
      statement: `UPDATE engagement_daily_rewards d SET points_minor = i.points_after, external_moves = i.moves_after
         FROM ${rowsTable(1, DAY_CHANGE_COLUMNS)} AS i
        WHERE d.user_id = i.user_id AND d.day = i.day AND d.points_minor = i.points_before
          AND d.external_moves = i.moves_before
       RETURNING 1`,
      params: [
        rowsDocument(
          stored.map(({ read, after }) => [
            read.userId,
            read.day,
            read.state.pointsMinor.toString(),
            read.state.externalMoves,
            after.pointsMinor.toString(),
            after.externalMoves,
          ]),
        ),
      ],
      expectedRows: stored.length,
    });
  }
  if (fresh.length > 0) {
    writes.push({
      statement: `INSERT INTO engagement_daily_rewards (user_id, day, points_minor, external_moves)
       SELECT * FROM ${rowsTable(1, NEW_DAY_COLUMNS)} AS incoming
       ON CONFLICT (user_id, day) DO NOTHING
       RETURNING 1`,
      params: [
        rowsDocument(
          fresh.map(({ read, after }) => [read.userId, read.day, after.pointsMinor.toString(), after.externalMoves]),
        ),
      ],
      expectedRows: fresh.length,
    });
  }
  return writes;
}

/** Another process wrote one of these days first: a version conflict, for a row (the runner reruns the unit). */
export class DailyRewardsConflictError extends WrongExpectedVersionError {
  constructor(readonly days: string[]) {
    super(days[0]!, 'any', -1n);
    this.message =
      `A user day changed under this write ` +
      `(one of ${days.length}: ${days.slice(0, 3).join(', ')}${days.length > 3 ? ', …' : ''})`;
    this.name = 'DailyRewardsConflictError';
  }
}

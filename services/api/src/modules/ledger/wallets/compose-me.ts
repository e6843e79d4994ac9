import { QueryBus, QueryHandlerNotFoundException, type Query } from '@nestjs/cqrs';
import { minorToApiNumber, type UserMeExtras } from '@app/contracts/ledger';
import { notFound } from '../../../platform/http/api-error';
import { GetUserQuery } from '../../identity';
import { GetUserProgressQuery } from '../../progress';
import { GetMasterKeyStatusQuery, GetVerifiedFollowerCountQuery } from '../../rewards';
import { streakOn } from '../domain/activity';
import { utcDayOf } from '../domain/events';
import type { LedgerExecutor } from '../infrastructure/ledger-executor';
import { toUserBalances } from './get-user-balances.query';

/**
 * `GET /api/users/me` and its alias: identity's user composed with the ledger's balances, streak and USD earned (the
 * user's stream), rewards' Master Key activation and verified followers, and progress's level and XP.
 */
export async function composeMe(queryBus: QueryBus, ledger: LedgerExecutor, userId: string) {
  const user = await queryBus.execute(new GetUserQuery(userId));
  if (!user) throw notFound('USER_NOT_FOUND', 'User not found');
  const { state } = await ledger.load(userId);
  const now = new Date().toISOString();
  const [progress, masterKey, followers] = await Promise.all([
    progressOf(queryBus, userId),
    ask(queryBus, new GetMasterKeyStatusQuery(userId, now), null),
    ask(queryBus, new GetVerifiedFollowerCountQuery(userId), 0),
  ]);
  const extras: UserMeExtras = {
    points_streak_days: streakOn(state.activity, utcDayOf(now)),
    total_earnings_usd: minorToApiNumber(state.activity.earnedUsdMinor, 'usd'),
    master_key_activated_at: masterKey?.last_activated_at ?? null,
    follower_count: followers,
    ...progress,
  };
  return { ...user, ...toUserBalances(state), ...extras };
}

/** A query of a context this application may not run: its answer, or `fallback` without a handler. */
async function ask<Result, Fallback>(queryBus: QueryBus, query: Query<Result>, fallback: Fallback): Promise<Result | Fallback> {
  try {
    return await queryBus.execute(query);
  } catch (error) {
    if (error instanceof QueryHandlerNotFoundException) return fallback;
    throw error;
  }
}

/** Level and XP from the progress context when it runs in this application. */
async function progressOf(queryBus: QueryBus, userId: string): Promise<{ level?: number; xp_points?: number }> {
  try {
    const progress = await queryBus.execute(new GetUserProgressQuery(userId));
    return { level: progress.level, xp_points: progress.xp_points };
  } catch (error) {
    if (error instanceof QueryHandlerNotFoundException) return {};
    throw error;
  }
}

import { QueryBus, QueryHandlerNotFoundException } from '@nestjs/cqrs';
import { minorToApiNumber, type UserMeExtras } from '@app/contracts/ledger';
import type { AnyQuery } from '../../platform/cqrs/typed-buses';
import { notFound } from '../../platform/http/api-error';
import { GetBrandProfileQuery } from '../../modules/advertisers';
import { GetStakedGemsQuery } from '../../modules/growth';
import { GetUserQuery } from '../../modules/identity';
import { GetUserLedgerSummaryQuery } from '../../modules/ledger';
import { GetUserProgressQuery } from '../../modules/progress';
import { GetVerifiedFollowerCountQuery } from '@app/contracts/rewards';
import { GetMasterKeyStatusQuery } from '../../modules/rewards';

/**
 * `GET /api/users/me` and its alias: identity's user composed with the ledger's balances, streak, last active day and
 * USD earned (the user's stream), rewards' Master Key activation and verified followers, growth's staked gems
 * (PromoGems), the advertiser's brand profile and progress's level and XP. Every part is read from a stream or an
 * inline row, so a user sees their own change at once. It sits above the modules that feed it, so none of them
 * depends on the others for it.
 */
export async function composeMe(queryBus: QueryBus, userId: string) {
  const user = await queryBus.execute(new GetUserQuery(userId));
  if (!user) throw notFound('USER_NOT_FOUND', 'User not found');
  const now = new Date().toISOString();
  const [ledger, progress, masterKey, followers, stakedGemsMinor, brand] = await Promise.all([
    queryBus.execute(new GetUserLedgerSummaryQuery(userId, now)),
    progressOf(queryBus, userId),
    ask(queryBus, new GetMasterKeyStatusQuery(userId, now), null),
    ask(queryBus, new GetVerifiedFollowerCountQuery(userId), 0),
    ask(queryBus, new GetStakedGemsQuery(userId), 0n),
    ask(queryBus, new GetBrandProfileQuery(userId), null),
  ]);
  const extras: UserMeExtras = {
    points_streak_days: ledger.points_streak_days,
    total_earnings_usd: ledger.total_earnings_usd,
    master_key_activated_at: masterKey?.last_activated_at ?? null,
    follower_count: followers,
    // Not known: the app has no follow action between users (specs 2 and 3 show none), and the administrator verifies
    // an Instagram account's followers, not whom it follows. null says so; a 0 would claim a count nobody took.
    following_count: null,
    promogem_balance: minorToApiNumber(stakedGemsMinor, 'gems'),
    last_activity_date: ledger.last_activity_date,
    brand_name: brand?.brand_name ?? null,
    brand_description: brand?.brand_description ?? null,
    brand_website: brand?.brand_website ?? null,
    brand_email: brand?.brand_email ?? null,
    brand_phone: brand?.brand_phone ?? null,
    brand_logo_url: brand?.brand_logo_url ?? null,
    ...progress,
  };
  return { ...user, ...ledger.balances, ...extras };
}

/** A query of a context this application may not run: its answer, or `fallback` without a handler. */
async function ask<Result, Fallback>(
  queryBus: QueryBus,
  query: AnyQuery<Result>,
  fallback: Fallback,
): Promise<Result | Fallback> {
  try {
    return await queryBus.execute(query);
  } catch (error) {
    if (error instanceof QueryHandlerNotFoundException) return fallback;
    throw error;
  }
}

/** Level and XP from the progress context when it runs in this application. */
async function progressOf(queryBus: QueryBus, userId: string): Promise<{ level?: number; xp_points?: number }> {
  const progress = await ask(queryBus, new GetUserProgressQuery(userId), null);
  return progress ? { level: progress.level, xp_points: progress.xp_points } : {};
}

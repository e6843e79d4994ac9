import { Body, Controller, Inject, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type pg from 'pg';
import {
  claimInfluencePointsRoute,
  listInfluenceVerificationsRoute,
  registerInfluenceRewardsRoute,
  rejectInfluenceRoute,
  verifyInfluenceRoute,
  type ClaimPointsResponse,
  type InfluenceVerification,
  type InfluenceRewardsStatus,
  type RegisterInfluenceRewardsRequest,
  type RegisterInfluenceRewardsResponse,
  type RejectInfluenceRequest,
  type VerifyInfluenceRequest,
  getInfluenceRewardsStatusRoute,
} from '@app/contracts/rewards';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { AdminOnly } from '../../../platform/http/public.decorator';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { getExistingUser } from '../../identity';
import { newTransactionId } from '../../ledger';
import { utcMonthOf } from '../domain/calendar';
import { influenceMonthlyPointsMinor, type RewardsAccountState } from '../domain/rewards-account';
import { monthlyPointsClaim } from '../infrastructure/monthly-points-claim';
import { pointsFromMinor } from '../domain/points-grant';
import { RewardsAccounts } from '../infrastructure/rewards-accounts';
import { RewardsCommands } from '../infrastructure/rewards-commands';
import { Route } from '../../../platform/http/route.decorator';

/**
 * This month's influence programme as the screens show it. Until an administrator verifies the count,
 * `points_calculated` is an estimate from the declared count and nothing can be claimed.
 */
export function influenceStatusOf(state: RewardsAccountState, now: string): InfluenceRewardsStatus {
  const month = utcMonthOf(now);
  const registered = state.influence?.month === month ? state.influence : null;
  const verification = registered?.verification ?? null;
  const claimed = state.influenceClaimedMonths.has(month);
  const pointsMinor = verification
    ? verification.monthlyPointsMinor
    : registered
      ? influenceMonthlyPointsMinor(registered.followerCount)
      : 0n;
  return {
    is_registered_this_month: registered !== null,
    platform_username: state.influence?.platformUsername ?? null,
    follower_count: state.influence?.followerCount ?? null,
    points_calculated: pointsFromMinor(pointsMinor),
    current_month: month,
    is_verified: verification !== null,
    verification_status: !registered
      ? 'not_registered'
      : verification
        ? 'verified'
        : registered.rejection
          ? 'rejected'
          : 'pending_verification',
    verified_follower_count: verification?.verifiedFollowerCount ?? null,
    verified_at: verification?.verifiedAt ?? null,
    rejection_reason: registered?.rejection?.reason ?? null,
    claimed_this_month: claimed,
    can_claim: verification !== null && !claimed,
  };
}

/**
 * Influence rewards (spec 2 §4): each month the user registers the account and its follower count (500 to
 * 100,000,000): a claim. An administrator checks the account on the platform and records the count seen
 * (`POST /api/admin/users/:userId/verify-influence`, like Instagram's verification); the user then claims
 * floor(verified followers × 0.01) points, at most 10,000, once in that month. No rollover: an unclaimed month is lost.
 */
@Controller()
export class VerifyInfluenceController {
  constructor(
    private readonly rewards: RewardsCommands,
    private readonly accounts: RewardsAccounts,
    private readonly queryBus: QueryBus,
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
  ) {}

  /** The administrators' work list: this month's claims to verify (from a projection, so it may trail by a poll). */
  @Route(listInfluenceVerificationsRoute)
  @AdminOnly()
  async pending(
    @Query(new ZodValidationPipe(listInfluenceVerificationsRoute.query))
    query: {
      status: 'pending' | 'verified' | 'rejected' | 'all';
      limit: number;
    },
  ): Promise<InfluenceVerification[]> {
    const filters = {
      pending: 'AND verified_at IS NULL AND rejected_at IS NULL',
      verified: 'AND verified_at IS NOT NULL',
      rejected: 'AND rejected_at IS NOT NULL',
      all: '',
    } as const;
    const rows = await this.pool.query<{
      user_id: string;
      month: string;
      platform: string;
      platform_username: string;
      follower_count: string;
      registered_at: Date;
      verified_follower_count: string | null;
      verified_by: string | null;
      verified_at: Date | null;
      rejected_at: Date | null;
      rejection_reason: string | null;
    }>(
      `SELECT user_id, month, platform, platform_username, follower_count::text, registered_at,
       verified_follower_count::text, verified_by, verified_at,
              rejected_at, rejection_reason
         FROM rewards_influence_registrations WHERE month = $1 ${filters[query.status]} ORDER BY registered_at, user_id
           LIMIT $2`,
      [utcMonthOf(new Date().toISOString()), query.limit],
    );
    return rows.rows.map((row) => ({
      user_id: row.user_id,
      month: row.month,
      platform: row.platform,
      platform_username: row.platform_username,
      follower_count: Number(row.follower_count),
      registered_at: new Date(row.registered_at).toISOString(),
      verified_follower_count: row.verified_follower_count === null ? null : Number(row.verified_follower_count),
      verified_by: row.verified_by,
      verified_at: row.verified_at ? new Date(row.verified_at).toISOString() : null,
      rejected_at: row.rejected_at ? new Date(row.rejected_at).toISOString() : null,
      rejection_reason: row.rejection_reason,
    }));
  }

  @Route(getInfluenceRewardsStatusRoute)
  async status(@CurrentUser() caller: AuthenticatedUser): Promise<InfluenceRewardsStatus> {
    const { state } = await this.accounts.load(caller.userId);
    return influenceStatusOf(state, new Date().toISOString());
  }

  @Route(registerInfluenceRewardsRoute)
  async register(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(registerInfluenceRewardsRoute.body)) body: RegisterInfluenceRewardsRequest,
  ): Promise<RegisterInfluenceRewardsResponse> {
    const now = new Date().toISOString();
    const answer = await this.rewards.run<RegisterInfluenceRewardsResponse>({
      userId: caller.userId,
      command: {
        type: 'RegisterInfluenceRewards',
        data: {
          fullName: body.full_name,
          platform: body.platform,
          platformUsername: body.platform_username,
          phoneNumber: body.phone_number,
          email: body.email,
          followerCount: body.follower_count,
          now,
        },
      },
      respond: ({ state }) => {
        const status = influenceStatusOf(state, now);
        return {
          success: true as const,
          platform_username: status.platform_username!,
          follower_count: status.follower_count!,
          points_calculated: status.points_calculated,
          current_month: status.current_month,
          is_verified: status.is_verified,
          verification_status: status.verification_status,
          message: status.is_verified
            ? `Verified: ${status.points_calculated} points to claim this month`
            : 'Registered: your follower count awaits verification. ' +
              `About ${status.points_calculated} points once verified.`,
        };
      },
    });
    return answer;
  }

  /** An administrator records the follower count seen on the platform; only then can the month be claimed. */
  @Route(verifyInfluenceRoute)
  @AdminOnly()
  async verify(
    @IdempotencyKey(verifyInfluenceRoute) idempotency: IdempotentRequest,
    @CurrentUser() admin: AuthenticatedUser,
    @Param(new ZodValidationPipe(verifyInfluenceRoute.params)) params: { userId: string },
    @Body(new ZodValidationPipe(verifyInfluenceRoute.body)) body: VerifyInfluenceRequest,
  ): Promise<InfluenceRewardsStatus> {
    await getExistingUser(this.queryBus, params.userId); // 404 for an unknown user before anything is recorded
    const now = new Date().toISOString();
    return this.rewards.run({
      idempotency,
      userId: params.userId,
      command: {
        type: 'VerifyInfluenceFollowers',
        data: {
          verifiedFollowerCount: body.verified_follower_count,
          expectedPlatformUsername: body.platform_username,
          verifiedBy: `admin:${admin.userId}`,
          reason: body.reason || undefined,
          now,
        },
      },
      respond: ({ state }) => influenceStatusOf(state, now),
    });
  }

  /** An administrator could not confirm the claim: it pays nothing, the user is told why and may register again. */
  @Route(rejectInfluenceRoute)
  @AdminOnly()
  async reject(
    @IdempotencyKey(rejectInfluenceRoute) idempotency: IdempotentRequest,
    @CurrentUser() admin: AuthenticatedUser,
    @Param(new ZodValidationPipe(rejectInfluenceRoute.params)) params: { userId: string },
    @Body(new ZodValidationPipe(rejectInfluenceRoute.body)) body: RejectInfluenceRequest,
  ): Promise<InfluenceRewardsStatus> {
    await getExistingUser(this.queryBus, params.userId);
    const now = new Date().toISOString();
    return this.rewards.run({
      idempotency,
      userId: params.userId,
      command: {
        type: 'RejectInfluence',
        data: {
          expectedPlatformUsername: body.platform_username,
          reason: body.reason,
          rejectedBy: `admin:${admin.userId}`,
          now,
        },
      },
      respond: ({ state }) => influenceStatusOf(state, now),
    });
  }

  @Route(claimInfluencePointsRoute)
  async claim(
    @IdempotencyKey(claimInfluencePointsRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(claimInfluencePointsRoute.body)) _body: unknown,
  ): Promise<ClaimPointsResponse> {
    const now = new Date().toISOString();
    const transactionId = newTransactionId();
    return this.rewards.run<ClaimPointsResponse>({
      idempotency,
      userId: caller.userId,
      command: { type: 'ClaimInfluencePoints', data: { transactionId, now } },
      ...monthlyPointsClaim({
        claimedEvent: 'InfluencePointsClaimed',
        message: (points) => `You received ${points} influence points for this month`,
        transactionId,
      }),
    });
  }
}

import { Body, Controller, Inject, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type pg from 'pg';
import {
  REWARDS_RULES,
  claimInstagramPointsRoute,
  listInstagramVerificationsRoute,
  registerInstagramRoute,
  rejectInstagramRoute,
  verifyInstagramRoute,
  type ClaimPointsResponse,
  type InstagramStatus,
  type InstagramVerification,
  type RegisterInstagramRequest,
  type RejectInstagramRequest,
  getInstagramStatusRoute,
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
import { instagramMonthlyPointsMinor, lastClaimedMonth, type RewardsAccountState } from '../domain/rewards-account';
import { monthlyPointsClaim } from '../infrastructure/monthly-points-claim';
import { pointsFromMinor } from '../domain/points-grant';
import { RewardsAccounts } from '../infrastructure/rewards-accounts';
import { RewardsCommands } from '../infrastructure/rewards-commands';
import type { UserTier } from '@app/contracts/identity';
import { Route } from '../../../platform/http/route.decorator';

export function instagramStatusOf(state: RewardsAccountState, tier: UserTier, now: string): InstagramStatus {
  const instagram = state.instagram;
  return {
    instagram_username: instagram?.username ?? null,
    is_verified: Boolean(instagram?.verifiedAt),
    registered_at: instagram?.registeredAt ?? null,
    verified_at: instagram?.verifiedAt ?? null,
    last_claimed_month: lastClaimedMonth(state.instagramClaimedMonths),
    can_claim: Boolean(instagram?.verifiedAt) && !state.instagramClaimedMonths.has(utcMonthOf(now)),
    monthly_points: pointsFromMinor(instagramMonthlyPointsMinor(tier)),
    verification_word: REWARDS_RULES.instagramVerificationWord,
    verification_account: REWARDS_RULES.instagramProductAccount,
    verification_status: !instagram
      ? 'not_registered'
      : instagram.verifiedAt
        ? 'verified'
        : instagram.rejection
          ? 'rejected'
          : 'pending_review',
    rejection_reason: instagram?.rejection?.reason ?? null,
  };
}

/**
 * Instagram verification in two steps: the user registers a username (step 1), sends the verification word to the
 * product account, an administrator (or the verification job that reads that inbox) marks it verified, and then the
 * user claims the tier's monthly points once per calendar month (step 2).
 */
@Controller()
export class VerifyInstagramController {
  constructor(
    private readonly rewards: RewardsCommands,
    private readonly accounts: RewardsAccounts,
    private readonly queryBus: QueryBus,
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
  ) {}

  @Route(listInstagramVerificationsRoute)
  @AdminOnly()
  async pending(
    @Query(new ZodValidationPipe(listInstagramVerificationsRoute.query))
    query: {
      status: 'pending' | 'verified' | 'rejected' | 'all';
      limit: number;
    },
  ): Promise<InstagramVerification[]> {
    const filters = {
      pending: 'WHERE verified_at IS NULL AND rejected_at IS NULL',
      verified: 'WHERE verified_at IS NOT NULL',
      rejected: 'WHERE rejected_at IS NOT NULL',
      all: '',
    } as const;
    const rows = await this.pool.query<{
      user_id: string;
      instagram_username: string;
      registered_at: Date;
      verified_at: Date | null;
      rejected_at: Date | null;
      rejection_reason: string | null;
    }>(
      `SELECT user_id, instagram_username, registered_at, verified_at, rejected_at, rejection_reason
         FROM rewards_instagram_registrations ${filters[query.status]} ORDER BY registered_at, user_id LIMIT $1`,
      [query.limit],
    );
    const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
    return rows.rows.map((row) => ({
      user_id: row.user_id,
      instagram_username: row.instagram_username,
      registered_at: new Date(row.registered_at).toISOString(),
      verified_at: iso(row.verified_at),
      rejected_at: iso(row.rejected_at),
      rejection_reason: row.rejection_reason,
    }));
  }

  private async tierOf(userId: string): Promise<UserTier> {
    const user = await getExistingUser(this.queryBus, userId);
    return user.user_tier;
  }

  @Route(getInstagramStatusRoute)
  async status(@CurrentUser() caller: AuthenticatedUser): Promise<InstagramStatus> {
    const now = new Date().toISOString();
    const [loaded, tier] = await Promise.all([this.accounts.load(caller.userId), this.tierOf(caller.userId)]);
    return instagramStatusOf(loaded.state, tier, now);
  }

  @Route(registerInstagramRoute)
  async register(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(registerInstagramRoute.body)) body: RegisterInstagramRequest,
  ) {
    const now = new Date().toISOString();
    const tier = await this.tierOf(caller.userId);
    const answer = await this.rewards.run({
      userId: caller.userId,
      command: { type: 'RegisterInstagram', data: { instagramUsername: body.instagram_username, now } },
      respond: ({ state }) => ({
        success: true as const,
        message: state.instagram?.verifiedAt
          ? 'Instagram account verified'
          : `Send "${REWARDS_RULES.instagramVerificationWord}" to ${REWARDS_RULES.instagramProductAccount} ` +
            `from @${body.instagram_username}. Verification takes about 24 hours.`,
        ...instagramStatusOf(state, tier, now),
      }),
    });
    return answer;
  }

  @Route(verifyInstagramRoute)
  @AdminOnly()
  async verify(
    @IdempotencyKey(verifyInstagramRoute) idempotency: IdempotentRequest,
    @CurrentUser() admin: AuthenticatedUser,
    @Param(new ZodValidationPipe(verifyInstagramRoute.params)) params: { userId: string },
    @Body(new ZodValidationPipe(verifyInstagramRoute.body)) body: { instagram_username?: string; reason?: string },
  ): Promise<InstagramStatus> {
    const now = new Date().toISOString();
    const tier = await this.tierOf(params.userId);
    return this.rewards.run({
      idempotency,
      userId: params.userId,
      command: {
        type: 'VerifyInstagram',
        data: {
          expectedUsername: body.instagram_username,
          verifiedBy: `admin:${admin.userId}`,
          reason: body.reason || undefined,
          now,
        },
      },
      respond: ({ state }) => instagramStatusOf(state, tier, now),
    });
  }

  /** An administrator refuses the registration, with a reason the user sees; the user may register again. */
  @Route(rejectInstagramRoute)
  @AdminOnly()
  async reject(
    @IdempotencyKey(rejectInstagramRoute) idempotency: IdempotentRequest,
    @CurrentUser() admin: AuthenticatedUser,
    @Param(new ZodValidationPipe(rejectInstagramRoute.params)) params: { userId: string },
    @Body(new ZodValidationPipe(rejectInstagramRoute.body)) body: RejectInstagramRequest,
  ): Promise<InstagramStatus> {
    const now = new Date().toISOString();
    const tier = await this.tierOf(params.userId);
    return this.rewards.run({
      idempotency,
      userId: params.userId,
      command: {
        type: 'RejectInstagram',
        data: {
          expectedUsername: body.instagram_username,
          reason: body.reason,
          rejectedBy: `admin:${admin.userId}`,
          now,
        },
      },
      respond: ({ state }) => instagramStatusOf(state, tier, now),
    });
  }

  @Route(claimInstagramPointsRoute)
  async claim(
    @IdempotencyKey(claimInstagramPointsRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(claimInstagramPointsRoute.body)) _body: unknown,
  ): Promise<ClaimPointsResponse> {
    const now = new Date().toISOString();
    const tier = await this.tierOf(caller.userId);
    const transactionId = newTransactionId();
    return this.rewards.run<ClaimPointsResponse>({
      idempotency,
      userId: caller.userId,
      command: { type: 'ClaimInstagramPoints', data: { tier, transactionId, now } },
      ...monthlyPointsClaim({
        claimedEvent: 'InstagramPointsClaimed',
        message: (points) => `You received ${points} points for this month`,
        transactionId,
      }),
    });
  }
}

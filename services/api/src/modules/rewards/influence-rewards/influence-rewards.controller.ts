import { Body, Controller, Get, Headers, HttpCode, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  claimInfluencePointsRoute,
  registerInfluenceRewardsRoute,
  type ClaimPointsResponse,
  type InfluenceRewardsStatus,
  type RegisterInfluenceRewardsRequest,
  type RegisterInfluenceRewardsResponse,
} from '@app/contracts/src/rewards';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { CurrentUser, type AuthenticatedUser } from '../../identity';
import { newTransactionId } from '../../ledger';
import { utcMonthOf } from '../domain/calendar';
import { monthlyPointsClaim } from '../infrastructure/monthly-points-claim';
import { pointsFromMinor } from '../infrastructure/points-grant';
import { RewardsAccounts } from '../infrastructure/rewards-accounts';
import { RewardsUnit } from '../infrastructure/rewards-unit';

/**
 * Influence rewards (spec 2): register each month with the account's follower count (at least 500), then claim
 * floor(followers × 0.01) points once in that month. No rollover: an unclaimed month is lost.
 */
@Controller('users')
export class InfluenceRewardsController {
  constructor(
    private readonly unit: RewardsUnit,
    private readonly accounts: RewardsAccounts,
  ) {}

  @Get('influence-rewards-status')
  async status(@CurrentUser() caller: AuthenticatedUser): Promise<InfluenceRewardsStatus> {
    const month = utcMonthOf(new Date().toISOString());
    const { state } = await this.accounts.load(caller.userId);
    const registered = state.influence?.month === month ? state.influence : null;
    const claimed = state.influenceClaimedMonths.has(month);
    return {
      is_registered_this_month: registered !== null,
      platform_username: state.influence?.platformUsername ?? null,
      follower_count: state.influence?.followerCount ?? null,
      points_calculated: registered ? pointsFromMinor(registered.monthlyPointsMinor) : 0,
      current_month: month,
      claimed_this_month: claimed,
      can_claim: registered !== null && !claimed,
    };
  }

  @Post('register-influence-rewards')
  @HttpCode(200)
  async register(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(registerInfluenceRewardsRoute.body)) body: RegisterInfluenceRewardsRequest,
  ): Promise<RegisterInfluenceRewardsResponse> {
    const now = new Date().toISOString();
    const { body: answer } = await this.unit.run<RegisterInfluenceRewardsResponse>({
      userId: caller.userId,
      scope: 'POST /api/users/register-influence-rewards',
      idempotencyKey: undefined,
      requestBody: body,
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
        const points = pointsFromMinor(state.influence!.monthlyPointsMinor);
        return {
          success: true as const,
          platform_username: state.influence!.platformUsername,
          follower_count: state.influence!.followerCount,
          points_calculated: points,
          current_month: state.influence!.month,
          message: `Registered: ${points} points available to claim this month`,
        };
      },
    });
    return answer;
  }

  @Post('claim-influence-points')
  @HttpCode(200)
  async claim(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(claimInfluencePointsRoute.body)) body: unknown,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<ClaimPointsResponse> {
    const now = new Date().toISOString();
    const transactionId = newTransactionId();
    const result = await this.unit.run<ClaimPointsResponse>({
      userId: caller.userId,
      scope: 'POST /api/users/claim-influence-points',
      idempotencyKey,
      requestBody: body,
      command: { type: 'ClaimInfluencePoints', data: { transactionId, now } },
      ...monthlyPointsClaim({
        claimedEvent: 'InfluencePointsClaimed',
        programme: 'influence',
        description: 'Monthly influence points',
        message: (points) => `You received ${points} influence points for this month`,
        userId: caller.userId,
        transactionId,
        now,
      }),
    });
    if (result.replayed) void response.header('Idempotency-Replayed', 'true');
    return result.body;
  }
}

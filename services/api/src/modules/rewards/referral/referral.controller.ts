import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { REWARDS_MESSAGES, processReferralRoute, type ProcessReferralRequest, type ProcessReferralResponse } from '@app/contracts/rewards';
import { notFound } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, FindUserIdByReferralCodeQuery, type AuthenticatedUser } from '../../identity';
import { newTransactionId } from '../../ledger';
import { pointsFromMinor, pointsGrant } from '../infrastructure/points-grant';
import { RewardsCommands } from '../infrastructure/rewards-commands';

/**
 * POST /api/users/process-referral {referral_code}: the signed-in user names who referred them, once. The referrer
 * gets 500 points and the user 250, in one ledger transaction committed with the `ReferralApplied` event on the
 * user's rewards stream (the record that the user has been referred).
 *
 * The code is looked up in identity's inline read model (written with the `UserRegistered` event), never in a
 * projection that trails the log: a code shown on `GET /api/users/me` right after sign-up is accepted at once.
 */
@Controller('users')
export class ReferralController {
  constructor(
    private readonly rewards: RewardsCommands,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('process-referral')
  @HttpCode(200)
  async process(
    @IdempotencyKey('POST /api/users/process-referral') idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(processReferralRoute.body)) body: ProcessReferralRequest,
  ): Promise<ProcessReferralResponse> {
    const referrerUserId = await this.queryBus.execute(new FindUserIdByReferralCodeQuery(body.referral_code));
    if (!referrerUserId) throw notFound('REFERRAL_CODE_NOT_FOUND', REWARDS_MESSAGES.referralCodeUnknown);
    const now = new Date().toISOString();
    const transactionId = newTransactionId();
    return this.rewards.run<ProcessReferralResponse>({
      idempotency,
      userId: caller.userId,
      command: { type: 'ApplyReferral', data: { referrerUserId, referralCode: body.referral_code, transactionId, now } },
      payment: (events) => {
        const applied = events.find((event) => event.type === 'ReferralApplied');
        if (!applied) return null;
        return pointsGrant({
          transactionId,
          reasonCode: 'REFERRAL_BONUS',
          description: `Referral bonus (code ${applied.data.referralCode})`,
          now,
          grants: [
            { userId: caller.userId, pointsMinor: BigInt(applied.data.referredPointsMinor) },
            { userId: referrerUserId, pointsMinor: BigInt(applied.data.referrerPointsMinor) },
          ],
          references: { referralCode: applied.data.referralCode, referrerUserId, referredUserId: caller.userId },
        });
      },
      respond: ({ events, transactionId: posted }) => {
        const applied = events.find((event) => event.type === 'ReferralApplied')!;
        const referred = pointsFromMinor(applied.data.referredPointsMinor);
        return {
          success: true as const,
          referral_code: applied.data.referralCode,
          referred_by: referrerUserId,
          referred_reward: referred,
          referrer_reward: pointsFromMinor(applied.data.referrerPointsMinor),
          transaction_id: posted ?? transactionId,
          message: `Referral applied! You received ${referred} points`,
        };
      },
    });
  }
}

import { Body, Controller } from '@nestjs/common';
import {
  processReferralRoute,
  type ProcessReferralRequest,
  type ProcessReferralResponse,
} from '@app/contracts/rewards';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { ReferralApplication } from './referral-application';
import { Route } from '../../../platform/http/route.decorator';

/**
 * POST /api/users/process-referral {referral_code}: the signed-in user names who referred them, once (see
 * `ReferralApplication`: 500 points to the referrer, 250 to the user; no loops).
 */
@Controller()
export class ApplyReferralController {
  constructor(private readonly referrals: ReferralApplication) {}

  @Route(processReferralRoute)
  process(
    @IdempotencyKey(processReferralRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(processReferralRoute.body)) body: ProcessReferralRequest,
  ): Promise<ProcessReferralResponse> {
    return this.referrals.apply({ userId: caller.userId, referralCode: body.referral_code, idempotency });
  }
}

import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { getReferralStatusRoute, type ReferralStatus } from '@app/contracts/rewards';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { GetReferralStatusQuery } from '../queries/get-referral-status.query';

/** GET /api/users/referral-status: the caller's own code and the referral applied to them. */
@Controller()
export class ReadReferralStatusController {
  constructor(private readonly queryBus: QueryBus) {}

  @Route(getReferralStatusRoute)
  status(@CurrentUser() caller: AuthenticatedUser): Promise<ReferralStatus> {
    return this.queryBus.execute(new GetReferralStatusQuery(caller.userId));
  }
}

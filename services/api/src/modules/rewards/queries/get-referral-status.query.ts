import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { REWARDS_RULES, type ReferralStatus } from '@app/contracts/rewards';
import { GetUserQuery } from '../../identity';
import { RewardsAccounts } from '../infrastructure/rewards-accounts';

/**
 * `queryBus.execute(new GetReferralStatusQuery(userId))`: the user's own code (identity's) and the referral applied
 * (recorded on the rewards stream with its payment). `/api/users/me` can take `referred_by` from here.
 */
export class GetReferralStatusQuery extends Query<ReferralStatus> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(GetReferralStatusQuery)
export class GetReferralStatusHandler implements IQueryHandler<GetReferralStatusQuery, ReferralStatus> {
  constructor(
    private readonly accounts: RewardsAccounts,
    private readonly queryBus: QueryBus,
  ) {}

  async execute(query: GetReferralStatusQuery): Promise<ReferralStatus> {
    const [loaded, user] = await Promise.all([
      this.accounts.load(query.userId),
      this.queryBus.execute(new GetUserQuery(query.userId)),
    ]);
    const referral = loaded.state.referral;
    return {
      referral_code: user?.referral_code ?? null,
      referred_by: referral?.referrerUserId ?? user?.referred_by ?? null,
      referral_applied: referral !== null || Boolean(user?.referred_by),
      referrer_reward: REWARDS_RULES.referrerPoints,
      referred_reward: REWARDS_RULES.referredPoints,
    };
  }
}

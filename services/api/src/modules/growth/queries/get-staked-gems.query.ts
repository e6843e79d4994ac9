import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { StakingAccounts } from '../infrastructure/growth-streams';

/**
 * `queryBus.execute(new GetStakedGemsQuery(userId))` → gems (minor units, scale 4) the user has staked in growth
 * channels and not withdrawn: each open position's stake plus the rewards accrued into it. Spec 3 calls staked gems
 * PromoGems ('Start Staking PromoGems'), so `/api/users/me` shows this as `promogem_balance`. Folded from the user's
 * staking stream: never behind a stake or a withdrawal.
 */
export class GetStakedGemsQuery extends Query<bigint> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(GetStakedGemsQuery)
export class GetStakedGemsHandler implements IQueryHandler<GetStakedGemsQuery, bigint> {
  constructor(private readonly accounts: StakingAccounts) {}

  async execute(query: GetStakedGemsQuery): Promise<bigint> {
    const { state } = await this.accounts.load(query.userId);
    let stakedMinor = 0n;
    for (const position of state.positions.values())
      if (position.withdrawnAt === null) stakedMinor += position.amountMinor + position.earnedMinor;
    return stakedMinor;
  }
}

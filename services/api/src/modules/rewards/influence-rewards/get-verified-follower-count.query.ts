import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { RewardsAccounts } from '../infrastructure/rewards-accounts';

/**
 * `queryBus.execute(new GetVerifiedFollowerCountQuery(userId))` → the follower count an admin last verified in the
 * influence programme (0 when none was): the only follower figure other contexts may decide on (issue 8); the count a
 * user declares is a claim. Read from the user's rewards stream, so it is current.
 */
export class GetVerifiedFollowerCountQuery extends Query<number> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(GetVerifiedFollowerCountQuery)
export class GetVerifiedFollowerCountHandler implements IQueryHandler<GetVerifiedFollowerCountQuery, number> {
  constructor(private readonly accounts: RewardsAccounts) {}

  async execute(query: GetVerifiedFollowerCountQuery): Promise<number> {
    const { state } = await this.accounts.load(query.userId);
    return state.influence?.verification?.verifiedFollowerCount ?? 0;
  }
}

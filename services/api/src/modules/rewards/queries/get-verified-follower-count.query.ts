import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { GetVerifiedFollowerCountQuery } from '@app/contracts/rewards';
import { RewardsAccounts } from '../infrastructure/rewards-accounts';

/** Answers `GetVerifiedFollowerCountQuery` (`@app/contracts/rewards`) from the user's rewards stream. */
@QueryHandler(GetVerifiedFollowerCountQuery)
export class GetVerifiedFollowerCountHandler implements IQueryHandler<GetVerifiedFollowerCountQuery, number> {
  constructor(private readonly accounts: RewardsAccounts) {}

  async execute(query: GetVerifiedFollowerCountQuery): Promise<number> {
    const { state } = await this.accounts.load(query.userId);
    return state.influence?.verification?.verifiedFollowerCount ?? 0;
  }
}

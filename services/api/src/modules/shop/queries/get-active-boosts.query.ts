import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { GetActiveBoostsQuery, type ActiveBoosts } from '@app/contracts/shop';
import { activeBoosts } from '../domain/shop-account';
import { ShopAccounts } from '../infrastructure/shop-accounts';

/** Answers `GetActiveBoostsQuery` (`@app/contracts/shop`) from the user's shop stream. */
@QueryHandler(GetActiveBoostsQuery)
export class GetActiveBoostsHandler implements IQueryHandler<GetActiveBoostsQuery, ActiveBoosts> {
  constructor(private readonly accounts: ShopAccounts) {}

  async execute(query: GetActiveBoostsQuery): Promise<ActiveBoosts> {
    const view = activeBoosts((await this.accounts.load(query.userId)).state, query.now);
    return {
      key_multiplier: view.keyMultiplier,
      xp_multiplier: view.xpMultiplier,
      has_golden_badge: view.hasGoldenBadge,
      profile_boost_until: view.profileBoostUntil,
      key_multiplier_until: view.keyMultiplierUntil,
      xp_boost_until: view.xpBoostUntil,
    };
  }
}

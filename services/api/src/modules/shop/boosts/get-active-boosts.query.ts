import { Controller, Get } from '@nestjs/common';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import type { ActiveBoosts } from '@app/contracts/shop';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { activeBoosts } from '../domain/shop-account';
import { ShopAccounts } from '../infrastructure/shop-accounts';

/**
 * `queryBus.execute(new GetActiveBoostsQuery(userId))` → the boosts in force now. Modules that pay keys multiply
 * them by `key_multiplier` (2 during a 24h Key Multiplier); the progress context multiplies XP by `xp_multiplier`
 * (3 during a 7-Day XP Boost). Read from the user's shop stream, so a purchase counts at once.
 */
export class GetActiveBoostsQuery extends Query<ActiveBoosts> {
  constructor(
    readonly userId: string,
    readonly now: string = new Date().toISOString(),
  ) {
    super();
  }
}

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

@Controller('users')
export class ActiveBoostsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('active-boosts')
  boosts(@CurrentUser() caller: AuthenticatedUser): Promise<ActiveBoosts> {
    return this.queryBus.execute(new GetActiveBoostsQuery(caller.userId));
  }
}

import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { UserView } from '@app/contracts/identity';
import { parseDecimalToMinor } from '@app/contracts/ledger';
import { getExistingUser } from '../../identity';
import { GetUserBalancesQuery } from '../../ledger';
import { GetMasterKeyStatusQuery } from '../../rewards';
import { GetActiveBoostsQuery } from '@app/contracts/shop';

/**
 * What the drop decider needs from other contexts, asked through their queries: the user (type, tier, name),
 * balances (the ledger re-checks them when the money moves), today's Master Key and the shop's key multiplier.
 */
@Injectable()
export class OutsideFacts {
  constructor(private readonly queryBus: QueryBus) {}

  user(userId: string): Promise<UserView> {
    return getExistingUser(this.queryBus, userId);
  }

  /** Identity keeps no follower count yet; until it does, every applicant counts as having none. */
  followerCount(user: UserView): number {
    const withFollowers = user as UserView & { follower_count?: unknown };
    return typeof withFollowers.follower_count === 'number' ? withFollowers.follower_count : 0;
  }

  async balances(userId: string): Promise<{ keysMinor: bigint; pointsMinor: bigint }> {
    const balances = await this.queryBus.execute(new GetUserBalancesQuery(userId));
    return {
      keysMinor: parseDecimalToMinor(balances.keys_balance, 'keys') ?? 0n,
      pointsMinor: parseDecimalToMinor(balances.points_balance, 'points') ?? 0n,
    };
  }

  async masterKeyActivatedToday(userId: string, now: string): Promise<boolean> {
    const status = await this.queryBus.execute(new GetMasterKeyStatusQuery(userId, now));
    return status.is_activated;
  }

  /** The user's key multiplier at `now` from the shop's active boosts (2 during a 24h Key Multiplier, else 1). */
  async keyMultiplier(userId: string, now: string): Promise<number> {
    const boosts = await this.queryBus.execute(new GetActiveBoostsQuery(userId, now));
    return boosts.key_multiplier;
  }
}

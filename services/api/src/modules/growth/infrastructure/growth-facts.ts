import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { UserView } from '@app/contracts/identity';
import { getExistingUser } from '../../identity';
import { GetVerifiedFollowerCountQuery } from '@app/contracts/rewards';

/** What growth's deciders need from other contexts, through their queries. */
@Injectable()
export class GrowthFacts {
  constructor(private readonly queryBus: QueryBus) {}

  user(userId: string): Promise<UserView> {
    return getExistingUser(this.queryBus, userId);
  }

  /** Followers an admin verified in the rewards influence programme; a declared count never counts (issue 8). */
  verifiedFollowers(userId: string): Promise<number> {
    return this.queryBus.execute(new GetVerifiedFollowerCountQuery(userId));
  }
}

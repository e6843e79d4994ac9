import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { UserView } from '@app/contracts/identity';
import { notFound } from '../../../platform/http/api-error';
import { GetUserQuery } from '../../identity';
import { GetVerifiedFollowerCountQuery } from '../../rewards';

/** What growth's deciders need from other contexts, through their queries. */
@Injectable()
export class GrowthFacts {
  constructor(private readonly queryBus: QueryBus) {}

  async user(userId: string): Promise<UserView> {
    const user = await this.queryBus.execute(new GetUserQuery(userId));
    if (!user) throw notFound('USER_NOT_FOUND', 'User not found');
    return user;
  }

  displayName(user: UserView): string {
    return user.display_name?.trim() || user.username;
  }

  /** Followers an admin verified in the rewards influence programme; a declared count never counts (issue 8). */
  verifiedFollowers(userId: string): Promise<number> {
    return this.queryBus.execute(new GetVerifiedFollowerCountQuery(userId));
  }
}

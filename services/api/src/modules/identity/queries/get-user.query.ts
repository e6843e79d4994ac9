import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import type { UserView } from '@app/contracts/identity';
import { notFound } from '../../../platform/http/api-error';
import { IdentityStore } from '../infrastructure/identity-store';
import { toUserView } from '../infrastructure/views';

/**
 * `queryBus.execute(new GetUserQuery(userId))`: the user's own profile fields (the owner's view, including e-mail
 * and referral code), or null when there is no such user. Other modules compose it (the ledger's /api/users/me).
 */
export class GetUserQuery extends Query<UserView | null> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(GetUserQuery)
export class GetUserQueryHandler implements IQueryHandler<GetUserQuery, UserView | null> {
  constructor(private readonly store: IdentityStore) {}

  async execute(query: GetUserQuery): Promise<UserView | null> {
    const row = await this.store.findUserById(query.userId);
    return row ? toUserView(row, await this.store.referredBy(row.user_id)) : null;
  }
}

/** The user, or a 404 `USER_NOT_FOUND` for the caller's request: what a command needs before it decides. */
export async function getExistingUser(queryBus: QueryBus, userId: string): Promise<UserView> {
  const user = await queryBus.execute(new GetUserQuery(userId));
  if (!user) throw notFound('USER_NOT_FOUND', 'User not found');
  return user;
}

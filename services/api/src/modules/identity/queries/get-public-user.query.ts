import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { PublicUserView } from '@app/contracts/identity';
import { IdentityStore } from '../infrastructure/identity-store';
import { toPublicUserView } from '../infrastructure/views';

/**
 * `queryBus.execute(new GetPublicUserQuery({ username }))` (or `{ id }`): what anyone may see of a user, or null when
 * there is no such user. The public profile composes it with the user's content, drops and leaderboard position.
 */
export class GetPublicUserQuery extends Query<PublicUserView | null> {
  constructor(readonly key: { id: string } | { username: string }) {
    super();
  }
}

@QueryHandler(GetPublicUserQuery)
export class GetPublicUserHandler implements IQueryHandler<GetPublicUserQuery, PublicUserView | null> {
  constructor(private readonly store: IdentityStore) {}

  async execute(query: GetPublicUserQuery): Promise<PublicUserView | null> {
    const row =
      'id' in query.key
        ? await this.store.findUserById(query.key.id)
        : await this.store.findUserByUsername(query.key.username);
    return row ? toPublicUserView(row) : null;
  }
}

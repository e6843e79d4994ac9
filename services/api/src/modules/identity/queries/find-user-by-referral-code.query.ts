import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { IdentityStore } from '../infrastructure/identity-store';

/**
 * `queryBus.execute(new FindUserIdByReferralCodeQuery(code))` → the id of the user whose referral code it is (any
 * case), or null. Read from `identity_users`, which is written in the same transaction as the `UserRegistered` event
 * (an inline read model): a code shown to its owner right after sign-up is found at once, never a moment later.
 */
export class FindUserIdByReferralCodeQuery extends Query<string | null> {
  constructor(readonly referralCode: string) {
    super();
  }
}

@QueryHandler(FindUserIdByReferralCodeQuery)
export class FindUserIdByReferralCodeHandler implements IQueryHandler<FindUserIdByReferralCodeQuery, string | null> {
  constructor(private readonly store: IdentityStore) {}

  execute(query: FindUserIdByReferralCodeQuery): Promise<string | null> {
    return this.store.findUserIdByReferralCode(query.referralCode);
  }
}

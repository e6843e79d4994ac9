import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';

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
  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  async execute(query: FindUserIdByReferralCodeQuery): Promise<string | null> {
    // Codes are generated upper case (identity's alphabet); the unique index is on the stored code.
    const { rows } = await this.pool.query<{ user_id: string }>('SELECT user_id::text AS user_id FROM identity_users WHERE referral_code = $1', [
      query.referralCode.trim().toUpperCase(),
    ]);
    return rows[0]?.user_id ?? null;
  }
}

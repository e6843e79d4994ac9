import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { UserTier } from '@app/contracts/src/identity';
import type { MasterKeyStatus } from '@app/contracts/src/rewards';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { GetUserQuery } from '../../identity';
import { utcDayOf } from '../domain/calendar';
import { isMasterKeyActive, proofDropsRequired } from '../domain/rewards-account';
import { RewardsAccounts } from '../infrastructure/rewards-accounts';

/**
 * `queryBus.execute(new GetMasterKeyStatusQuery(userId))` → `{ is_activated, proof_drops_completed,
 * proof_drops_required, last_activated_at }` for today (UTC). The drops context refuses paid-drop applications
 * while `is_activated` is false ('Master Key must be activated for today', `REWARDS_MESSAGES.masterKeyRequired`).
 * `now` is for tests and jobs that ask about another instant's day.
 */
export class GetMasterKeyStatusQuery extends Query<MasterKeyStatus> {
  constructor(
    readonly userId: string,
    readonly now: string = new Date().toISOString(),
  ) {
    super();
  }
}

/** Today's completed proof drops of a user, from the projection of the drops context's events. */
export async function proofDropsCompletedOn(database: Pick<pg.Pool, 'query'>, userId: string, utcDay: string): Promise<number> {
  const result = await database.query<{ count: string }>(
    'SELECT count(*)::text AS count FROM rewards_proof_drop_completions WHERE user_id = $1 AND utc_day = $2',
    [userId, utcDay],
  );
  return Number(result.rows[0]?.count ?? 0);
}

@QueryHandler(GetMasterKeyStatusQuery)
export class GetMasterKeyStatusHandler implements IQueryHandler<GetMasterKeyStatusQuery, MasterKeyStatus> {
  constructor(
    private readonly accounts: RewardsAccounts,
    private readonly queryBus: QueryBus,
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute(query: GetMasterKeyStatusQuery): Promise<MasterKeyStatus> {
    const [account, user, completed] = await Promise.all([
      this.accounts.load(query.userId),
      this.queryBus.execute(new GetUserQuery(query.userId)),
      proofDropsCompletedOn(this.pool, query.userId, utcDayOf(query.now)),
    ]);
    const tier: UserTier = user?.user_tier ?? 'free';
    return {
      is_activated: isMasterKeyActive(account.state, query.now),
      proof_drops_completed: completed,
      proof_drops_required: proofDropsRequired(tier),
      last_activated_at: account.state.lastMasterKeyActivatedAt,
    };
  }
}

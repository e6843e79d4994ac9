import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import type { UserTier } from '@app/contracts/identity';
import type { MasterKeyStatus } from '@app/contracts/rewards';
import { GetUserQuery } from '../../identity';
import { utcDayOf } from '../domain/calendar';
import { isMasterKeyActive, proofDropsRequired } from '../domain/rewards-account';
import { RewardsAccounts } from '../infrastructure/rewards-accounts';
import { proofDropsCompletedNow } from './proof-drop-completions';

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

@QueryHandler(GetMasterKeyStatusQuery)
export class GetMasterKeyStatusHandler implements IQueryHandler<GetMasterKeyStatusQuery, MasterKeyStatus> {
  constructor(
    private readonly accounts: RewardsAccounts,
    private readonly queryBus: QueryBus,
  ) {}

  async execute(query: GetMasterKeyStatusQuery): Promise<MasterKeyStatus> {
    const [account, user, completed] = await Promise.all([
      this.accounts.load(query.userId),
      this.queryBus.execute(new GetUserQuery(query.userId)),
      // The projection plus the log past its checkpoint: the count a user sees is never behind their last completion.
      proofDropsCompletedNow(this.accounts.eventStore, query.userId, utcDayOf(query.now)),
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

import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { CURRENCIES, UserBalances, WalletResponse, minorToApiNumber } from '@app/contracts/ledger';
import { streakOn } from '../domain/activity';
import { utcDayOf } from '../domain/events';
import { availableBalance, UserLedgerState } from '../domain/user-ledger';
import { LedgerExecutor } from '../infrastructure/ledger-executor';

/**
 * `queryBus.execute(new GetUserBalancesQuery(userId))`: the user's balances as the API shows them. Read from the
 * user's own stream (cached fold plus the events after it), so a user sees their conversion at once, with no
 * projection lag. Balances shown are available balances (holds deducted).
 */
export class GetUserBalancesQuery extends Query<UserBalances> {
  constructor(readonly userId: string) {
    super();
  }
}

export function toUserBalances(state: UserLedgerState): UserBalances {
  const moves = minorToApiNumber(availableBalance(state, 'moves'), 'moves');
  return {
    points_balance: minorToApiNumber(availableBalance(state, 'points'), 'points'),
    keys_balance: minorToApiNumber(availableBalance(state, 'keys'), 'keys'),
    gems_balance: minorToApiNumber(availableBalance(state, 'gems'), 'gems'),
    gold_collected: minorToApiNumber(availableBalance(state, 'gold'), 'gold'),
    usd_balance: minorToApiNumber(availableBalance(state, 'usd'), 'usd'),
    moves_balance: moves,
    move_balance: moves,
  };
}

export function toWallets(state: UserLedgerState): WalletResponse[] {
  return CURRENCIES.map((currency) => ({
    currency_type: currency,
    balance: minorToApiNumber(availableBalance(state, currency), currency),
    available_balance: minorToApiNumber(availableBalance(state, currency), currency),
    held_balance: minorToApiNumber(state.held[currency], currency),
  }));
}

@QueryHandler(GetUserBalancesQuery)
export class GetUserBalancesHandler implements IQueryHandler<GetUserBalancesQuery, UserBalances> {
  constructor(private readonly ledger: LedgerExecutor) {}

  async execute(query: GetUserBalancesQuery): Promise<UserBalances> {
    return toUserBalances((await this.ledger.load(query.userId)).state);
  }
}

/** The ledger's part of `GET /api/users/me`: balances plus what the user's own stream says of their activity. */
export interface UserLedgerSummary {
  balances: UserBalances;
  points_streak_days: number;
  total_earnings_usd: number;
  last_activity_date: string | null;
}

/**
 * `queryBus.execute(new GetUserLedgerSummaryQuery(userId, now))`: balances, the activity streak on `now`'s UTC day,
 * USD earned and the last active day, from the user's stream (no projection lag), for the composed `/me`.
 */
export class GetUserLedgerSummaryQuery extends Query<UserLedgerSummary> {
  constructor(
    readonly userId: string,
    readonly now: string,
  ) {
    super();
  }
}

@QueryHandler(GetUserLedgerSummaryQuery)
export class GetUserLedgerSummaryHandler implements IQueryHandler<GetUserLedgerSummaryQuery, UserLedgerSummary> {
  constructor(private readonly ledger: LedgerExecutor) {}

  async execute(query: GetUserLedgerSummaryQuery): Promise<UserLedgerSummary> {
    const { state } = await this.ledger.load(query.userId);
    return {
      balances: toUserBalances(state),
      points_streak_days: streakOn(state.activity, utcDayOf(query.now)),
      total_earnings_usd: minorToApiNumber(state.activity.earnedUsdMinor, 'usd'),
      last_activity_date: state.activity.lastActiveDay,
    };
  }
}

import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { CURRENCIES, UserBalances, WalletResponse, minorToApiNumber } from '@app/contracts/ledger';
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

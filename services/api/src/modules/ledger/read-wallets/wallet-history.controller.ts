import { Controller, Inject, Query as QueryParams } from '@nestjs/common';
import type { EventStore } from '@app/event-store';
import {
  BalanceHistoryQuerySchema,
  CURRENCIES,
  getBalanceHistoryRoute,
  minorToApiNumber,
  type BalanceHistoryResponse,
} from '@app/contracts/ledger';
import { EVENT_STORE } from '../../../platform/database/database.tokens';
import { Route } from '../../../platform/http/route.decorator';
import { parseInput } from '../../../platform/http/zod-validation';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { userStreamId } from '../domain/streams';
import { availableBalance, evolve, initialUserLedgerState, type UserLedgerState } from '../domain/user-ledger';
import { toLedgerEvent } from '../infrastructure/ledger-executor';

const DAY_MS = 86_400_000;

/** The wallet chart's balances over time, folded from the user's own stream (point-in-time, like balance-at). */
@Controller()
export class WalletHistoryController {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  @Route(getBalanceHistoryRoute)
  async balanceHistory(
    @CurrentUser() caller: AuthenticatedUser,
    @QueryParams() rawQuery: unknown,
  ): Promise<BalanceHistoryResponse> {
    const { days } = parseInput(BalanceHistoryQuerySchema, rawQuery);
    const now = new Date();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    // End of each of the `days` days before today, then now: one pass over the stream, a sample at each boundary.
    const boundaries = Array.from({ length: days }, (_, index) => new Date(today - (days - 1 - index) * DAY_MS));
    const events = await this.eventStore.readStream(userStreamId(caller.userId));
    let state: UserLedgerState = initialUserLedgerState(caller.userId);
    let next = 0;
    const points: BalanceHistoryResponse['points'] = [];
    const sample = (label: string) => {
      const row = Object.fromEntries(
        CURRENCIES.map((currency) => [currency, minorToApiNumber(availableBalance(state, currency), currency)]),
      );
      points.push({
        date: label,
        points: row.points,
        keys: row.keys,
        gems: row.gems,
        gold: row.gold,
        usd: row.usd,
        moves: row.moves,
      });
    };
    for (const event of events) {
      while (next < boundaries.length && event.recordedAt >= boundaries[next]) {
        sample(new Date(boundaries[next].getTime() - DAY_MS).toISOString().slice(0, 10));
        next += 1;
      }
      state = evolve(state, toLedgerEvent(event));
    }
    while (next < boundaries.length) {
      sample(new Date(boundaries[next].getTime() - DAY_MS).toISOString().slice(0, 10));
      next += 1;
    }
    sample(now.toISOString());
    return { days, points };
  }
}

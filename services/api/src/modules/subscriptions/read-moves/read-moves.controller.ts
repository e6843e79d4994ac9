import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  MOVES_PACKAGES,
  SUBSCRIPTION_MESSAGES,
  type MovesOverviewResponse,
  getMovesOverviewRoute,
} from '@app/contracts/subscriptions';
import { forbidden } from '../../../platform/http/api-error';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { GetUserBalancesQuery } from '../../ledger';
import { CreditMovesAllowanceCommand } from '@app/contracts/subscriptions';
import { Route } from '../../../platform/http/route.decorator';

/** `GET /api/subscriptions/moves`: the moves page's data; the period's allowance is credited here on first use. */
@Controller()
export class ReadMovesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Route(getMovesOverviewRoute)
  async overview(@CurrentUser() caller: AuthenticatedUser): Promise<MovesOverviewResponse> {
    const allowance = await this.commandBus.execute(new CreditMovesAllowanceCommand(caller.userId));
    if (!allowance) throw forbidden(SUBSCRIPTION_MESSAGES.advertisersOnly, 'ADVERTISER_ONLY');
    const balances = await this.queryBus.execute(new GetUserBalancesQuery(caller.userId));
    return {
      status: 'success',
      data: {
        moves_balance: balances.moves_balance,
        allowance: {
          tier: allowance.tier,
          period: allowance.period,
          moves: allowance.moves,
          period_start: allowance.periodStart,
          period_end: allowance.periodEnd,
          credited: allowance.credited,
        },
        packages: MOVES_PACKAGES.map((item) => ({
          id: item.id,
          moves: item.moves,
          price: item.price,
          price_cents: item.price_cents,
          label: item.label,
        })),
      },
    };
  }
}

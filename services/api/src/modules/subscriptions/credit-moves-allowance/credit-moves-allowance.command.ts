import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { CreditMovesAllowanceCommand, type MovesAllowanceResult } from '@app/contracts/subscriptions';
import { getExistingUser } from '../../identity';
import { allowancePeriodOf } from '../domain/subscription';
import { SubscriptionCommands } from '../infrastructure/subscription-commands';
import { allowanceTransactionIdOf } from '../infrastructure/subscription-streams';

/** Credits the moves allowance (`CreditMovesAllowanceCommand` in `@app/contracts/subscriptions`). */
@CommandHandler(CreditMovesAllowanceCommand)
export class CreditMovesAllowanceHandler implements ICommandHandler<
  CreditMovesAllowanceCommand,
  MovesAllowanceResult | null
> {
  constructor(
    private readonly commands: SubscriptionCommands,
    private readonly queryBus: QueryBus,
  ) {}

  async execute(command: CreditMovesAllowanceCommand): Promise<MovesAllowanceResult | null> {
    const user = await getExistingUser(this.queryBus, command.userId);
    if (user.user_type !== 'advertiser') return null;
    const period = allowancePeriodOf(user.user_tier, command.now);
    const base = {
      tier: user.user_tier,
      period: period.period,
      moves: period.moves,
      periodStart: period.start,
      periodEnd: period.end,
    };
    if (user.is_demo) return { ...base, credited: false, creditedNow: false };
    const outcome = await this.commands.execute(command.userId, {
      type: 'CreditMovesAllowance',
      data: {
        tier: user.user_tier,
        now: command.now.toISOString(),
        transactionIdOf: (periodKey) => allowanceTransactionIdOf(command.userId, periodKey),
      },
    });
    return { ...base, credited: true, creditedNow: outcome.kind === 'recorded' };
  }
}

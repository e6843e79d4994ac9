import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { getExistingUser } from '../../identity';
import { allowancePeriodOf } from '../domain/subscription';
import { SubscriptionCommands } from '../infrastructure/subscription-commands';
import { allowanceTransactionIdOf } from '../infrastructure/subscription-streams';

export interface MovesAllowanceResult {
  tier: 'free' | 'premium' | 'super';
  period: 'month' | 'week';
  moves: number;
  periodStart: string;
  periodEnd: string;
  /** True once this period's allowance is in the advertiser's moves balance (always, except for demo sandboxes). */
  credited: boolean;
  /** True when this call credited it (the first of the period). */
  creditedNow: boolean;
}

/**
 * `commandBus.execute(new CreditMovesAllowanceCommand(userId))`: credits the advertiser's moves allowance of the
 * current inventory period (`TIER_INVENTORY` of the identity tier: free 50 a month, premium 200 and super 500 a
 * week), once per period (the subscription stream keeps the credited periods; the ledger transaction id derives
 * from user and period). Anything but an advertiser gets nothing; demo sandboxes get their moves from DEMO_FUNDING.
 * Called by the moves overview and by any context about to spend moves (campaigns) so the allowance is there.
 */
export class CreditMovesAllowanceCommand extends Command<MovesAllowanceResult | null> {
  constructor(
    readonly userId: string,
    readonly now: Date = new Date(),
  ) {
    super();
  }
}

@CommandHandler(CreditMovesAllowanceCommand)
export class CreditMovesAllowanceHandler implements ICommandHandler<CreditMovesAllowanceCommand, MovesAllowanceResult | null> {
  constructor(
    private readonly commands: SubscriptionCommands,
    private readonly queryBus: QueryBus,
  ) {}

  async execute(command: CreditMovesAllowanceCommand): Promise<MovesAllowanceResult | null> {
    const user = await getExistingUser(this.queryBus, command.userId);
    if (user.user_type !== 'advertiser') return null;
    const period = allowancePeriodOf(user.user_tier, command.now);
    const base = { tier: user.user_tier, period: period.period, moves: period.moves, periodStart: period.start, periodEnd: period.end };
    if (user.is_demo) return { ...base, credited: false, creditedNow: false };
    const outcome = await this.commands.execute(command.userId, {
      type: 'CreditMovesAllowance',
      data: { tier: user.user_tier, now: command.now.toISOString(), transactionIdOf: (periodKey) => allowanceTransactionIdOf(command.userId, periodKey) },
    });
    return { ...base, credited: true, creditedNow: outcome.kind === 'recorded' };
  }
}

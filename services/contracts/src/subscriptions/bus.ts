import { BusCommand } from '../platform/bus';

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
export class CreditMovesAllowanceCommand extends BusCommand<MovesAllowanceResult | null> {
  constructor(
    readonly userId: string,
    readonly now: Date = new Date(),
  ) {
    super();
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import type { Queryable } from '../infrastructure/ledger-audit';

export const EXPIRE_HOLDS_JOB = 'ledger.holds.expire';
const BATCH = 500;

/** Releases holds whose deadline has passed. The decider refuses a hold resolved meanwhile, so races are harmless. */
@Injectable()
export class ExpireHolds {
  private readonly logger = new Logger('LedgerHolds');

  constructor(private readonly runner: UseCaseRunner) {}

  async run(database: Queryable, now = new Date()): Promise<number> {
    const due = await database.query<{ hold_id: string; user_id: string }>(
      `SELECT hold_id, user_id FROM ledger_holds WHERE status = 'open' AND expires_at <= $1 ORDER BY expires_at
       LIMIT ${BATCH}`,
      [now.toISOString()],
    );
    let expired = 0;
    for (const row of due.rows) {
      const accepted = await this.runner.runCommand({
        command: { type: 'ExpireHold', data: { holdId: row.hold_id, userId: row.user_id, now: now.toISOString() } },
        answer: () => true,
        // Resolved meanwhile (captured, released, or expired by another process): nothing to do.
        refusal: () => ({ answer: false }),
      });
      if (accepted) expired += 1;
    }
    if (expired > 0) this.logger.log(`Expired ${expired} hold(s)`);
    return expired;
  }
}

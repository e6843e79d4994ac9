import { Controller, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type pg from 'pg';
import { claimAchievementRoute, levelOf, type ClaimAchievementResponse } from '@app/contracts/progress';
import { GetActiveBoostsQuery } from '@app/contracts/shop';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { COMMAND_READ_WAIT_MILLISECONDS, ReadYourWrites } from '../../../platform/projections/read-your-writes';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { newTransactionId } from '../../ledger';
import { decide } from '../domain/progress-account';
import { ProgressAccounts, progressAccountStreams } from '../infrastructure/progress-accounts';
import { claimRefusalError } from '../progress-refusals';
import { currentCounters } from '../queries/current-counters';

/** POST /api/users/achievements/{id}/claim: pays the achievement's gold and XP once. */
@Controller()
export class ClaimAchievementController {
  constructor(
    private readonly accounts: ProgressAccounts,
    private readonly runner: UseCaseRunner,
    private readonly queryBus: QueryBus,
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  /**
   * The claim and its gold commit in one append with the progress stream's expected version: of two parallel
   * claims one commits, the other reruns, finds the claim and is refused (409), so the reward is paid once.
   */
  @Route(claimAchievementRoute)
  async claim(
    @IdempotencyKey(claimAchievementRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param(new ZodValidationPipe(claimAchievementRoute.params)) params: { id: string },
  ): Promise<ClaimAchievementResponse> {
    const now = new Date().toISOString();
    const transactionId = newTransactionId();
    const [counters, boosts] = await Promise.all([
      currentCounters(this.readYourWrites, this.pool, caller.userId, COMMAND_READ_WAIT_MILLISECONDS),
      this.queryBus.execute(new GetActiveBoostsQuery(caller.userId, now)),
    ]);
    return this.runner.run<ClaimAchievementResponse>({
      idempotency,
      lockKeys: [progressAccountStreams.streamId(caller.userId)],
      idempotencyBody: { achievement: params.id },
      decide: async (unit) => {
        const loaded = await this.accounts.load(caller.userId, unit.transaction);
        const decision = decide(
          {
            type: 'ClaimAchievement',
            data: { achievementId: params.id, counters, xpMultiplier: boosts.xp_multiplier, transactionId, now },
          },
          loaded.state,
        );
        if (decision.kind === 'refused') throw claimRefusalError(decision.refusal);
        const claimed = decision.events.find((event) => event.type === 'AchievementClaimed')!;
        const awarded = decision.events.find((event) => event.type === 'ExperienceAwarded')!;
        const xpGained = awarded.type === 'ExperienceAwarded' ? awarded.data.amount : claimed.data.xpReward;
        const xpPoints = progressAccountStreams.advance(loaded, decision.events).xpPoints;
        return {
          appends: progressAccountStreams.appendOf(loaded, decision.events),
          money: decision.money,
          answer: (postedTransactionId) => ({
            success: true as const,
            achievement_id: claimed.data.achievementId,
            gold_reward: claimed.data.goldReward,
            xp_reward: claimed.data.xpReward,
            xp_gained: xpGained,
            xp_points: xpPoints,
            level: levelOf(xpPoints),
            transaction_id: postedTransactionId ?? transactionId,
            message: `Achievement claimed! +${claimed.data.goldReward} gold, +${xpGained} XP`,
          }),
        };
      },
    });
  }
}

import { Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type pg from 'pg';
import {
  AchievementsQuerySchema,
  DEFAULT_ACHIEVEMENTS,
  PROGRESS_MESSAGES,
  claimAchievementRoute,
  levelOf,
  type Achievement,
  type ClaimAchievementResponse,
} from '@app/contracts/progress';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { ApiError, conflict, notFound, unprocessable } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { COMMAND_READ_WAIT_MILLISECONDS, ReadYourWrites } from '../../../platform/projections/read-your-writes';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { newTransactionId } from '../../ledger';
import { GetActiveBoostsQuery } from '@app/contracts/shop';
import { achievementProgress, decide, type ProgressAccountState, type ProgressCounters, type ProgressRefusal } from '../domain/progress-account';
import { ProgressAccounts, progressAccountStreams } from '../infrastructure/progress-accounts';
import { countersOf, progressCountersProjection } from '../infrastructure/progress-counters.projection';

function refusalError(refusal: ProgressRefusal): ApiError {
  switch (refusal) {
    case 'ACHIEVEMENT_MUST_EXIST':
      return notFound('ACHIEVEMENT_NOT_FOUND', PROGRESS_MESSAGES.achievementNotFound);
    case 'ACHIEVEMENT_MUST_BE_MET':
      return unprocessable('ACHIEVEMENT_NOT_MET', PROGRESS_MESSAGES.achievementNotMet);
    case 'ACHIEVEMENT_CLAIMED_ONCE':
      return conflict('ACHIEVEMENT_ALREADY_CLAIMED', PROGRESS_MESSAGES.achievementAlreadyClaimed);
    case 'XP_MUST_BE_POSITIVE':
      return unprocessable('INVALID_XP_AMOUNT', 'XP awards must be a positive whole number');
  }
}

export function achievementsOf(state: ProgressAccountState, counters: ProgressCounters): Achievement[] {
  return DEFAULT_ACHIEVEMENTS.map((definition) => {
    const progress = achievementProgress(definition, state, counters);
    const completedAt = state.claimedAchievements.get(definition.id) ?? null;
    return {
      ...definition,
      progress,
      is_completed: completedAt !== null,
      is_claimable: completedAt === null && progress >= definition.criteria_value,
      completed_at: completedAt,
    };
  });
}

/** GET /api/users/achievements and POST /api/users/achievements/{id}/claim. */
@Controller('users/achievements')
export class AchievementsController {
  constructor(
    private readonly accounts: ProgressAccounts,
    private readonly runner: UseCaseRunner,
    private readonly queryBus: QueryBus,
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  /**
   * The counters (points spent, followers, content) are a projection of many streams. Read after it has passed the
   * newest event as of this request, so an achievement reached by the caller's own last action is claimable at once.
   * Counters only grow with recorded facts: a read that trails later events can refuse too early, never pay twice
   * (the claim itself is decided on the caller's progress stream).
   */
  private async currentCounters(userId: string, maxWaitMilliseconds?: number): Promise<ProgressCounters> {
    await this.readYourWrites.awaitProjections([progressCountersProjection.name], maxWaitMilliseconds);
    return countersOf(this.pool, userId);
  }

  @Get()
  async list(@CurrentUser() caller: AuthenticatedUser, @Query(new ZodValidationPipe(AchievementsQuerySchema)) query: { userId?: string }): Promise<Achievement[]> {
    if (query.userId && query.userId !== caller.userId) return this.earnedBy(query.userId);
    const [loaded, counters] = await Promise.all([this.accounts.load(caller.userId), this.currentCounters(caller.userId)]);
    return achievementsOf(loaded.state, counters);
  }

  /**
   * Another user's badges: the achievements they claimed, read from their progress stream alone. Their counters (points
   * spent, followers) are not read, so nothing of their progress shows beyond what they earned.
   */
  private async earnedBy(userId: string): Promise<Achievement[]> {
    const { state } = await this.accounts.load(userId);
    return DEFAULT_ACHIEVEMENTS.flatMap((definition) => {
      const completedAt = state.claimedAchievements.get(definition.id);
      return completedAt ? [{ ...definition, progress: definition.criteria_value, is_completed: true, is_claimable: false, completed_at: completedAt }] : [];
    });
  }

  /**
   * The claim and its gold commit in one append with the progress stream's expected version: of two parallel
   * claims one commits, the other reruns, finds the claim and is refused (409), so the reward is paid once.
   */
  @Post(':id/claim')
  @HttpCode(200)
  async claim(
    @IdempotencyKey('POST /api/users/achievements/claim') idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param(new ZodValidationPipe(claimAchievementRoute.params)) params: { id: string },
  ): Promise<ClaimAchievementResponse> {
    const now = new Date().toISOString();
    const transactionId = newTransactionId();
    const [counters, boosts] = await Promise.all([
      this.currentCounters(caller.userId, COMMAND_READ_WAIT_MILLISECONDS),
      this.queryBus.execute(new GetActiveBoostsQuery(caller.userId, now)),
    ]);
    return this.runner.run<ClaimAchievementResponse>({
      idempotency,
      lockKeys: [progressAccountStreams.streamId(caller.userId)],
      idempotencyBody: { achievement: params.id },
      decide: async (unit) => {
        const loaded = await this.accounts.load(caller.userId, unit.transaction);
        const decision = decide(
          { type: 'ClaimAchievement', data: { achievementId: params.id, counters, xpMultiplier: boosts.xp_multiplier, transactionId, now } },
          loaded.state,
        );
        if (decision.kind === 'refused') throw refusalError(decision.refusal);
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

import { Controller, Inject, Query } from '@nestjs/common';
import type pg from 'pg';
import { DEFAULT_ACHIEVEMENTS, getAchievementsRoute, type Achievement } from '@app/contracts/progress';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { ReadYourWrites } from '../../../platform/projections/read-your-writes';
import { achievementProgress, type ProgressAccountState, type ProgressCounters } from '../domain/progress-account';
import { ProgressAccounts } from '../infrastructure/progress-accounts';
import { currentCounters } from '../queries/current-counters';

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

/** GET /api/users/achievements: the caller's achievements with their progress, or another user's earned ones. */
@Controller()
export class ListAchievementsController {
  constructor(
    private readonly accounts: ProgressAccounts,
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @Route(getAchievementsRoute)
  async list(
    @CurrentUser() caller: AuthenticatedUser,
    @Query(new ZodValidationPipe(getAchievementsRoute.query)) query: { userId?: string },
  ): Promise<Achievement[]> {
    if (query.userId && query.userId !== caller.userId) return this.earnedBy(query.userId);
    const [loaded, counters] = await Promise.all([
      this.accounts.load(caller.userId),
      currentCounters(this.readYourWrites, this.pool, caller.userId),
    ]);
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
      if (!completedAt) return [];
      const progress = definition.criteria_value;
      return [{ ...definition, progress, is_completed: true, is_claimable: false, completed_at: completedAt }];
    });
  }
}

import { Command, Query } from '@nestjs/cqrs';
import type { UserProgress } from '@app/contracts/progress';

/**
 * `queryBus.execute(new GetUserProgressQuery(userId))` → `{ xp_points, level, level_start_xp, next_level_xp,
 * xp_to_next_level, level_progress_percent }`, read from the user's progress stream (no lag). `/api/users/me`
 * composes `xp_points` and `level` from it.
 */
export class GetUserProgressQuery extends Query<UserProgress> {
  constructor(readonly userId: string) {
    super();
  }
}

/**
 * `commandBus.execute(new AwardExperienceCommand(userId, baseXp, source, sourceId))`: adds XP (× 3 during a 7-Day
 * XP Boost). The same (source, sourceId) awards once, so callers may retry. Answers the progress after it.
 */
export class AwardExperienceCommand extends Command<UserProgress> {
  constructor(
    readonly userId: string,
    readonly baseAmount: number,
    readonly source: string,
    readonly sourceId: string,
  ) {
    super();
  }
}

import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { UserProgress } from '@app/contracts/progress';
import { progressView } from '../domain/progress-account';
import { ProgressAccounts } from '../infrastructure/progress-accounts';

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

@QueryHandler(GetUserProgressQuery)
export class GetUserProgressHandler implements IQueryHandler<GetUserProgressQuery, UserProgress> {
  constructor(private readonly accounts: ProgressAccounts) {}

  async execute(query: GetUserProgressQuery): Promise<UserProgress> {
    return progressView((await this.accounts.load(query.userId)).state.xpPoints);
  }
}

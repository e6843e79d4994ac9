import { Controller, Get } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { WrongExpectedVersionError } from '@app/event-store';
import type { UserProgress } from '@app/contracts/src/progress';
import { badRequest } from '../../../platform/http/api-error';
import { CurrentUser, type AuthenticatedUser } from '../../identity';
import { GetActiveBoostsQuery } from '../../shop';
import { decide, progressView } from '../domain/progress-account';
import { ProgressAccounts, progressAccountStreams } from '../infrastructure/progress-accounts';

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

@CommandHandler(AwardExperienceCommand)
export class AwardExperienceHandler implements ICommandHandler<AwardExperienceCommand, UserProgress> {
  constructor(
    private readonly accounts: ProgressAccounts,
    private readonly queryBus: QueryBus,
  ) {}

  async execute(command: AwardExperienceCommand): Promise<UserProgress> {
    const now = new Date().toISOString();
    const boosts = await this.queryBus.execute(new GetActiveBoostsQuery(command.userId, now));
    for (let attempt = 0; ; attempt += 1) {
      const loaded = await this.accounts.load(command.userId);
      const decision = decide(
        { type: 'AwardExperience', data: { baseAmount: command.baseAmount, xpMultiplier: boosts.xp_multiplier, source: command.source, sourceId: command.sourceId, now } },
        loaded.state,
      );
      if (decision.kind === 'refused') throw badRequest('INVALID_XP_AMOUNT', 'XP awards must be a positive whole number');
      try {
        const appends = progressAccountStreams.appendOf(loaded, decision.events);
        if (appends.length > 0) await this.accounts.eventStore.append(appends);
        return progressView(progressAccountStreams.advance(loaded, decision.events).xpPoints);
      } catch (error) {
        if (error instanceof WrongExpectedVersionError && attempt < 20) continue;
        throw error;
      }
    }
  }
}

@Controller('users')
export class ProgressController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('me/progress')
  progress(@CurrentUser() caller: AuthenticatedUser): Promise<UserProgress> {
    return this.queryBus.execute(new GetUserProgressQuery(caller.userId));
  }
}

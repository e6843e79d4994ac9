import { Controller, Get } from '@nestjs/common';
import { CommandHandler, ICommandHandler, IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { WrongExpectedVersionError } from '@app/event-store';
import type { UserProgress } from '@app/contracts/progress';
import { badRequest } from '../../../platform/http/api-error';
import { AwardExperienceCommand, GetUserProgressQuery } from './experience.messages';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { GetActiveBoostsQuery } from '../../shop';
import { decide, progressView } from '../domain/progress-account';
import { ProgressAccounts, progressAccountStreams } from '../infrastructure/progress-accounts';


@QueryHandler(GetUserProgressQuery)
export class GetUserProgressHandler implements IQueryHandler<GetUserProgressQuery, UserProgress> {
  constructor(private readonly accounts: ProgressAccounts) {}

  async execute(query: GetUserProgressQuery): Promise<UserProgress> {
    return progressView((await this.accounts.load(query.userId)).state.xpPoints);
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

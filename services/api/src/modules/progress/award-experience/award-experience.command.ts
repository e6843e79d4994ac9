import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { UserProgress } from '@app/contracts/progress';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { GetActiveBoostsQuery } from '@app/contracts/shop';
import { decide, progressView } from '../domain/progress-account';
import { ProgressAccounts, progressAccountStreams } from '../infrastructure/progress-accounts';
import { experienceRefusalError } from '../progress-refusals';

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

/** Decided on the user's progress stream; the boost and the time are fixed before, so a rerun decides the same. */
@CommandHandler(AwardExperienceCommand)
export class AwardExperienceHandler implements ICommandHandler<AwardExperienceCommand, UserProgress> {
  constructor(
    private readonly accounts: ProgressAccounts,
    private readonly runner: UseCaseRunner,
    private readonly queryBus: QueryBus,
  ) {}

  async execute(command: AwardExperienceCommand): Promise<UserProgress> {
    const now = new Date().toISOString();
    const boosts = await this.queryBus.execute(new GetActiveBoostsQuery(command.userId, now));
    const { baseAmount, source, sourceId } = command;
    const data = { baseAmount, xpMultiplier: boosts.xp_multiplier, source, sourceId, now };
    return this.runner.run<UserProgress>({
      lockKeys: [progressAccountStreams.streamId(command.userId)],
      decide: async (unit) => {
        const loaded = await this.accounts.load(command.userId, unit.transaction);
        const decision = decide({ type: 'AwardExperience', data }, loaded.state);
        if (decision.kind === 'refused') throw experienceRefusalError(decision.refusal);
        const xpPoints = progressAccountStreams.advance(loaded, decision.events).xpPoints;
        const appends = progressAccountStreams.appendOf(loaded, decision.events);
        return { appends, answer: () => progressView(xpPoints) };
      },
    });
  }
}

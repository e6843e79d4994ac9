import { Injectable } from '@nestjs/common';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { brandProfileRefusalError } from '../advertisers-refusals';
import { decideBrandProfile, type BrandProfileCommand } from '../domain/brand-profile';
import { BrandProfiles, brandProfileStreams } from '../infrastructure/brand-profiles';

/**
 * Saves the brand: decided on `advertiser-brand-<userId>`, appended with the version it loaded and the inline row
 * written in the same transaction, so the answer and the next read see it. Two racing saves: one commits, the runner
 * reruns the other on the new state (last write wins, both recorded).
 */
@Injectable()
export class SaveBrandProfileHandler {
  constructor(
    private readonly runner: UseCaseRunner,
    private readonly profiles: BrandProfiles,
  ) {}

  async execute(userId: string, command: BrandProfileCommand): Promise<void> {
    await this.runner.run({
      lockKeys: [brandProfileStreams.streamId(userId)],
      decide: async (unit) => {
        const loaded = await this.profiles.load(userId, unit.transaction);
        const decision = decideBrandProfile(command, loaded.state);
        if (decision.kind === 'refused') throw brandProfileRefusalError(decision.refusal);
        const after = brandProfileStreams.advance(loaded, decision.events);
        if (decision.events.length > 0) await this.profiles.writeRow(unit.transaction, after);
        return { appends: brandProfileStreams.appendOf(loaded, decision.events), answer: () => null };
      },
    });
  }
}

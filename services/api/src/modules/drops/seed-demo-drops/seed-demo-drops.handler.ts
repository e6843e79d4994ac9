import { displayNameOf } from '@app/contracts/identity';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { DropDetails } from '@app/contracts/drops';
import { SeedDemoDropsCommand } from '../../identity';
import { newTransactionId } from '../../ledger';
import type { DropTerms } from '../domain/drop';
import { newId } from '../drop-ids';
import { DropCommandRunner } from '../infrastructure/drop-command-runner';
import { OutsideFacts } from '../infrastructure/outside-facts';

const PROOF_TERMS: DropTerms = {
  keyCostMinor: 0n,
  gemRewardBaseMinor: 0n,
  moveCostPointsMinor: 0n,
  keyRewardAmountMinor: 0n,
};

/** What each seeded drop says. The titles name them demo drops, which the drop records (`isDemo`) at creation. */
const SEEDS: Record<
  SeedDemoDropsCommand['purpose'],
  Pick<DropDetails, 'title' | 'description' | 'category' | 'requirements' | 'deliverables'>[]
> = {
  own: [
    {
      title: 'Demo drop: review our new app',
      description: 'A proof drop of your demo brand: creators apply, you approve, they submit a short review.',
      category: 'reviews',
      requirements: 'Use the app for a day',
      deliverables: 'A short written review',
    },
    {
      title: 'Demo drop: clip our launch video',
      description: 'A second proof drop of your demo brand, to try reviewing applications.',
      category: 'content_clipping',
      requirements: 'A public social account',
      deliverables: 'A 15-second clip with a link',
    },
  ],
  'for-creator': [
    {
      title: 'Demo drop: share your first post',
      description:
        'A proof drop from a demo brand for you to apply to: tell the brand why you fit, then submit your post.',
      category: 'engagement',
      requirements: 'Any social account',
      deliverables: 'A link to your post',
    },
  ],
};

/**
 * Seeds a fresh demo sandbox's advertiser with proof drops, through the same `CreateDrop` command and runner as
 * `POST /api/drops` (the creator's tier limits and the advertiser's posting history apply as for anyone).
 */
@CommandHandler(SeedDemoDropsCommand)
export class SeedDemoDropsHandler implements ICommandHandler<SeedDemoDropsCommand, { dropIds: string[] }> {
  constructor(
    private readonly runner: DropCommandRunner,
    private readonly facts: OutsideFacts,
  ) {}

  async execute(command: SeedDemoDropsCommand): Promise<{ dropIds: string[] }> {
    const dropIds: string[] = [];
    for (const seed of SEEDS[command.purpose]) {
      const dropId = newId();
      await this.runner.run(
        dropId,
        async () => {
          const user = await this.facts.user(command.advertiserUserId);
          return {
            advertiserId: command.advertiserUserId,
            command: {
              type: 'CreateDrop',
              data: {
                dropId,
                creator: {
                  userId: user.id,
                  userType: user.user_type,
                  tier: user.user_tier,
                  name: displayNameOf(user),
                  avatar: user.avatar_url,
                },
                kind: 'proof',
                details: {
                  ...seed,
                  difficulty: 'easy',
                  platform: null,
                  contentUrl: null,
                  previewImage: null,
                  timeCommitment: '10 minutes',
                  deadlineAt: null,
                  maxParticipants: null,
                  followerThreshold: 0,
                },
                terms: PROOF_TERMS,
                gemPoolTotalMinor: 0n,
                transactionId: newTransactionId(),
                now: new Date().toISOString(),
              },
            },
          };
        },
        () => ({ id: dropId }),
      );
      dropIds.push(dropId);
    }
    return { dropIds };
  }
}

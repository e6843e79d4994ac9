import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { USER_TIERS, type UserTier } from '@app/contracts/identity';
import { TierUpgradePurchasedSchema } from '@app/contracts/shop';
import { JobsService } from '../../../platform/jobs/jobs.service';
import { ChangeUserTierCommand } from '../../identity';

export const APPLY_TIER_JOB = 'shop.apply-tier-upgrade';
const ApplyTierPayloadSchema = z.object({ userId: z.string(), toTier: z.enum(USER_TIERS) });

/**
 * Tells identity about every tier bought, derived from the `TierUpgradePurchased` events, so a crash between the
 * payment's commit and identity's command cannot leave a paid upgrade unapplied (the purchase controller also sends
 * the command at once; a second send changes nothing). Only ever raises the tier: jobs may run out of order.
 */
@Injectable()
export class TierChangeReactor {
  constructor(jobs: JobsService, commandBus: CommandBus) {
    jobs.registerReactor({
      name: 'shop_tier_changes',
      eventTypes: ['TierUpgradePurchased'],
      react: (event) => {
        const parsed = TierUpgradePurchasedSchema.safeParse(event.data);
        return parsed.success
          ? [{ jobName: APPLY_TIER_JOB, payload: { userId: parsed.data.userId, toTier: parsed.data.toTier } }]
          : [];
      },
      handlers: {
        [APPLY_TIER_JOB]: async (payload) => {
          const { userId, toTier } = ApplyTierPayloadSchema.parse(payload);
          await raiseTier(commandBus, userId, toTier);
        },
      },
    });
  }
}

/**
 * Changes identity's tier to `toTier` unless the user already has it or a higher one. The comparison is identity's
 * (decided against the user's stream with its expected version): a read here followed by a write would let two
 * racing upgrades lower the tier.
 */
export async function raiseTier(commandBus: CommandBus, userId: string, toTier: UserTier): Promise<void> {
  await commandBus.execute(new ChangeUserTierCommand(userId, toTier, 'raise'));
}

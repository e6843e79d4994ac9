import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { REWARDS_MESSAGES, type ProcessReferralResponse } from '@app/contracts/rewards';
import type { TransactionHandle } from '@app/event-store';
import { notFound } from '../../../platform/http/api-error';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { FindUserIdByReferralCodeQuery } from '../../identity';
import { newTransactionId } from '../../ledger';
import { pointsFromMinor } from '../domain/points-grant';
import { RewardsAccounts } from '../infrastructure/rewards-accounts';
import { RewardsCommands } from '../infrastructure/rewards-commands';

/**
 * Every referral application takes this transaction-scoped advisory lock before reading the chain of referrers:
 * two people applying each other's codes at once would otherwise each see no loop and both be paid. Referrals are
 * rare (once per account), so one lock for all of them costs nothing that matters.
 */
const REFERRAL_GRAPH_LOCK = 'rewards:referral-graph';

/**
 * Applies a referral code for a user, once: the referrer gets 500 points and the user 250, in one ledger transaction
 * committed with the `ReferralApplied` event on the user's rewards stream. Used by `POST /api/users/process-referral`
 * and by sign-up (`ApplySignUpReferralCommand`).
 *
 * The code is looked up in identity's inline read model (written with `UserRegistered`), and the referrer's chain
 * (who referred them, and who referred that one, ...) is folded from the rewards streams inside the deciding
 * transaction, under `REFERRAL_GRAPH_LOCK`: never from a projection that trails the log.
 */
@Injectable()
export class ReferralApplication {
  constructor(
    private readonly rewards: RewardsCommands,
    private readonly accounts: RewardsAccounts,
    private readonly queryBus: QueryBus,
  ) {}

  async apply(input: {
    userId: string;
    referralCode: string;
    idempotency?: IdempotentRequest;
  }): Promise<ProcessReferralResponse> {
    const referrerUserId = await this.queryBus.execute(new FindUserIdByReferralCodeQuery(input.referralCode));
    if (!referrerUserId) throw notFound('REFERRAL_CODE_NOT_FOUND', REWARDS_MESSAGES.referralCodeUnknown);
    const now = new Date().toISOString();
    const transactionId = newTransactionId();
    return this.rewards.run<ProcessReferralResponse>({
      idempotency: input.idempotency,
      userId: input.userId,
      command: async (unit) => {
        await unit.transaction.query('SELECT pg_advisory_xact_lock(hashtext($1))', [REFERRAL_GRAPH_LOCK]);
        const referrerAncestorUserIds = await this.ancestorsOf(referrerUserId, unit.transaction);
        return {
          type: 'ApplyReferral',
          data: { referrerUserId, referralCode: input.referralCode, referrerAncestorUserIds, transactionId, now },
        };
      },
      respond: ({ events, transactionId: posted }) => {
        const applied = events.find((event) => event.type === 'ReferralApplied')!;
        const referred = pointsFromMinor(applied.data.referredPointsMinor);
        return {
          success: true as const,
          referral_code: applied.data.referralCode,
          referred_by: referrerUserId,
          referred_reward: referred,
          referrer_reward: pointsFromMinor(applied.data.referrerPointsMinor),
          transaction_id: posted ?? transactionId,
          message: `Referral applied! You received ${referred} points`,
        };
      },
    });
  }

  /** Who referred `userId`, who referred them, and so on, up to someone nobody referred (or a loop already there). */
  private async ancestorsOf(userId: string, transaction: TransactionHandle): Promise<string[]> {
    const ancestors: string[] = [];
    const seen = new Set([userId]);
    for (let current = userId; ;) {
      const { state } = await this.accounts.load(current, transaction);
      const referrer = state.referral?.referrerUserId;
      if (!referrer || seen.has(referrer)) return ancestors;
      ancestors.push(referrer);
      seen.add(referrer);
      current = referrer;
    }
  }
}

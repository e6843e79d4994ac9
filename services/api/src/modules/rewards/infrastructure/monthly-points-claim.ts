import type { ClaimPointsResponse, RewardsEvent } from '@app/contracts/rewards';
import { pointsFromMinor, pointsGrant } from './points-grant';
import type { RewardsCommandRequest } from './rewards-commands';

type MonthlyPointsClaimed = Extract<RewardsEvent, { type: 'InstagramPointsClaimed' | 'InfluencePointsClaimed' }>;

/**
 * The payment and the answer of a once-a-month points claim (Instagram, influence): the month's points are issued to
 * the user as one ledger transaction in the same unit as the claim event. Spread into `RewardsCommands.run`.
 */
export function monthlyPointsClaim(claim: {
  claimedEvent: MonthlyPointsClaimed['type'];
  /** `references.programme` on the ledger transaction. */
  programme: string;
  /** The ledger description before the month: `Monthly Instagram points`. */
  description: string;
  message: (points: number) => string;
  userId: string;
  transactionId: string;
  now: string;
}): Pick<RewardsCommandRequest<ClaimPointsResponse>, 'payment' | 'respond'> {
  const claimedIn = (events: RewardsEvent[]) => events.find((event): event is MonthlyPointsClaimed => event.type === claim.claimedEvent);
  return {
    payment: (events) => {
      const claimed = claimedIn(events);
      // A month worth 0 points (an influence registration under 100 followers' worth) pays nothing: the ledger refuses empty postings.
      if (!claimed || BigInt(claimed.data.pointsMinor) === 0n) return null;
      return pointsGrant({
        transactionId: claim.transactionId,
        reasonCode: 'SOCIAL_ACTION_REWARD',
        description: `${claim.description} (${claimed.data.month})`,
        now: claim.now,
        grants: [{ userId: claim.userId, pointsMinor: BigInt(claimed.data.pointsMinor) }],
        references: { programme: claim.programme, month: claimed.data.month },
      });
    },
    respond: ({ events, transactionId: posted }) => {
      const claimed = claimedIn(events)!;
      const points = pointsFromMinor(claimed.data.pointsMinor);
      return {
        success: true as const,
        points_awarded: points,
        month: claimed.data.month,
        transaction_id: posted ?? claim.transactionId,
        message: claim.message(points),
      };
    },
  };
}

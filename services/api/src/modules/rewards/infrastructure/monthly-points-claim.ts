import type { ClaimPointsResponse, RewardsEvent } from '@app/contracts/rewards';
import { pointsFromMinor } from '../domain/points-grant';
import type { RewardsCommandRequest } from './rewards-commands';

type MonthlyPointsClaimed = Extract<RewardsEvent, { type: 'InstagramPointsClaimed' | 'InfluencePointsClaimed' }>;

/**
 * The answer of a once-a-month points claim (Instagram, influence); the decider issues the points in the same unit
 * as the claim event. Spread into `RewardsCommands.run`.
 */
export function monthlyPointsClaim(claim: {
  claimedEvent: MonthlyPointsClaimed['type'];
  message: (points: number) => string;
  transactionId: string;
}): Pick<RewardsCommandRequest<ClaimPointsResponse>, 'respond'> {
  return {
    respond: ({ events, transactionId: posted }) => {
      const claimed = events.find((event): event is MonthlyPointsClaimed => event.type === claim.claimedEvent)!;
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

import { normaliseTier } from '@app/platform';
import { covers } from '@app/platform/app';
import {
  TIP_GEMS,
  externalMoveReward,
  socialActionPointsMinor,
  type SocialActionType,
} from '@app/contracts/engagement';

// The screens preview the engagement contract's rules (spec 2 §5, §9); the server decides and answers the real amounts.

export const TIP_PRESETS = [1, 5, 10, 25, 50, 100] as const;
const TIP_RANGE_MESSAGE = `Tip a whole number of gems from ${TIP_GEMS.min} to ${TIP_GEMS.max}`;

/** A quick action's points at the user's tier, floored to one decimal ("0.1", "1.5", "10"). */
export function quickActionPoints(action: SocialActionType, tier: string | null | undefined): string {
  return String(Number(socialActionPointsMinor(action, normaliseTier(tier))) / 10);
}

export function moveReward(move: SocialActionType, tier: string | null | undefined): { points: number; keys: number } {
  return externalMoveReward(move, normaliseTier(tier));
}

export function tipProblem(amount: string, gemsBalance: string): string | null {
  const gems = Number(amount);
  if (amount.trim() === '' || !Number.isInteger(gems) || gems < TIP_GEMS.min || gems > TIP_GEMS.max)
    return TIP_RANGE_MESSAGE;
  if (!covers(gemsBalance, amount, 'gems')) return 'Insufficient gems';
  return null;
}

export function tipOrFundProblem(amount: string, currency: 'USD' | 'Gems' | 'Points'): string | null {
  const value = Number(amount);
  if (amount.trim() === '' || !Number.isFinite(value) || value <= 0) return 'Enter an amount above 0';
  if (currency === 'Points' ? !Number.isInteger(value) : !/^\d+(\.\d{1,2})?$/.test(amount.trim()))
    return currency === 'Points' ? 'Points are whole numbers' : 'Use at most 2 decimals';
  return null;
}

/** What a quick action (or a posted comment) earned, in words: the server's reason when fewer points were paid. */
export function rewardDescription(answer: {
  points_earned: number;
  engagement_shares_earned: number;
  message: string | null;
}): string {
  const shares =
    answer.engagement_shares_earned > 0
      ? ` and ${answer.engagement_shares_earned} free ${answer.engagement_shares_earned === 1 ? 'share' : 'shares'}`
      : '';
  if (answer.message)
    return answer.points_earned > 0
      ? `+${answer.points_earned} points${shares}. ${answer.message}`
      : `${answer.message}${shares ? `. You earned${shares.replace(' and', '')}` : ''}`;
  return `+${answer.points_earned} points${shares}`;
}

import { covers } from '@app/platform/app';

// The spec's figures the screens preview (spec 2 §5, §9); the server decides and answers the real amounts.

export const TIP_PRESETS = [1, 5, 10, 25, 50, 100] as const;
export const TIP_MAX_GEMS = 1000;

/** Quick-action point previews before the tier multiplier (spec 2 §9). */
export const QUICK_ACTION_POINTS = { like: 0.1, comment: 0.3, save: 0.5, share: 1, repost: 0.2 } as const;
/** External moves earn ten times more, and keys = ceil(points / 20). */
export const EXTERNAL_MOVE_POINTS = { like: 10, comment: 30, save: 50, share: 100, repost: 120 } as const;

/** The five sponsorship packages (gems, multiplier, hours); the server prices them, never the client. */
export const SPONSOR_PACKAGES = [
  { id: 'quick-boost', name: 'Quick Boost', gems: 25, multiplier: 1.5, hours: 1 },
  { id: 'popular-boost', name: 'Popular Boost', gems: 50, multiplier: 2, hours: 6 },
  { id: 'daily-featured', name: 'Daily Featured', gems: 100, multiplier: 3, hours: 24 },
  { id: 'premium-spotlight', name: 'Premium Spotlight', gems: 200, multiplier: 4, hours: 72 },
  { id: 'viral-campaign', name: 'Viral Campaign', gems: 500, multiplier: 6, hours: 168 },
] as const;

/** A quick action's points × the tier multiplier, floored to one decimal (tenths counted as integers). */
export function quickActionPoints(action: keyof typeof QUICK_ACTION_POINTS, multiplier: number): string {
  const tenths = Math.floor(Math.round(QUICK_ACTION_POINTS[action] * 10) * multiplier + 1e-9);
  return (tenths / 10).toFixed(1);
}

export function externalMoveReward(move: keyof typeof EXTERNAL_MOVE_POINTS, multiplier: number): { points: number; keys: number } {
  const points = Math.floor(EXTERNAL_MOVE_POINTS[move] * multiplier);
  return { points, keys: Math.ceil(points / 20) };
}

export function tipProblem(amount: string, gemsBalance: string): string | null {
  const gems = Number(amount);
  if (amount.trim() === '' || !Number.isInteger(gems) || gems < 1 || gems > TIP_MAX_GEMS) return `Tip a whole number of gems from 1 to ${TIP_MAX_GEMS}`;
  if (!covers(gemsBalance, amount, 'gems')) return 'Insufficient gems';
  return null;
}

export function tipOrFundProblem(amount: string): string | null {
  const value = Number(amount);
  return amount.trim() === '' || !Number.isFinite(value) || value <= 0 ? 'Enter an amount above 0' : null;
}

/**
 * The wallet chart's weights (spec 3 §2): a point counts 1, a key 10, a gem 5, a gold 2; USD and moves are left out.
 */
export const WALLET_WEIGHTS = { points: 1, keys: 10, gems: 5, gold: 2 } as const;

/**
 * One number for the whole wallet, for the chart only (never a price or a payout): the weighted sum of the four
 * balances, rounded to a hundredth so float noise never shows.
 */
export function walletValue(balances: { points: number; keys: number; gems: number; gold: number }): number {
  const total =
    balances.points * WALLET_WEIGHTS.points +
    balances.keys * WALLET_WEIGHTS.keys +
    balances.gems * WALLET_WEIGHTS.gems +
    balances.gold * WALLET_WEIGHTS.gold;
  return Math.round(total * 100) / 100;
}

import { sharePriceFor } from '@app/contracts/content';

/**
 * The market price of one share (USD minor units, $0.0001): the higher of
 * - the content rule's funding price, `sharePriceFor(tips and funds in USD, total_shares)` (floor $0.01), and
 * - the price of the newest trade on the item (a primary sale at the market price, a filled listing's ask or an
 *   accepted offer's bid).
 * Primary purchases are sold at this price. A resale below the funding price never lowers it: value that tips and
 * funds put behind each share stays there; a resale above it raises what new primary buyers pay the creator.
 */
export function marketPriceFor(input: {
  fundingUsdMinor: bigint;
  totalShares: number;
  lastTradePriceMinor: bigint | null;
}): bigint {
  const funding = sharePriceFor(input.fundingUsdMinor, Math.max(1, input.totalShares));
  return input.lastTradePriceMinor !== null && input.lastTradePriceMinor > funding
    ? input.lastTradePriceMinor
    : funding;
}

/** Percentage change from `before` to `now`, two decimals; 0 when there is no earlier price. */
export function changePct(before: bigint | null, now: bigint): number {
  if (before === null || before <= 0n) return 0;
  return Number(((now - before) * 10_000n) / before) / 100;
}

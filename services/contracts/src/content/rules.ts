/**
 * The content rules every context shares (the content module decides with them; engagement prices tips and funds
 * with them; screens preview them). Pure functions, amounts in minor units (USD scale 4).
 */

/** Shares on creation: default 100, at least 100 (smaller values are clamped up), at most 1000 (spec 2 §5, §9). */
export const CONTENT_SHARES = Object.freeze({ default: 100, createMin: 100, editMin: 1, max: 1000 });

/**
 * Free engagement shares (like 1, comment 3, share 5; spec 2 §9) come from a pool set aside when the item is
 * created: 20 % of total_shares, rounded down (100 shares → 20). Fixed for the item's life, so an edit of
 * total_shares never takes back shares already given.
 */
export const ENGAGEMENT_SHARE_PERCENT = 20;
export function engagementSharesFor(totalShares: number): number {
  return Math.floor((totalShares * ENGAGEMENT_SHARE_PERCENT) / 100);
}

/** The free engagement shares an action earns while the pool lasts (spec 2 §9). */
export const ENGAGEMENT_SHARES_PER_ACTION = Object.freeze({ like: 1, comment: 3, share: 5 });

/** A share never sells for less than $0.01 (100 minor units of USD): an unfunded item's shares are not free. */
export const MIN_SHARE_PRICE_USD_MINOR = 100n;

/**
 * The share price rule (spec 2 §5: "share_price equals the funding divided by total_shares"; §7: tips and funds
 * answer `new_share_price`). `fundingUsdMinor` is everything the item has received in tips and funds, valued in USD
 * (gems at $0.01, points at 1,000 = $1; the engagement context records them). The price is that funding split over
 * every share, rounded down to $0.0001, and never below `MIN_SHARE_PRICE_USD_MINOR`. The price a client sends with
 * a create or edit form is validated but not trusted: the server's price is always this rule's.
 */
export function sharePriceFor(fundingUsdMinor: bigint, totalShares: number): bigint {
  if (!Number.isInteger(totalShares) || totalShares < 1) throw new RangeError('totalShares must be a positive integer');
  const split = (fundingUsdMinor < 0n ? 0n : fundingUsdMinor) / BigInt(totalShares);
  return split < MIN_SHARE_PRICE_USD_MINOR ? MIN_SHARE_PRICE_USD_MINOR : split;
}

/** Content whose title or description mentions "demo" pays no real rewards (as for drops). */
export function isDemoContent(title: string, description: string | null | undefined): boolean {
  return /demo/i.test(title) || /demo/i.test(description ?? '');
}

/** Content images uploaded as base64 JSON: 15 MB in the logic (spec 2 §5; the hint text says 10 MB). */
export const CONTENT_IMAGE_MAX_BYTES = 15 * 1024 * 1024;

/**
 * Feed sizes (spec 2 §2, §9): For You at most 10 items, Opportunities at most 5 drops; preferred drops pay ≥ 50 gems.
 */
export const FEED_LIMITS = Object.freeze({ forYou: 10, opportunities: 5, social: 20, preferredDropGemReward: 50 });

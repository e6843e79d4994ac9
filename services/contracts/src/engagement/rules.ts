/**
 * The engagement rules (spec 2 §5, §9) as pure functions over exact integers: the API decides with them, the screens
 * preview with them. Points have scale 1 (minor unit 0.1 point), gems and USD scale 4 (`@app/contracts/ledger`).
 */
import type { UserTier } from '../identity/users';

export const SOCIAL_ACTION_TYPES = ['like', 'comment', 'save', 'share', 'repost'] as const;
export type SocialActionType = (typeof SOCIAL_ACTION_TYPES)[number];

/**
 * Quick-action points in tenths of a point: like 0.1, comment 0.3, save 0.5, repost 0.2 (spec 2 §9 previews) and share
 * 10, the spec's "Share reward: base 10 points × tier" rather than the preview's "share 1" (engagement README,
 * Decisions).
 */
export const SOCIAL_ACTION_POINT_TENTHS: Readonly<Record<SocialActionType, number>> = Object.freeze({
  like: 1,
  comment: 3,
  save: 5,
  share: 100,
  repost: 2,
});

/**
 * Actions whose points are paid once per user and item (later ones count, for 0 points): a like is refused a second
 * time anyway; a comment pays per comment posted (each one is new text, under the daily cap).
 */
export const POINTS_ONCE_PER_ITEM: readonly SocialActionType[] = Object.freeze(['save', 'share', 'repost']);

/** External moves earn ten times more, in whole points (10 / 30 / 50 / 100 / 120). */
export const EXTERNAL_MOVE_POINTS: Readonly<Record<SocialActionType, number>> = Object.freeze({
  like: 10,
  comment: 30,
  save: 50,
  share: 100,
  repost: 120,
});

/** The tier multiplier 1 / 1.5 / 2 as halves, so every product stays an integer. */
export const TIER_MULTIPLIER_HALVES: Readonly<Record<UserTier, number>> = Object.freeze({
  free: 2,
  premium: 3,
  super: 4,
});
export const tierMultiplier = (tier: UserTier): number => TIER_MULTIPLIER_HALVES[tier] / 2;

/** Points (minor units: tenths) a quick action earns: base × multiplier, floored to one decimal. */
export function socialActionPointsMinor(action: SocialActionType, tier: UserTier): bigint {
  return BigInt(Math.floor((SOCIAL_ACTION_POINT_TENTHS[action] * TIER_MULTIPLIER_HALVES[tier]) / 2));
}

/** An external move's whole points (base × multiplier, floored) and keys (ceil(points / 20)). */
export function externalMoveReward(move: SocialActionType, tier: UserTier): { points: number; keys: number } {
  const points = Math.floor((EXTERNAL_MOVE_POINTS[move] * TIER_MULTIPLIER_HALVES[tier]) / 2);
  return { points, keys: Math.ceil(points / 20) };
}

/** Free engagement shares an action earns while the item's pool lasts (spec 2 §9: like 1, comment 3, share 5). */
export const ENGAGEMENT_SHARES_PER_ACTION_BY_TYPE: Readonly<Record<SocialActionType, number>> = Object.freeze({
  like: 1,
  comment: 3,
  save: 0,
  share: 5,
  repost: 0,
});

/**
 * Daily caps (UTC day, per user) on what engagement mints out of issuance: quick actions earn at most 50 points a
 * day (later actions still count, for 0 points); at most 10 external moves a day are rewarded (at most 2,400 points
 * and 120 keys at the super tier), an 11th is refused.
 */
export const ENGAGEMENT_DAILY_CAPS = Object.freeze({ socialActionPointsMinor: 500n, externalMoves: 10 });

/** External move proof images: PNG or JPEG, at most 10 MB (spec 2 §5, §9). */
export const PROOF_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Tips in gems: whole gems from 1 to 1000 (spec 2 §5). */
export const TIP_GEMS = Object.freeze({ min: 1, max: 1000 });

/** 1 gem tipped = $0.01 to the creator: USD minor units (scale 4) per gem minor unit (scale 4) is 1/100. */
export const USD_MINOR_PER_GEM = 100n;
/** 1,000 points = $1: one point minor unit (0.1 point) is exactly one USD minor unit ($0.0001). */
export const USD_MINOR_PER_POINT_MINOR = 1n;

export const FUND_CURRENCIES = ['USD', 'Gems', 'Points'] as const;
export type FundCurrency = (typeof FUND_CURRENCIES)[number];

/** Value in USD minor units of an amount given in the currency's minor units (gems at $0.01, points at 1000 = $1). */
export function usdMinorValueOf(currency: FundCurrency, amountMinor: bigint): bigint {
  if (currency === 'USD') return amountMinor;
  if (currency === 'Gems') return amountMinor / USD_MINOR_PER_GEM;
  return amountMinor * USD_MINOR_PER_POINT_MINOR;
}

export interface SponsorPackage {
  id: string;
  name: string;
  gems: number;
  /** The boost in tenths (1.5x → 15), so sums stay exact. */
  multiplierTenths: number;
  hours: number;
}

/** The five packages (spec 2 §9). The server prices a sponsorship from these, never from the client's numbers. */
export const SPONSOR_PACKAGES: readonly SponsorPackage[] = Object.freeze([
  { id: 'quick-boost', name: 'Quick Boost', gems: 25, multiplierTenths: 15, hours: 1 },
  { id: 'popular-boost', name: 'Popular Boost', gems: 50, multiplierTenths: 20, hours: 6 },
  { id: 'daily-featured', name: 'Daily Featured', gems: 100, multiplierTenths: 30, hours: 24 },
  { id: 'premium-spotlight', name: 'Premium Spotlight', gems: 200, multiplierTenths: 40, hours: 72 },
  { id: 'viral-campaign', name: 'Viral Campaign', gems: 500, multiplierTenths: 60, hours: 168 },
]);
export const DEFAULT_SPONSOR_PACKAGE = SPONSOR_PACKAGES[0]!;

/**
 * The package a request names: by `package_id` when given and known; else the package whose gems, multiplier and
 * hours all match; else the one whose gem amount matches. Anything else is null and refused: spec 2 §9's quick-boost
 * fallback would charge a package the sponsor never chose (issue 43).
 */
export function sponsorPackageFor(request: {
  packageId?: string | null;
  gems?: number | null;
  multiplier?: number | null;
  hours?: number | null;
}): SponsorPackage | null {
  if (request.packageId) {
    const byId = SPONSOR_PACKAGES.find((candidate) => candidate.id === request.packageId);
    if (byId) return byId;
  }
  const exact = SPONSOR_PACKAGES.find(
    (candidate) =>
      candidate.gems === request.gems &&
      candidate.multiplierTenths === Math.round((request.multiplier ?? 0) * 10) &&
      candidate.hours === request.hours,
  );
  return exact ?? SPONSOR_PACKAGES.find((candidate) => candidate.gems === request.gems) ?? null;
}

export const ENGAGEMENT_MESSAGES = Object.freeze({
  alreadyLiked: 'You have already liked this content!',
  alreadySaved: 'Content already saved to your collection!',
  contentNotFound: 'Content not found',
  contentArchived: 'This content is archived and takes no new engagement',
  moveAlreadyRecorded: 'You have already recorded this move for this content',
  dailyMovesReached: 'Daily limit of external moves reached. Come back tomorrow!',
  proofRequired: 'Please provide proof URL or upload a screenshot',
  proofTooLarge: 'Proof image must be at most 10MB',
  proofNotAnImage: 'Proof image must be a PNG or JPG image',
  insufficientGems: 'Insufficient gems',
  insufficientBalance: 'Insufficient balance',
  ownContentTip: 'You cannot tip your own content',
  ownContentSponsor: 'You cannot sponsor your own content',
  advertisersOnly: 'Only advertisers can sponsor content',
  demoIsolation: 'Demo accounts are sandboxes: no value can move between a demo account and a real account',
  savedNotFound: 'This content is not in your saved collection',
  shareLinkNotFound: 'Share link not found',
  shareTargetNotAllowed: 'Share links may only point to this app or to the content itself',
  shareLinkFailed: 'Unable to create share link',
  dailyPointsReached: 'Daily points limit reached; more tomorrow',
  commentThroughComments: 'A comment earns its points when it is posted: POST /api/content/{id}/comments',
  alreadyRewarded: 'Points for this action on this content were already paid',
});

export const sponsorSuccessMessage = (multiplier: number, hours: number): string =>
  `Content sponsored successfully! It will receive ${multiplier}x visibility boost for ${hours} hours.`;

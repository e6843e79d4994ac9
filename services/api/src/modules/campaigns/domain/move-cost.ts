import type { CampaignType } from '@app/contracts/campaigns';

/**
 * The move cost of a campaign (README "Move cost"), exact: amounts are minor units of moves (0.01 move, the ledger's
 * scale) and modifiers are whole hundredths, so the product is integer arithmetic and only the last step rounds (up,
 * to the next 0.01 move: the platform never charges less than the formula).
 *
 *   total = base(type) × duration × audience × premium
 *   base      proof 10, standard 50, premium 100 moves
 *   duration  1.00 for the first week, + 0.25 for every further started week, at most 4.00
 *   audience  1.00 up to 1,000 people, + 0.10 for every further started 1,000, at most 3.00;
 *             + 0.05 for each location and each interest targeted, at most + 0.50
 *   premium   1.50 when premium, else 1.00
 */
export interface MoveCostInput {
  campaignType: CampaignType;
  durationDays: number;
  audienceSize: number;
  locations: number;
  interests: number;
  isPremium: boolean;
}

export interface MoveCost {
  totalMinor: bigint;
  baseMinor: bigint;
  /** Hundredths (125 = ×1.25). */
  durationHundredths: bigint;
  audienceHundredths: bigint;
  premiumHundredths: bigint;
}

export const BASE_COST_MINOR: Readonly<Record<CampaignType, bigint>> = {
  proof: 1_000n,
  standard: 5_000n,
  premium: 10_000n,
};

const ONE = 100n;

export function durationModifier(durationDays: number): bigint {
  const weeks = BigInt(Math.max(1, Math.ceil(durationDays / 7)));
  const value = ONE + 25n * (weeks - 1n);
  return value > 400n ? 400n : value;
}

export function audienceModifier(audienceSize: number, locations: number, interests: number): bigint {
  const extraThousands = BigInt(Math.ceil(Math.max(0, audienceSize - 1000) / 1000));
  const size = ONE + 10n * extraThousands;
  const targeting = 5n * BigInt(Math.max(0, locations) + Math.max(0, interests));
  return (size > 300n ? 300n : size) + (targeting > 50n ? 50n : targeting);
}

export const premiumModifier = (isPremium: boolean): bigint => (isPremium ? 150n : ONE);

export function moveCost(input: MoveCostInput): MoveCost {
  const baseMinor = BASE_COST_MINOR[input.campaignType];
  const durationHundredths = durationModifier(input.durationDays);
  const audienceHundredths = audienceModifier(input.audienceSize, input.locations, input.interests);
  const premiumHundredths = premiumModifier(input.isPremium);
  const numerator = baseMinor * durationHundredths * audienceHundredths * premiumHundredths;
  const denominator = ONE * ONE * ONE;
  const totalMinor = (numerator + denominator - 1n) / denominator;
  return { totalMinor, baseMinor, durationHundredths, audienceHundredths, premiumHundredths };
}

export type Tier = 'free' | 'premium' | 'super';
export const TIERS: readonly Tier[] = ['free', 'premium', 'super'];

/** The lowest tier goes by free, regular or standard (spec 1 §1); anything unknown reads as free. */
export function normaliseTier(tier: string | null | undefined): Tier {
  const lowered = (tier ?? '').trim().toLowerCase();
  return lowered === 'premium' || lowered === 'super' ? lowered : 'free';
}

export function tierLabel(tier: Tier): string {
  return tier.charAt(0).toUpperCase() + tier.slice(1);
}

/** The tier's points multiplier (spec 1, spec 2 §6): free 1, premium 1.5, super 2. */
export const TIER_MULTIPLIERS: Readonly<Record<Tier, number>> = Object.freeze({ free: 1, premium: 1.5, super: 2 });

export function tierMultiplier(tier: string | null | undefined): number {
  return TIER_MULTIPLIERS[normaliseTier(tier)];
}

/**
 * The gem store's catalogue (spec 3 §9). Price and gems of a checkout come from here, never from the request:
 * a client that sends other numbers gets the catalogue's. Prices are whole cents so no float is ever charged.
 */
export interface GemPackage {
  id: string;
  /** Gems before the bonus. */
  gems: number;
  bonus: number;
  /** gems + bonus: what a paid session credits. */
  total_gems: number;
  /** Dollars, as the screens show them (27.5). */
  price: number;
  price_cents: number;
  label: string | null;
  most_popular: boolean;
}

const pkg = (
  id: string,
  gems: number,
  bonus: number,
  priceCents: number,
  label: string | null = null,
  mostPopular = false,
): GemPackage => ({
  id,
  gems,
  bonus,
  total_gems: gems + bonus,
  price: priceCents / 100,
  price_cents: priceCents,
  label,
  most_popular: mostPopular,
});

export const GEM_PACKAGES: readonly GemPackage[] = Object.freeze([
  pkg('starter', 10, 0, 1100),
  pkg('basic', 25, 0, 2750),
  pkg('popular', 47, 3, 5500, 'Best Value', true),
  pkg('premium', 88, 12, 11000, '12% Bonus'),
  pkg('ultimate', 210, 40, 27500, '16% Bonus'),
]);

export function findGemPackage(id: string): GemPackage | undefined {
  const wanted = id.trim().toLowerCase();
  return GEM_PACKAGES.find((candidate) => candidate.id === wanted);
}

/** "Add funds" on the USD card: one checkout credits exactly the dollars paid, within these bounds. */
export const USD_TOP_UP_LIMITS = Object.freeze({ minDollars: 5, maxDollars: 1000 });

/** A hosted checkout stays payable this long; afterwards it expires and credits nothing. */
export const CHECKOUT_SESSION_TTL_MINUTES = 30;

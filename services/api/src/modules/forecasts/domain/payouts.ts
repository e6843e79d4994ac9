/**
 * The payout rule of a forecast (README "Payout rule"), as one pure function of the stakes and the winning side.
 *
 * - The pool is every stake (the creator's included). Winners are the stakes on the winning side; each is owed
 *   floor(stake × odds) in USD minor units ($0.0001), odds in tenths (1.5 → 15).
 * - If the pool covers every winner, each gets what it is owed and the rest of the pool is the `remainder`
 *   (it goes to `system:fees`, the house's side of fixed odds).
 * - If it does not, the pool is shared pro-rata to what each is owed: floor(owed × pool / total owed), and the few
 *   minor units the floors leave are handed one each to the largest fractional parts (ties: the earlier stake), so
 *   the whole pool goes to the winners and the remainder is 0.
 * - Always: every payout ≤ its owed amount, Σ payouts + remainder = pool exactly, nothing is paid beyond the pool.
 */
export interface Stake {
  predictionId: string;
  userId: string;
  side: 'over' | 'under';
  amountMinor: bigint;
}

export interface PayoutPlan {
  poolMinor: bigint;
  owedMinor: bigint;
  /** Per prediction, in stake order (0 for losers). */
  payouts: ReadonlyArray<{ predictionId: string; userId: string; owedMinor: bigint; payoutMinor: bigint }>;
  paidMinor: bigint;
  remainderMinor: bigint;
  proRata: boolean;
}

export const owedFor = (amountMinor: bigint, oddsTenths: number): bigint => (amountMinor * BigInt(oddsTenths)) / 10n;

export function planPayouts(stakes: readonly Stake[], winningSide: 'over' | 'under', oddsTenths: number): PayoutPlan {
  let poolMinor = 0n;
  let owedMinor = 0n;
  const owed = stakes.map((stake) => {
    poolMinor += stake.amountMinor;
    const amount = stake.side === winningSide ? owedFor(stake.amountMinor, oddsTenths) : 0n;
    owedMinor += amount;
    return amount;
  });
  if (owedMinor <= poolMinor) {
    const payouts = stakes.map((stake, index) => ({
      predictionId: stake.predictionId,
      userId: stake.userId,
      owedMinor: owed[index],
      payoutMinor: owed[index],
    }));
    return {
      poolMinor,
      owedMinor,
      payouts,
      paidMinor: owedMinor,
      remainderMinor: poolMinor - owedMinor,
      proRata: false,
    };
  }
  // Pro-rata (largest remainder): floors first, then one minor unit each to the largest fractional parts.
  const floors = owed.map((amount) => (amount * poolMinor) / owedMinor);
  const fractions = owed.map((amount, index) => ({ index, fraction: (amount * poolMinor) % owedMinor }));
  let left = poolMinor - floors.reduce((sum, amount) => sum + amount, 0n);
  fractions.sort((a, b) => (a.fraction === b.fraction ? a.index - b.index : a.fraction > b.fraction ? -1 : 1));
  for (const { index, fraction } of fractions) {
    if (left === 0n) break;
    // A stake with no fractional part is paid exactly its share already; only true fractions are rounded up.
    if (fraction === 0n) break;
    floors[index] += 1n;
    left -= 1n;
  }
  const payouts = stakes.map((stake, index) => ({
    predictionId: stake.predictionId,
    userId: stake.userId,
    owedMinor: owed[index],
    payoutMinor: floors[index],
  }));
  const paidMinor = floors.reduce((sum, amount) => sum + amount, 0n);
  return { poolMinor, owedMinor, payouts, paidMinor, remainderMinor: poolMinor - paidMinor, proRata: true };
}

/** Payouts summed per user (one ledger posting per user), in the order users first appear among the stakes. */
export function payoutsByUser(plan: PayoutPlan): Array<{ userId: string; amountMinor: bigint }> {
  const byUser = new Map<string, bigint>();
  for (const payout of plan.payouts) {
    if (payout.payoutMinor === 0n) continue;
    byUser.set(payout.userId, (byUser.get(payout.userId) ?? 0n) + payout.payoutMinor);
  }
  return [...byUser].map(([userId, amountMinor]) => ({ userId, amountMinor }));
}

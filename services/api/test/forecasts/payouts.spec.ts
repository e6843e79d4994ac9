import fc from 'fast-check';
import { owedFor, payoutsByUser, planPayouts, type Stake } from '../../src/modules/forecasts/domain/payouts';

const stake = (predictionId: string, userId: string, side: 'over' | 'under', amountMinor: bigint): Stake => ({
  predictionId,
  userId,
  side,
  amountMinor,
});

/** The payout rule (README "Payout rule") as a pure function: exact, never more than the pool, pro rata when short. */
describe('forecast payouts', () => {
  it('pays each winner stake × odds (floored to $0.0001) when the pool covers them, the rest is the remainder', () => {
    const plan = planPayouts([stake('a', 'ann', 'over', 10_001n), stake('b', 'ben', 'under', 100_000n)], 'over', 15);
    expect(plan.payouts.map((payout) => payout.payoutMinor)).toEqual([15_001n, 0n]); // 10,001 × 1.5 = 15,001.5 → 15,001
    expect(plan).toMatchObject({
      poolMinor: 110_001n,
      owedMinor: 15_001n,
      paidMinor: 15_001n,
      remainderMinor: 95_000n,
      proRata: false,
    });
  });

  it('shares a short pool pro rata to what each is owed, the floors topped up one unit each by largest fraction', () => {
    // Pool 10; owed 2 × 3 each = 6 + 6 + 6 = 18: 10 × 6 / 18 = 3.33 each → 3, 3, 3, then one unit to the first.
    const plan = planPayouts(
      [
        stake('a', 'ann', 'over', 3n),
        stake('b', 'ben', 'over', 3n),
        stake('c', 'cat', 'over', 3n),
        stake('d', 'dan', 'under', 1n),
      ],
      'over',
      20,
    );
    expect(plan.payouts.map((payout) => payout.payoutMinor)).toEqual([4n, 3n, 3n, 0n]);
    expect(plan).toMatchObject({ poolMinor: 10n, owedMinor: 18n, paidMinor: 10n, remainderMinor: 0n, proRata: true });
  });

  it('pays nobody when nobody won: the whole pool is the remainder', () => {
    const plan = planPayouts([stake('a', 'ann', 'under', 50n)], 'over', 50);
    expect(plan).toMatchObject({ poolMinor: 50n, owedMinor: 0n, paidMinor: 0n, remainderMinor: 50n, proRata: false });
    expect(payoutsByUser(plan)).toEqual([]);
  });

  it('sums several stakes of one user into one payout', () => {
    const plan = planPayouts(
      [
        stake('a', 'ann', 'over', 10n),
        stake('b', 'ben', 'over', 10n),
        stake('c', 'ann', 'over', 5n),
        stake('d', 'cat', 'under', 100n),
      ],
      'over',
      20,
    );
    expect(payoutsByUser(plan)).toEqual([
      { userId: 'ann', amountMinor: 30n },
      { userId: 'ben', amountMinor: 20n },
    ]);
  });

  it('property: payouts + remainder = pool exactly, each payout ≤ owed, full pay unless short, short pays the whole pool', () => {
    const stakes = fc.array(
      fc.record({
        user: fc.integer({ min: 0, max: 20 }),
        side: fc.constantFrom<'over' | 'under'>('over', 'under'),
        amountMinor: fc.bigInt({ min: 10_000n, max: 10_000_000_000n }),
      }),
      { minLength: 1, maxLength: 200 },
    );
    fc.assert(
      fc.property(
        stakes,
        fc.constantFrom(15, 20, 25, 30, 40, 50),
        fc.constantFrom<'over' | 'under'>('over', 'under'),
        (generated, oddsTenths, winningSide) => {
          const all = generated.map((entry, index) =>
            stake(`p${index}`, `u${entry.user}`, entry.side, entry.amountMinor),
          );
          const plan = planPayouts(all, winningSide, oddsTenths);
          const pool = all.reduce((sum, entry) => sum + entry.amountMinor, 0n);
          const paid = plan.payouts.reduce((sum, payout) => sum + payout.payoutMinor, 0n);
          expect(plan.poolMinor).toBe(pool);
          expect(paid).toBe(plan.paidMinor);
          expect(paid + plan.remainderMinor).toBe(pool);
          expect(paid <= pool).toBe(true);
          expect(plan.remainderMinor >= 0n).toBe(true);
          plan.payouts.forEach((payout, index) => {
            expect(payout.payoutMinor >= 0n && payout.payoutMinor <= payout.owedMinor).toBe(true);
            expect(payout.owedMinor).toBe(
              all[index].side === winningSide ? owedFor(all[index].amountMinor, oddsTenths) : 0n,
            );
          });
          if (plan.owedMinor <= pool)
            expect(plan.payouts.every((payout) => payout.payoutMinor === payout.owedMinor)).toBe(true);
          else expect(plan.remainderMinor).toBe(0n);
          expect(payoutsByUser(plan).reduce((sum, entry) => sum + entry.amountMinor, 0n)).toBe(paid);
        },
      ),
      { numRuns: 300 },
    );
  });
});

import { inventoryPeriodEnd, inventoryPeriodStart, TIER_INVENTORY } from '../src/advertisers';

describe('tier inventory periods', () => {
  it('free tiers renew on the 1st of each UTC month, paid tiers every Monday 00:00 UTC', () => {
    const wednesday = new Date('2026-11-25T13:00:00Z');
    expect(inventoryPeriodStart(TIER_INVENTORY.free.period, wednesday).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(inventoryPeriodEnd(TIER_INVENTORY.free.period, wednesday).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(inventoryPeriodStart(TIER_INVENTORY.premium.period, wednesday).toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    );
    expect(inventoryPeriodEnd(TIER_INVENTORY.super.period, wednesday).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('a Sunday belongs to the week that started the Monday before, a Monday starts its own', () => {
    expect(inventoryPeriodStart('week', new Date('2026-11-29T23:59:59Z')).toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    );
    expect(inventoryPeriodStart('week', new Date('2026-11-30T00:00:00Z')).toISOString()).toBe(
      '2026-11-30T00:00:00.000Z',
    );
    expect(inventoryPeriodEnd('month', new Date('2026-12-31T23:00:00Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });

  it('the free tier may create no paid drops (spec 3 §6: proof drops only)', () => {
    expect(TIER_INVENTORY.free.paidDropsPerPeriod).toBe(0);
    expect(TIER_INVENTORY.premium).toEqual({
      period: 'week',
      movesPerPeriod: 200,
      proofDropsPerPeriod: 15,
      paidDropsPerPeriod: 8,
    });
  });
});

import {
  audienceModifier,
  durationModifier,
  moveCost,
  premiumModifier,
} from '../../src/modules/campaigns/domain/move-cost';

const cost = (overrides: Partial<Parameters<typeof moveCost>[0]> = {}) =>
  moveCost({
    campaignType: 'standard',
    durationDays: 7,
    audienceSize: 1000,
    locations: 0,
    interests: 0,
    isPremium: false,
    ...overrides,
  });

describe('the move cost formula (README "Move cost")', () => {
  it('costs the base of the type for one week, 1,000 people, no targeting, not premium', () => {
    expect(cost({ campaignType: 'proof' }).totalMinor).toBe(1_000n);
    expect(cost({ campaignType: 'standard' }).totalMinor).toBe(5_000n);
    expect(cost({ campaignType: 'premium' }).totalMinor).toBe(10_000n);
  });

  it('adds 0.25 per further started week, at most ×4.00', () => {
    expect(durationModifier(1)).toBe(100n);
    expect(durationModifier(7)).toBe(100n);
    expect(durationModifier(8)).toBe(125n);
    expect(durationModifier(14)).toBe(125n);
    expect(durationModifier(30)).toBe(200n);
    expect(durationModifier(366)).toBe(400n);
  });

  it('adds 0.10 per further started 1,000 people (at most ×3.00) and 0.05 per location or interest (at most +0.50)', () => {
    expect(audienceModifier(100, 0, 0)).toBe(100n);
    expect(audienceModifier(1000, 0, 0)).toBe(100n);
    expect(audienceModifier(1100, 0, 0)).toBe(110n);
    expect(audienceModifier(5000, 0, 0)).toBe(140n);
    expect(audienceModifier(1_000_000, 0, 0)).toBe(300n);
    expect(audienceModifier(1000, 2, 3)).toBe(125n);
    expect(audienceModifier(1000, 20, 20)).toBe(150n);
    expect(audienceModifier(1_000_000, 50, 50)).toBe(350n);
  });

  it('multiplies by 1.50 when premium', () => {
    expect(premiumModifier(true)).toBe(150n);
    expect(premiumModifier(false)).toBe(100n);
    expect(cost({ campaignType: 'premium', isPremium: true }).totalMinor).toBe(15_000n);
  });

  it('multiplies exactly in hundredths and rounds only the total, up to the next 0.01 move', () => {
    // 50 × 1.25 × 1.15 × 1 = 71.875 → 71.88
    const result = cost({ durationDays: 10, audienceSize: 2000, locations: 1 });
    expect(result).toEqual({
      totalMinor: 7_188n,
      baseMinor: 5_000n,
      durationHundredths: 125n,
      audienceHundredths: 115n,
      premiumHundredths: 100n,
    });
    // 10 × 1.25 × 1.05 × 1.5 = 19.6875 → 19.69
    expect(cost({ campaignType: 'proof', durationDays: 8, interests: 1, isPremium: true }).totalMinor).toBe(1_969n);
  });

  it('is at most 100 × 4 × 3.5 × 1.5 = 2,100 moves', () => {
    expect(
      cost({
        campaignType: 'premium',
        durationDays: 366,
        audienceSize: 1_000_000_000,
        locations: 50,
        interests: 50,
        isPremium: true,
      }).totalMinor,
    ).toBe(210_000n);
  });
});

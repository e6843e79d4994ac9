import { formatTimeLeft, potentialPayout, predictionOutcome, takesPredictions, usdMinor } from './forecast-format';

const now = new Date('2026-11-27T10:00:00.000Z');

describe('forecast display rules (spec 2 §4, §9)', () => {
  it('shows time left in days and hours over 24 hours, else hours and minutes, and Expired once past', () => {
    expect(formatTimeLeft('2026-11-30T16:30:00.000Z', now)).toBe('3d 6h left');
    expect(formatTimeLeft('2026-11-28T10:00:00.000Z', now)).toBe('1d 0h left');
    expect(formatTimeLeft('2026-11-28T09:59:00.000Z', now)).toBe('23h 59m left');
    expect(formatTimeLeft('2026-11-27T10:00:00.000Z', now)).toBe('Expired');
  });

  it('takes predictions only while active and before expiry', () => {
    expect(takesPredictions({ status: 'active', expires_at: '2026-11-27T10:00:01.000Z' }, now)).toBe(true);
    expect(takesPredictions({ status: 'active', expires_at: '2026-11-27T10:00:00.000Z' }, now)).toBe(false);
    expect(takesPredictions({ status: 'expired', expires_at: '2026-12-27T10:00:00.000Z' }, now)).toBe(false);
  });

  it('says Won when a resolved prediction was paid above 0, else Lost; a settled one its result; otherwise its status', () => {
    expect(
      predictionOutcome({ forecast_status: 'resolved', actual_payout: 0.0001, status: 'settled', result: 'won' }).label,
    ).toBe('Won');
    expect(
      predictionOutcome({ forecast_status: 'resolved', actual_payout: 0, status: 'settled', result: 'lost' }).label,
    ).toBe('Lost');
    expect(
      predictionOutcome({ forecast_status: 'active', actual_payout: null, status: 'settled', result: 'won' }).label,
    ).toBe('Won');
    expect(
      predictionOutcome({ forecast_status: 'expired', actual_payout: null, status: 'active', result: 'pending' }).label,
    ).toBe('Awaiting result');
    expect(
      predictionOutcome({ forecast_status: 'active', actual_payout: null, status: 'active', result: 'pending' }).label,
    ).toBe('Active');
  });

  it('computes potential payout as stake × odds, and 0 for no stake', () => {
    expect(potentialPayout(10, 2.5)).toBe(25);
    expect(potentialPayout(0.3333, 3)).toBe(0.9999);
    expect(potentialPayout(Number.NaN, 2)).toBe(0);
  });

  it('reads a balance in exact USD minor units ($0.0001), 0 when unknown', () => {
    expect(usdMinor('40')).toBe(400_000n);
    expect(usdMinor(12.3456)).toBe(123_456n);
    expect(usdMinor(undefined)).toBe(0n);
    expect(usdMinor('not a number')).toBe(0n);
  });
});

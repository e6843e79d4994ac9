import fc from 'fast-check';
import { LEADERBOARD_PERIODS } from '@app/contracts/leaderboard';
import { periodKey } from '../../src/modules/leaderboard/leaderboard-periods';

/** The definition: the period of the instant, computed from a parsed Date. */
function periodKeyByDate(period: string, isoTimestamp: string): string {
  const instant = new Date(isoTimestamp);
  if (period === 'daily') return instant.toISOString().slice(0, 10);
  if (period === 'monthly') return instant.toISOString().slice(0, 7);
  const daysSinceMonday = (instant.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate() - daysSinceMonday))
    .toISOString()
    .slice(0, 10);
}

const instants = fc.date({
  min: new Date('1990-01-01T00:00:00.000Z'),
  max: new Date('2100-12-31T23:59:59.999Z'),
  noInvalidDate: true,
});

describe('leaderboard periodKey', () => {
  it('reads the same day, ISO week and month off an event instant as a parsed Date gives', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...LEADERBOARD_PERIODS), (instant, period) => {
        const iso = instant.toISOString();
        expect(periodKey(period, iso)).toBe(periodKeyByDate(period, iso));
      }),
      { numRuns: 5_000 },
    );
  });

  it('takes an instant with an offset or without milliseconds through Date, in UTC', () => {
    expect(periodKey('daily', '2026-03-16T01:30:00+02:00')).toBe('2026-03-15');
    expect(periodKey('weekly', '2026-03-16T01:30:00+02:00')).toBe('2026-03-09');
    expect(periodKey('monthly', '2026-04-01T00:30:00+01:00')).toBe('2026-03');
    expect(periodKey('daily', '2026-03-15T10:00:00Z')).toBe('2026-03-15');
  });
});

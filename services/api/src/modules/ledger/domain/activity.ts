import type { ReasonCode } from '@app/contracts/ledger';
import { userAccount } from './accounts';
import type { TransactionPosted } from './events';
import { utcDayOf } from './events';

/**
 * What a user's own ledger stream says about their activity, folded with the balances (so `/api/users/me` reads it
 * at no extra cost and never behind): the days they did something that moved value, and the USD they earned.
 */
export interface UserActivity {
  /** The last UTC day with activity, `YYYY-MM-DD`. */
  lastActiveDay: string | null;
  /** Consecutive UTC days with activity ending on `lastActiveDay`. */
  streakDays: number;
  /** USD credited to the user as earnings (`USD_EARNING_REASONS`), minor units. */
  earnedUsdMinor: bigint;
}

export const initialActivity = (): UserActivity => ({ lastActiveDay: null, streakDays: 0, earnedUsdMinor: 0n });

/** Movements that are nobody's activity: opening grants, demo top-ups, reversals and operators' adjustments. */
const NOT_ACTIVITY: ReadonlySet<ReasonCode> = new Set<ReasonCode>([
  'ACCOUNT_OPENING',
  'DEMO_FUNDING',
  'REVERSAL',
  'ADJUSTMENT',
]);

/**
 * USD arriving as earnings: tips and funds received, shares sold, payouts (predictions, staking, funding, shields),
 * sponsorship and rewards. A user's own top-ups, conversions and refunds are not earnings.
 */
export const USD_EARNING_REASONS: ReadonlySet<ReasonCode> = new Set<ReasonCode>([
  'TIP',
  'CONTENT_FUNDING',
  'SHARE_PURCHASE',
  'PREDICTION',
  'STAKING_REWARD',
  'FUNDING_SETTLEMENT',
  'SHIELD_PAYOUT',
  'SPONSORSHIP',
  'DROP_REWARD',
  'SOCIAL_ACTION_REWARD',
  'REFERRAL_BONUS',
  'ACHIEVEMENT_REWARD',
]);

const previousDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) - 86_400_000).toISOString().slice(0, 10);

export function evolveActivity(activity: UserActivity, userId: string, transaction: TransactionPosted): UserActivity {
  if (NOT_ACTIVITY.has(transaction.reasonCode)) return activity;
  const me = userAccount(userId);
  let earned = 0n;
  if (USD_EARNING_REASONS.has(transaction.reasonCode)) {
    for (const posting of transaction.postings)
      if (posting.creditAccount === me && posting.currency === 'usd') earned += posting.amountMinor;
  }
  const day = utcDayOf(transaction.occurredAt);
  let { lastActiveDay, streakDays } = activity;
  // Copies of one transaction are folded in stream order, so a day never goes backwards; an older day is ignored.
  if (lastActiveDay === null || day > lastActiveDay) {
    streakDays = lastActiveDay !== null && previousDay(day) === lastActiveDay ? streakDays + 1 : 1;
    lastActiveDay = day;
  }
  return { lastActiveDay, streakDays, earnedUsdMinor: activity.earnedUsdMinor + earned };
}

/** The streak as of `today`: alive while the last active day is today or yesterday, else 0. */
export function streakOn(activity: UserActivity, today: string): number {
  if (activity.lastActiveDay === null) return 0;
  return activity.lastActiveDay === today || activity.lastActiveDay === previousDay(today) ? activity.streakDays : 0;
}

import { createHash } from 'node:crypto';
import type { StoredEvent } from '@app/event-store';
import { formatMinor, type Currency, type ReasonCode } from '@app/contracts/ledger';
import { InstagramAccountVerifiedSchema, ReferralAppliedSchema } from '@app/contracts/rewards';
import { ShieldLapsedSchema } from '@app/contracts/growth';
import { CheckoutSessionPaidSchema } from '@app/contracts/payments';
import { CouponRedeemedSchema } from '@app/contracts/incentives';
import {
  WithdrawalFailedSchema,
  WithdrawalProcessedSchema,
  WithdrawalRequestedSchema,
} from '@app/contracts/withdrawals';
import { readTransactionCopy } from '../../ledger';
import { approvalDrafts } from './approval-rules';
import type { NotificationDraft } from './notification-draft';

export const notificationId = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);

/** Ledger movements that read as a reward to the user receiving them. */
const REWARD_REASONS: ReadonlySet<ReasonCode> = new Set<ReasonCode>([
  'REFERRAL_BONUS',
  'SOCIAL_ACTION_REWARD',
  'ACHIEVEMENT_REWARD',
  'DROP_REWARD',
  'STAKING_REWARD',
  'TIP',
  'PREDICTION',
  // A forecast settled on an observation (the oracle's, from the Approvals queue, or the platform's): winners are told.
  'FORECAST_PAYOUT',
]);

/**
 * Rules that need nothing but the event: a reward credited (read from the user's own copy of the ledger
 * transaction), a referral code used (to the referrer), an Instagram account verified.
 */
export function statelessDrafts(stored: Pick<StoredEvent, 'id' | 'type' | 'data' | 'streamId'>): NotificationDraft[] {
  switch (stored.type) {
    case 'LedgerTransactionPosted':
      return rewardDrafts(stored);
    case 'ReferralApplied': {
      const parsed = ReferralAppliedSchema.safeParse(stored.data);
      if (!parsed.success) return [];
      return [
        {
          key: `referral:${parsed.data.userId}`,
          userId: parsed.data.referrerUserId,
          type: 'social',
          title: 'Your referral code was used',
          message:
            `Someone joined with your code ${parsed.data.referralCode}: ` +
            `+${formatMinor(BigInt(parsed.data.referrerPointsMinor), 'points')} points`,
          data: { referred_user_id: parsed.data.userId, referral_code: parsed.data.referralCode },
          actionUrl: '/profile',
        },
      ];
    }
    case 'InstagramAccountVerified': {
      const parsed = InstagramAccountVerifiedSchema.safeParse(stored.data);
      if (!parsed.success) return [];
      return [
        {
          key: `instagram-verified:${stored.id}`,
          userId: parsed.data.userId,
          type: 'system',
          title: 'Instagram verified',
          message:
            `@${parsed.data.instagramUsername} is verified: you can claim your monthly Instagram points` +
            (parsed.data.reason ? `. ${parsed.data.reason}` : ''),
          data: { instagram_username: parsed.data.instagramUsername },
          actionUrl: '/dashboard',
        },
      ];
    }
    case 'ShieldLapsed': {
      const parsed = ShieldLapsedSchema.safeParse(stored.data);
      if (!parsed.success) return [];
      return [
        {
          key: `shield-lapsed:${parsed.data.subscriptionId}`,
          userId: parsed.data.userId,
          type: 'warning',
          title: 'Social Shield lapsed',
          message:
            `Your ${parsed.data.policyName} could not renew: not enough gems for the monthly premium. ` +
            'You are no longer covered.',
          data: { subscription_id: parsed.data.subscriptionId },
          actionUrl: '/growth-hub',
        },
      ];
    }
    default:
      return moneyDrafts(stored);
  }
}

/** Money crossing the boundary: a card payment credited, a leaderboard coupon won, then withdrawals. */
function moneyDrafts(stored: Pick<StoredEvent, 'id' | 'type' | 'data' | 'streamId'>): NotificationDraft[] {
  switch (stored.type) {
    case 'CheckoutSessionPaid':
      return checkoutPaidDrafts(stored);
    case 'CouponRedeemed': {
      // A leaderboard band's coupon awarded when the week closed (incentives): the winner is told.
      const parsed = CouponRedeemedSchema.safeParse(stored.data);
      if (!parsed.success || parsed.data.source !== 'leaderboard' || !parsed.data.userId) return [];
      return [
        {
          key: `coupon:${parsed.data.redemptionId}`,
          userId: parsed.data.userId,
          type: 'reward',
          title: 'You won a coupon',
          message: "You placed in last week's leaderboard and won an advertiser's coupon",
          data: {
            coupon_id: parsed.data.couponId,
            redemption_id: parsed.data.redemptionId,
            week: parsed.data.periodKey,
          },
          actionUrl: null,
        },
      ];
    }
    default:
      return withdrawalDrafts(stored);
  }
}

/** A withdrawal pending, processed or failed; other events go on to the approval rules. */
function withdrawalDrafts(stored: Pick<StoredEvent, 'id' | 'type' | 'data' | 'streamId'>): NotificationDraft[] {
  switch (stored.type) {
    case 'WithdrawalRequested': {
      const parsed = WithdrawalRequestedSchema.safeParse(stored.data);
      if (!parsed.success) return [];
      const { userId, withdrawalId, amountMinor, method, currency } = parsed.data;
      return [
        {
          key: `withdrawal-requested:${withdrawalId}`,
          userId,
          type: 'system',
          title: 'Withdrawal pending',
          message:
            `${withdrawn(amountMinor, currency)} ${currency === 'usd' ? 'is' : 'are'} held for your ${method} ` +
            'withdrawal until the payout completes',
          data: { withdrawal_id: withdrawalId, status: 'pending' },
          actionUrl: '/wallet',
        },
      ];
    }
    case 'WithdrawalProcessed': {
      const parsed = WithdrawalProcessedSchema.safeParse(stored.data);
      if (!parsed.success) return [];
      const { userId, withdrawalId, amountMinor, currency } = parsed.data;
      return [
        {
          key: `withdrawal-processed:${withdrawalId}`,
          userId,
          type: 'system',
          title: 'Withdrawal processed',
          message: `Your withdrawal of ${withdrawn(amountMinor, currency)} was paid out`,
          data: { withdrawal_id: withdrawalId, status: 'processed' },
          actionUrl: '/wallet',
        },
      ];
    }
    case 'WithdrawalFailed': {
      const parsed = WithdrawalFailedSchema.safeParse(stored.data);
      if (!parsed.success) return [];
      const { userId, withdrawalId, amountMinor, reason, currency } = parsed.data;
      return [
        {
          key: `withdrawal-failed:${withdrawalId}`,
          userId,
          type: 'warning',
          title: 'Withdrawal failed',
          message:
            `${reason}. Your ${withdrawn(amountMinor, currency)} ${currency === 'usd' ? 'is' : 'are'} ` +
            'available again.',
          data: { withdrawal_id: withdrawalId, status: 'failed' },
          actionUrl: '/wallet',
        },
      ];
    }
    default:
      return approvalDrafts(stored);
  }
}

/** A reward credited, read from the user's own copy of the ledger transaction. */
function rewardDrafts(stored: Pick<StoredEvent, 'id' | 'type' | 'data' | 'streamId'>): NotificationDraft[] {
  // Each involved user's stream holds a copy of the transaction: this copy notifies its own user only.
  const copy = readTransactionCopy(stored);
  if (
    copy === null ||
    copy === 'unreadable' ||
    copy.ownerUserId === null ||
    !REWARD_REASONS.has(copy.transaction.reasonCode)
  )
    return [];
  const userId = copy.ownerUserId;
  const received = new Map<Currency, bigint>();
  for (const leg of copy.legs) {
    if (leg.userId === null || leg.side !== 'credit') continue;
    received.set(leg.currency, (received.get(leg.currency) ?? 0n) + leg.amountMinor);
  }
  if (received.size === 0) return [];
  const amounts = [...received].map(([currency, minor]) => `+${formatMinor(minor, currency)} ${currency}`).join(', ');
  return [
    {
      key: `reward:${copy.transaction.transactionId}:${userId}`,
      userId,
      type: 'reward',
      title: 'Reward received',
      message: `${amounts} · ${copy.transaction.description}`,
      data: {
        transaction_id: copy.transaction.transactionId,
        reason: copy.transaction.reasonCode,
        amounts: Object.fromEntries(
          [...received].map(([currency, minor]) => [currency, Number(formatMinor(minor, currency))]),
        ),
      },
      actionUrl: '/wallet',
    },
  ];
}

/** A card payment: an advertiser plan paid, or gems, moves or dollars credited. */
function checkoutPaidDrafts(stored: Pick<StoredEvent, 'id' | 'type' | 'data' | 'streamId'>): NotificationDraft[] {
  const parsed = CheckoutSessionPaidSchema.safeParse(stored.data);
  if (!parsed.success) return [];
  const { userId, sessionId, creditCurrency, creditMinor, kind, packageId } = parsed.data;
  if (kind === 'plan') {
    // An advertiser plan credits nothing: the tier changes (subscriptions).
    return [
      {
        key: `payment:${sessionId}`,
        userId,
        type: 'reward',
        title: 'Payment received',
        message: packageId ? `Your ${packageId} plan payment was received` : 'Your plan payment was received',
        data: { session_id: sessionId, plan_id: packageId ?? null },
        actionUrl: '/plans',
      },
    ];
  }
  const amount =
    creditCurrency === 'gems'
      ? `${gems(creditMinor)} gems`
      : creditCurrency === 'moves'
        ? `${formatMinor(BigInt(creditMinor), 'moves')} moves`
        : `$${formatMinor(BigInt(creditMinor), 'usd')}`;
  return [
    {
      key: `payment:${sessionId}`,
      userId,
      type: 'reward',
      title: 'Payment received',
      message: `${amount} added to your wallet`,
      data: {
        session_id: sessionId,
        currency: creditCurrency,
        amount: Number(formatMinor(BigInt(creditMinor), creditCurrency)),
      },
      actionUrl: creditCurrency === 'moves' ? '/plans/moves' : '/wallet',
    },
  ];
}

const gems = (minor: string) => formatMinor(BigInt(minor), 'gems');

/** A withdrawal's amount in its currency: "250 gems" or "$12.50". */
const withdrawn = (minor: string, currency: 'gems' | 'usd' | undefined) =>
  currency === 'usd' ? `$${dollars(minor)}` : `${gems(minor)} gems`;

/** Dollars with cents, exactly (USD minor units are $0.0001; withdrawals are whole cents). */
const dollars = (minor: string) => {
  const [whole, fraction = ''] = formatMinor(BigInt(minor), 'usd').split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
};

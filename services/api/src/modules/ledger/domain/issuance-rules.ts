import type { Currency, ReasonCode } from '@app/contracts/ledger';

/**
 * No value from nothing: every credit to a user has a documented source and a bound. This is the table of the
 * ledger README ("Where credits come from") in code: each reason code that credits a user account, the account the
 * value comes from, the rule that caps it and where that rule is enforced. `ledger verify` and
 * `GET /api/admin/ledger/issuance` report every credit out of `system:issuance` per reason and currency, and verify
 * flags one whose reason (or currency) is not allowed to draw on issuance here.
 */
export interface CreditRule {
  /** Where the credited value comes from. */
  source: string;
  /** Currencies this reason may issue out of `system:issuance` (empty: it never draws on issuance). */
  issuanceCurrencies: readonly Currency[];
  /** The bound, in words. */
  cap: string;
  /** The code that enforces the bound. */
  enforcedIn: string;
}

export const CREDIT_RULES = {
  ACCOUNT_OPENING: {
    source: 'system:issuance',
    issuanceCurrencies: ['points', 'keys'],
    cap: '25 points and 1 key, once per user (LedgerAccountOpened)',
    enforcedIn: 'ledger domain/account-lifecycle.ts OpenUserAccounts',
  },
  DEMO_FUNDING: {
    source: 'system:issuance',
    issuanceCurrencies: ['points', 'keys', 'gems', 'gold', 'moves', 'usd'],
    cap:
      'tops a demo sandbox up to its persona floor (5,000 points, 20 keys, 1,000 gems, 500 gold, ' +
      'advertisers 1,000 moves, investors 1,000 usd), once per UTC day; demo sandboxes only, which never ' +
      'exchange value with real accounts',
    enforcedIn:
      'ledger domain/account-lifecycle.ts FundDemoPersona (+ demo isolation in transaction-rules.ts postTransaction)',
  },
  REFERRAL_BONUS: {
    source: 'system:issuance',
    issuanceCurrencies: ['points'],
    cap: '250 points to the referred user and 500 to the referrer, once per referred account, never for the own code',
    enforcedIn: 'rewards domain/rewards-account.ts ApplyReferral',
  },
  SOCIAL_ACTION_REWARD: {
    source: 'system:issuance',
    issuanceCurrencies: ['points'],
    cap:
      'Instagram: 500 / 750 / 1,000 points by tier once per calendar month, after an admin verified the ' +
      'account; influence: floor(verified followers × 0.01), at most 10,000 points, once per month, after an ' +
      'admin verified the count',
    enforcedIn:
      'rewards domain/rewards-account.ts ClaimInstagramPoints, VerifyInfluenceFollowers, ClaimInfluencePoints',
  },
  ACHIEVEMENT_REWARD: {
    source: 'system:issuance',
    issuanceCurrencies: ['gold'],
    cap: "the catalogue's gold_reward (at most 50 gold), once per achievement per user",
    enforcedIn: 'progress domain/progress-account.ts ClaimAchievement',
  },
  DROP_REWARD: {
    source: 'escrow:drop:<id> (gems, keys); system:issuance only for the key multiplier bonus',
    issuanceCurrencies: ['keys'],
    cap:
      'paid drops: min(gem_reward_base, pool remaining) gems; move drops: min(key_reward_amount, key pool ' +
      "remaining) keys, all escrowed by the drop's creator; the bonus is that reward × (multiplier − 1), " +
      'multiplier 2 while a gold-shop Key Multiplier is active. Move drops before the key escrow (issue 19) ' +
      'paid their keys from issuance',
    enforcedIn: 'drops domain/applications.ts CompleteApplication',
  },
  DROP_POOL_ESCROW: {
    source: "escrow:drop:<id> → the drop's creator",
    issuanceCurrencies: [],
    cap: 'what is left of what the creator escrowed (pool edits move the difference)',
    enforcedIn: 'drops domain/create-or-edit.ts UpdateDrop, domain/close-or-delete.ts CloseDrop, DeleteDrop',
  },
  DROP_APPLICATION: {
    source: 'system:burn → the applicant (refund)',
    issuanceCurrencies: [],
    cap: 'exactly what applying cost, once, when the application is rejected or the drop deleted',
    enforcedIn: 'drops domain/applications.ts RejectApplication, domain/close-or-delete.ts DeleteDrop',
  },
  CONVERSION: {
    source: 'system:conversion',
    issuanceCurrencies: [],
    cap: 'keys paid for in the same transaction: 500 points (at most 3 keys a UTC day) or 2 gems per key',
    enforcedIn: 'ledger domain/conversion.ts ConvertCurrency',
  },
  REVERSAL: {
    source: 'whichever account the original transaction credited',
    issuanceCurrencies: [],
    cap: "the original's postings mirrored, once; a reversal is never reversed",
    enforcedIn: 'ledger domain/reversal.ts ReverseTransaction',
  },
  STAKING_REWARD: {
    source: 'system:issuance → escrow:stake:<positionId> (paid to the staker with the stake, under STAKE)',
    issuanceCurrencies: ['gems'],
    cap:
      "per position at most amount × (multiplier − 1), fixed when staking (ops' catalogue caps multipliers " +
      'at ×3), paid per lock day (cumulative floor(total × day / lock days)), each day once',
    enforcedIn: 'growth domain/staking.ts AccrueStakeRewards',
  },
  STAKE: {
    source: 'escrow:stake:<positionId> → its staker',
    issuanceCurrencies: [],
    cap: 'exactly what the escrow holds (the stake plus the rewards accrued), once, after lock_until',
    enforcedIn: 'growth domain/staking.ts WithdrawStake',
  },
  FUNDING_SETTLEMENT: {
    source: 'escrow:project:<id> → the creator (goal reached) or each backer (goal missed)',
    issuanceCurrencies: [],
    cap:
      "exactly the pledges the escrow holds, once, after the project's deadline: all to the creator, or " +
      "each backer's own pledges back",
    enforcedIn: 'growth domain/funding.ts SettleProject',
  },
  SHIELD_PAYOUT: {
    source: 'escrow:insurance:<real|demo> (the premiums paid in)',
    issuanceCurrencies: [],
    cap:
      'coverage − deductible of the policy taken, one claim per paid month, after an admin approved it, ' +
      "never more than the pool's balance",
    enforcedIn: 'growth domain/shield.ts DecideClaim and the pool decider PayClaim',
  },
  ENGAGEMENT_REWARD: {
    source: 'system:issuance',
    issuanceCurrencies: ['points', 'keys'],
    cap:
      'quick actions on content: base points (0.1 to 10) × tier multiplier floored to 0.1, like, save, ' +
      'share and repost once per user and item, a comment once per comment posted, at most 50 points a user ' +
      'per UTC day; external moves: 10 to 120 points × multiplier floored and keys = ceil(points / 20), one ' +
      'per type per user and item, at most 10 a user per UTC day; nothing on demo content',
    enforcedIn:
      'engagement domain/decide-social.ts decideSocialAction (quick actions and posted comments), decideExternalMove',
  },
  TIP: {
    source: "system:conversion (the gems or points given up in the same transaction) or the tipper's own usd",
    issuanceCurrencies: [],
    cap: '$0.01 per gem and $0.001 per point tipped, usd as is; never the own content',
    enforcedIn: 'engagement domain/decide-money.ts decideTip',
  },
  GEM_PURCHASE: {
    source: 'system:issuance (paid for with real money at a card provider)',
    issuanceCurrencies: ['gems'],
    cap:
      "the catalogue's gems plus bonus of the package (at most 250), once per checkout session the " +
      'provider confirmed paid for the catalogue price (signed webhook; session stream and a transaction id ' +
      'derived from the session)',
    enforcedIn: 'payments domain/checkout-session.ts ConfirmPayment',
  },
  USD_TOP_UP: {
    source: 'system:issuance (paid for with real money at a card provider)',
    issuanceCurrencies: ['usd'],
    cap: 'exactly the dollars the provider confirmed paid ($5 to $1,000 per checkout), once per checkout session',
    enforcedIn: 'payments domain/checkout-session.ts ConfirmPayment',
  },
  ADJUSTMENT: {
    source: 'system:issuance',
    issuanceCurrencies: ['points', 'keys', 'gems', 'gold', 'usd', 'moves'],
    cap:
      'none by rule: no HTTP route posts it; only code with direct access to the ledger (operators, tests, ' +
      'benchmarks). Every one is listed by verify and the issuance report',
    enforcedIn: '(no route)',
  },
  SHARE_PURCHASE: {
    source:
      "the buyer's own usd (primary: → the creator; a listing fill: → the seller and system:fees) or " +
      'escrow:offer:<id> (an accepted offer: → the seller and system:fees)',
    issuanceCurrencies: [],
    cap:
      'quantity × price the buyer paid or escrowed, once per trade, in the same append as the shares moved ' +
      'on market-content-<id>; resale: seller gets total − floor(2.5 %), the fee the rest',
    enforcedIn: 'market domain/decide.ts BuyShares, BuyListing, AcceptOffer',
  },
  SHARE_OFFER: {
    source: 'escrow:offer:<id> → the buyer who escrowed it',
    issuanceCurrencies: [],
    cap:
      "exactly the offer's escrowed bid, once, when the offer is declined, cancelled or expired (never " +
      'after it was accepted)',
    enforcedIn: 'market domain/decide.ts CloseOffer',
  },
  CONTENT_FUNDING: {
    source: "escrow:content:<id> (the item's funds) → its shareholders and its creator",
    issuanceCurrencies: [],
    cap:
      'exactly the usd funded into the item, once, when it is archived or deleted: floor(reserve × shares ' +
      '/ total_shares) to each holder, the rest to the creator',
    enforcedIn: 'engagement domain/content-removed.ts decideReleaseReserve',
  },
  SPONSORSHIP: {
    source: 'escrow:sponsorship:<id> → its sponsor (the rest to system:fees)',
    issuanceCurrencies: [],
    cap:
      "floor(gems × time left / duration) of the sponsorship's own escrow, once, when its item is archived " +
      'or deleted before the end',
    enforcedIn: 'engagement domain/content-removed.ts decideEndSponsorshipEarly',
  },
  MOVES_PURCHASE: {
    source: 'system:issuance (paid for with real money at a card provider)',
    issuanceCurrencies: ['moves'],
    cap:
      "the catalogue's moves of the package (100, 500 or 1,000), once per checkout session the provider " +
      'confirmed paid for the catalogue price',
    enforcedIn: 'payments domain/checkout-session.ts ConfirmPayment',
  },
  MOVES_ALLOWANCE: {
    source: 'system:issuance',
    issuanceCurrencies: ['moves'],
    cap:
      "the tier's moves per inventory period (TIER_INVENTORY: free 50 a calendar month, premium 200 and " +
      'super 500 a week from Monday 00:00 UTC), once per advertiser and period, advertisers only',
    enforcedIn: 'subscriptions domain/subscription.ts CreditMovesAllowance',
  },
  CAMPAIGN_SPEND: {
    source: "escrow:campaign:<id> → the campaign's owner (refund)",
    issuanceCurrencies: [],
    cap:
      'exactly the moves the campaign escrowed when it was created, once, when it is deleted as a draft ' +
      '(never activated: activation consumes the escrow to system:burn)',
    enforcedIn: 'campaigns domain/campaign.ts DeleteCampaign',
  },
  FORECAST_PAYOUT: {
    source: 'escrow:forecast:<id> (every stake of the forecast, under PREDICTION) → its winners',
    issuanceCurrencies: [],
    cap:
      'floor(stake × odds) per winning stake, pro rata when the pool is short; never more than the escrow ' +
      'holds, each batch once (forecast-<id>-payouts-<n> streams)',
    enforcedIn: 'forecasts domain/payouts.ts planPayouts, settlement PayBatch',
  },
} as const satisfies Partial<Record<ReasonCode, CreditRule>>;

export type CreditReason = keyof typeof CREDIT_RULES;

/** Why an issuance (a credit out of `system:issuance`) breaks the table, or null when it is documented. */
export function undocumentedIssuance(reasonCode: string, currency: Currency): string | null {
  const rule = (CREDIT_RULES as Record<string, CreditRule>)[reasonCode];
  if (!rule) return `reason ${reasonCode} is not in the issuance table`;
  if (!rule.issuanceCurrencies.includes(currency)) return `reason ${reasonCode} may not issue ${currency}`;
  return null;
}

import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys per resource, for the shell and every remote. They share one query cache (the platform is a federation
 * singleton), so a mutation in one app refreshes what another shows only when both spell the key the same way:
 * a conversion in the shell invalidates `ledgerKeys.all`, and the wallet remote's wallets and transactions reload.
 * Each family starts with its resource name, so `invalidateQueries({ queryKey: family.all })` reaches all of it.
 */

/** Money: wallets, transactions and the daily conversion allowance (services/api ledger). */
export const ledgerKeys = {
  all: ['ledger'] as const,
  wallets: () => ['ledger', 'wallets'] as const,
  transactions: (filter: { currency?: string; type?: string; limit?: number; offset?: number } = {}) =>
    ['ledger', 'transactions', filter] as const,
  /** Point-in-time balances sampled over the last `days` days (the wallet's chart). */
  balanceHistory: (days: number) => ['ledger', 'balance-history', days] as const,
  conversionAllowance: () => ['ledger', 'conversion-allowance'] as const,
};

/** People: public profiles and the signed-in user's progress (level, XP, achievements). */
export const userKeys = {
  all: ['users'] as const,
  publicProfile: (slugOrId: string) => ['users', 'profile', slugOrId] as const,
  progress: () => ['users', 'progress'] as const,
  achievements: () => ['users', 'achievements'] as const,
};

/** Drops, applications to them, and the master key that opens paid drops. */
export const dropKeys = {
  all: ['drops'] as const,
  list: () => ['drops', 'list'] as const,
  detail: (id: string) => ['drops', 'detail', id] as const,
  applications: (id: string) => ['drops', 'applications', id] as const,
  mine: () => ['drops', 'my-applications'] as const,
};

/** Rewards: master key, Instagram and influence rewards, referrals. */
export const rewardKeys = {
  all: ['rewards'] as const,
  masterKey: () => ['rewards', 'master-key-status'] as const,
  instagram: () => ['rewards', 'instagram'] as const,
  influence: () => ['rewards', 'influence'] as const,
};

/** The shop: gold items and purchases, tier upgrade prices. */
export const shopKeys = {
  all: ['shop'] as const,
  goldItems: () => ['shop', 'gold-items'] as const,
  goldPurchases: () => ['shop', 'gold-purchases'] as const,
  upgradeCosts: () => ['shop', 'upgrade-costs'] as const,
};

/** Money crossing the boundary: the gem catalogue and checkout sessions, withdrawal methods, saved payment methods. */
export const paymentKeys = {
  all: ['payments'] as const,
  gemPackages: () => ['payments', 'gem-packages'] as const,
  checkoutSession: (id: string) => ['payments', 'checkout-sessions', id] as const,
  withdrawalMethods: () => ['payments', 'withdrawal-methods'] as const,
  preferences: () => ['payments', 'preferences'] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  feed: (userId: string) => ['notifications', 'feed', userId] as const,
};

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  period: (period: string) => ['leaderboard', period] as const,
};

export const searchKeys = {
  all: ['search'] as const,
  term: (term: string) => ['search', term] as const,
};

/** Content, its comments and engagement (likes, saves, sponsorship), and the home feed's tabs. */
export const contentKeys = {
  all: ['content'] as const,
  feed: (tab?: string) => (tab ? (['content', 'feed', tab] as const) : (['content', 'feed'] as const)),
  list: (filter: { creatorId?: string } = {}) => ['content', 'list', filter] as const,
  detail: (id: string) => ['content', 'detail', id] as const,
  metrics: (id: string) => ['content', 'detail', id, 'metrics'] as const,
  userStatus: (id: string) => ['content', 'detail', id, 'user-status'] as const,
  sponsorship: (id: string) => ['content', 'detail', id, 'sponsorship'] as const,
  comments: (id: string) => ['content', 'detail', id, 'comments'] as const,
  saved: () => ['content', 'saved'] as const,
  testContent: (id: string) => ['content', 'test', id] as const,
};

export const portfolioKeys = {
  all: ['portfolio'] as const,
  holdings: () => ['portfolio', 'holdings'] as const,
  holding: (id: string) => ['portfolio', 'holdings', id] as const,
  prediction: (id: string) => ['portfolio', 'predictions', id] as const,
  /** The resale market: everyone's open listings, or one item's (`contentId`). */
  market: (filter: { contentId?: string } = {}) => ['portfolio', 'market', filter] as const,
  /** Another user's public holdings (their profile). */
  publicHoldings: (userId: string) => ['portfolio', 'public-holdings', userId] as const,
};

export const advertiserKeys = {
  all: ['advertisers'] as const,
  dashboard: () => ['advertisers', 'dashboard'] as const,
  campaigns: () => ['advertisers', 'campaigns'] as const,
};

export const platformStatsKeys = {
  all: ['platform-stats'] as const,
};

/**
 * After money moved for the signed-in user (conversion, purchase, claim, drop pool): every ledger view reloads, in
 * whichever app shows it. The session's balances refresh through `useSession().refresh()`.
 */
export function refreshMoneyViews(queryClient: Pick<QueryClient, 'invalidateQueries'>): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
}

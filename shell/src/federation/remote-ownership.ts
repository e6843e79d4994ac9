/**
 * Which remote owns which top-level path (ARCHITECTURE §1). The host owns the top-level routes and
 * lazy-loads the owner's route subtree; the remote matches the full path below that.
 */
export const remoteOwnership = {
  mf_earn: { label: 'Earn', prefixes: ['earn', 'task', 'create', 'content', 'drops'] },
  mf_invest: { label: 'Invest', prefixes: ['invest', 'portfolio', 'holding', 'prediction', 'predictions'] },
  mf_wallet: { label: 'Wallet', prefixes: ['wallet', 'growth-hub', 'withdraw', 'payment-methods', 'gem-store'] },
  mf_advertiser: { label: 'Advertiser', prefixes: ['advertiser', 'campaigns', 'coupons', 'plans'] },
} as const;

export type RemoteName = keyof typeof remoteOwnership;

export const remoteNames = Object.keys(remoteOwnership) as RemoteName[];

export function remoteForPath(pathname: string): RemoteName | null {
  const firstSegment = pathname.split('/').filter(Boolean)[0];
  if (!firstSegment) return null;
  return (
    remoteNames.find((name) => (remoteOwnership[name].prefixes as readonly string[]).includes(firstSegment)) ?? null
  );
}

/**
 * Each top-level page's title and meta description (search results and link previews show them). The first path
 * segment picks the entry; anything unknown keeps the landing page's description.
 */
const pages: Record<string, { title: string; description: string }> = {
  '': {
    title: 'Rewards',
    description: 'Earn points, keys and gems for what you create and share; invest in content and predict outcomes.',
  },
  auth: {
    title: 'Sign in · Rewards',
    description: 'Sign in or create your free account to start earning points, keys and gems.',
  },
  dashboard: {
    title: 'Home · Rewards',
    description: 'Your feed, balances and the opportunities picked for you today.',
  },
  earn: {
    title: 'Earn · Rewards',
    description: 'Complete tasks, apply to drops and engage with content to earn rewards.',
  },
  invest: {
    title: 'Invest · Rewards',
    description: 'Buy shares in content, trade on the resale market and make forecasts.',
  },
  wallet: { title: 'Wallet · Rewards', description: 'Your balances, transactions, payment methods and withdrawals.' },
  'growth-hub': {
    title: 'Growth Hub · Rewards',
    description: 'Stake, fund projects, refer friends and protect your earnings.',
  },
  leaderboard: { title: 'Leaderboard · Rewards', description: 'The top earners and creators of the platform.' },
  advertiser: {
    title: 'Advertiser · Rewards',
    description: 'Run campaigns that reward people for engaging with your brand.',
  },
};

export function pageMetaFor(pathname: string): { title: string; description: string } {
  const segment = pathname.split('/').filter(Boolean)[0] ?? '';
  return pages[segment] ?? pages[''];
}

/** Sets the document's title and meta description for a path (the built index.html has the tag). */
export function applyPageMeta(pathname: string, target: Document = document): void {
  const { title, description } = pageMetaFor(pathname);
  target.title = title;
  let tag = target.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = target.createElement('meta');
    tag.name = 'description';
    target.head.appendChild(tag);
  }
  tag.content = description;
}

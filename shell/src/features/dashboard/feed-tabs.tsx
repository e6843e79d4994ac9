import { Button, ButtonLink, EmptyState, ErrorBox, SkeletonList } from '@app/platform';
import { Tabs } from '@app/platform/app';
import { Plus, Star } from '@app/platform/icons';
import { type FeedTab, useFeed } from './feed-api';
import { FeedCard, feedItemKey } from './feed-cards';
import { FeedForecasts } from './forecast-cards';

const EMPTY: Record<FeedTab, { title: string; message: string }> = {
  'for-you': {
    title: 'Nothing for you yet',
    message: 'Content and drops show up here as creators and brands publish them.',
  },
  social: { title: 'No content yet', message: 'Be the first: share a post and let people like, tip and fund it.' },
  opportunities: { title: 'No open drops', message: 'Brands post paid, proof and move drops on the Earn page.' },
};

function FeedPanel({ tab }: { tab: FeedTab }) {
  const feed = useFeed(tab);
  if (feed.isPending) return <SkeletonList label="Loading your feed" />;
  if (feed.isError)
    return <ErrorBox message={`Failed to load data: ${feed.error.message}`} onRetry={() => void feed.refetch()} />;
  const items = feed.data.pages.flatMap((page) => page.items);
  const refresh =
    tab === 'social' ? (
      <Button
        variant="ghost"
        size="small"
        busy={feed.isRefetching && !feed.isFetchingNextPage}
        onClick={() => void feed.refetch()}
      >
        Refresh
      </Button>
    ) : null;
  // For You also carries the open forecasts (spec 2, home feed), real ones from the forecasts context.
  const forecasts = tab === 'for-you' ? <FeedForecasts /> : null;
  if (items.length === 0) {
    return (
      <div className="ui-stack">
        {refresh}
        {forecasts}
        <EmptyState
          title={EMPTY[tab].title}
          message={EMPTY[tab].message}
          action={
            <div className="ui-row">
              <ButtonLink to="/create">
                <Plus size={16} /> Create content
              </ButtonLink>
              <ButtonLink to="/earn" variant="secondary">
                <Star size={16} /> Browse drops
              </ButtonLink>
            </div>
          }
        />
      </div>
    );
  }
  return (
    <div className="ui-stack">
      {refresh}
      {forecasts}
      <ul className="feed-list" aria-label={`${tab} feed`}>
        {items.map((item) => (
          <li key={feedItemKey(item)}>
            <FeedCard item={item} />
          </li>
        ))}
      </ul>
      {feed.hasNextPage ? (
        <Button variant="secondary" busy={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
          Load more
        </Button>
      ) : null}
    </div>
  );
}

/** For You, Social Feed and Opportunities, each loaded when its tab opens. */
export function FeedTabs() {
  return (
    <Tabs
      label="Home feed"
      items={[
        { value: 'for-you', label: 'For You', content: <FeedPanel tab="for-you" /> },
        { value: 'social', label: 'Social Feed', content: <FeedPanel tab="social" /> },
        { value: 'opportunities', label: 'Opportunities', content: <FeedPanel tab="opportunities" /> },
      ]}
    />
  );
}

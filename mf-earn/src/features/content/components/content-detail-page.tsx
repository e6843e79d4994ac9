import {
  Badge,
  Button,
  ButtonLink,
  Card,
  EmptyState,
  ErrorBox,
  SkeletonList,
  formatCount,
  formatMoney,
  formatSharePrice,
  isApiError,
  useSession,
  useTrackView,
} from '@app/platform';
import { ArrowLeft } from '@app/platform/icons';
import { CONTENT_MESSAGES } from '@app/contracts/content';
import { BuySharesDialog, ListingsMarket } from '@app/platform/market';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { type ContentView, ownsContent, useContent, useContentMetrics } from '../api/content-api';
import { CommentsSection } from './comments-section';
import { ContentActions } from './content-actions';
import { PLATFORM_LABELS } from './content-form';
import { OwnerActions } from './owner-actions';
import { SponsorshipPanel } from './sponsorship-panel';
import '../content.css';

/** Why an owner cannot buy: the market sells a creator's shares to others (no self-dealing). */
export const OWN_SHARES_REASON = 'You cannot buy shares in your own content.';

function MetricsCard({ content }: { content: ContentView }) {
  const metrics = useContentMetrics(content.id, true);
  const figures = metrics.data ?? content.metrics;
  const rows: [string, number][] = [
    ['Views', figures.views],
    ['Likes', figures.likes],
    ['Comments', figures.comments],
    ['Shares', figures.shares],
    ['Saves', figures.saves],
    ['Internal moves', figures.internal_moves],
    ['External moves', figures.external_moves],
    ['Total engagement', figures.total_engagement],
  ];
  return (
    <Card title="Metrics">
      <dl className="content-facts" aria-label="Content metrics">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      {metrics.isError ? (
        <p className="ui-muted">Showing the figures stored with the content; live metrics did not load.</p>
      ) : null}
    </Card>
  );
}

function SharesCard({ content }: { content: ContentView }) {
  const { user } = useSession();
  const [buying, setBuying] = useState(false);
  const soldOut = content.available_shares === 0;
  const isOwner = ownsContent(content, user);
  return (
    <Card title="Shares">
      <dl className="content-facts">
        <div>
          <dt>Share price</dt>
          <dd>${formatSharePrice(content.share_price)}</dd>
        </div>
        <div>
          <dt>Available</dt>
          <dd>
            {formatCount(content.available_shares)} / {formatCount(content.total_shares)}
          </dd>
        </div>
        <div>
          <dt>Free engagement shares left</dt>
          <dd>
            {formatCount(content.engagement_shares_remaining)} / {formatCount(content.engagement_shares_total)}
          </dd>
        </div>
        <div>
          <dt>Revenue</dt>
          <dd>{formatMoney(content.current_revenue)}</dd>
        </div>
      </dl>
      {soldOut ? <Badge tone="warning">Sold Out</Badge> : null}
      <Button
        disabled={soldOut || isOwner || !user}
        aria-describedby="buy-shares-reason"
        onClick={() => setBuying(true)}
      >
        Buy Shares
      </Button>
      <p id="buy-shares-reason" className="ui-muted">
        {soldOut
          ? content.engagement_shares_remaining > 0
            ? 'Every share for sale is taken; you can still earn free engagement shares ' +
              'by liking, commenting and sharing.'
            : 'Every share is taken, including the free engagement shares.'
          : isOwner
            ? OWN_SHARES_REASON
            : !user
              ? 'Sign in to buy shares.'
              : 'Shares are paid in USD to the creator at the current price.'}
      </p>
      {buying ? (
        <BuySharesDialog
          target={{
            contentId: content.id,
            title: content.title,
            sharePrice: content.share_price,
            availableShares: content.available_shares,
          }}
          open={buying}
          onOpenChange={setBuying}
        />
      ) : null}
    </Card>
  );
}

function ContentBody({ content }: { content: ContentView }) {
  // A view of the item (telemetry): its views_count.
  useTrackView({ type: 'content', id: content.id });
  const { user } = useSession();
  const isOwner = ownsContent(content, user);
  return (
    <div className="ui-stack">
      <header className="ui-stack">
        <div className="ui-row">
          <h1 className="content-title">{content.title}</h1>
          {isOwner ? <Badge tone="accent">YOUR CONTENT</Badge> : null}
          <Badge>{PLATFORM_LABELS[content.platform] ?? content.platform}</Badge>
          {content.is_sponsored ? <Badge tone="success">Sponsored</Badge> : null}
          {content.is_demo ? <Badge tone="warning">Demo</Badge> : null}
          {content.status === 'archived' ? <Badge tone="danger">{CONTENT_MESSAGES.archived}</Badge> : null}
        </div>
        <p className="ui-muted">
          by <Link to={`/users/${encodeURIComponent(content.creator_username)}`}>{content.creator_name}</Link> ·{' '}
          {new Date(content.created_at).toLocaleDateString()}
        </p>
        {isOwner ? (
          <div className="ui-row">
            <OwnerActions content={content} />
          </div>
        ) : null}
      </header>
      {content.is_demo ? <p className="ui-muted">Demo content: engagement here pays no real rewards.</p> : null}
      <div className="content-layout">
        <div className="ui-stack">
          <Card>
            {content.media_url ? <img className="content-media" src={content.media_url} alt={content.title} /> : null}
            {content.description ? <p className="content-description">{content.description}</p> : null}
            <a href={content.platform_url} target="_blank" rel="noreferrer noopener">
              View on {PLATFORM_LABELS[content.platform] ?? content.platform}
            </a>
          </Card>
          {user ? <ContentActions content={content} isOwner={isOwner} /> : null}
          <CommentsSection contentId={content.id} isContentOwner={isOwner} />
        </div>
        <aside className="ui-stack" aria-label="Content facts">
          <SharesCard content={content} />
          {user ? (
            <Card title="Resale listings">
              <ListingsMarket contentId={content.id} label={`Resale listings of ${content.title}`} />
            </Card>
          ) : null}
          <SponsorshipPanel content={content} />
          <MetricsCard content={content} />
        </aside>
      </div>
    </div>
  );
}

/** /content/:id: the item, its figures, engagement, comments; 'Content not found' only for a real 404. */
export function ContentDetailPage() {
  const { id = '' } = useParams();
  const content = useContent(id);
  return (
    <div className="ui-stack">
      <Link to="/dashboard" className="ui-row">
        <ArrowLeft size={16} /> Back to Home
      </Link>
      {content.isPending ? (
        <SkeletonList label="Loading content" />
      ) : content.isError ? (
        isApiError(content.error) && content.error.status === 404 ? (
          <EmptyState
            title={CONTENT_MESSAGES.notFound}
            message="This content does not exist or was deleted."
            action={<ButtonLink to="/dashboard">Back to Home</ButtonLink>}
          />
        ) : (
          <ErrorBox
            title="Could not load this content"
            message={content.error.message}
            onRetry={() => void content.refetch()}
          />
        )
      ) : (
        <ContentBody content={content.data} />
      )}
    </div>
  );
}

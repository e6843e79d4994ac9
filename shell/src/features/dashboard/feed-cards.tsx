import { Badge, formatCount, formatSharePrice, trackClick, useTrackImpression } from '@app/platform';
import { Gem, KeyRound, Sparkles } from '@app/platform/icons';
import { Link } from 'react-router';
import type { FeedItem } from './feed-api';

const PLATFORM_LABELS: Record<string, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
};

type ContentItem = Extract<FeedItem, { type: 'content' }>;
type DropItem = Extract<FeedItem, { type: 'drop' }>;

function ContentCard({ item }: { item: ContentItem }) {
  const { content } = item;
  const target = { type: 'content' as const, id: content.id };
  const impressionRef = useTrackImpression(target);
  return (
    <article ref={impressionRef} className="feed-card" aria-label={content.title}>
      {content.media_url ? <img className="feed-card__media" src={content.media_url} alt="" loading="lazy" /> : null}
      <div className="feed-card__body">
        <div className="ui-row">
          <Badge>{PLATFORM_LABELS[content.platform] ?? content.platform}</Badge>
          {item.sponsored ? (
            <Badge tone="success">
              <Sparkles size={12} /> Sponsored{item.sponsorship ? ` · ${item.sponsorship.total_boost_multiplier}x` : ''}
            </Badge>
          ) : null}
        </div>
        <h3 className="feed-card__title">
          <Link to={`/content/${encodeURIComponent(content.id)}`} onClick={() => trackClick(target)}>
            {content.title}
          </Link>
        </h3>
        <p className="ui-muted">by {content.creator_name}</p>
        <p className="ui-muted">
          {formatCount(content.likes_count)} {content.likes_count === 1 ? 'like' : 'likes'} ·{' '}
          {formatCount(content.comments_count)} {content.comments_count === 1 ? 'comment' : 'comments'} · $
          {formatSharePrice(content.share_price)} a share
        </p>
      </div>
    </article>
  );
}

function DropCard({ item }: { item: DropItem }) {
  const { drop } = item;
  const target = { type: 'drop' as const, id: drop.id };
  const impressionRef = useTrackImpression(target);
  return (
    <article ref={impressionRef} className="feed-card" aria-label={drop.title}>
      {drop.preview_image ? <img className="feed-card__media" src={drop.preview_image} alt="" loading="lazy" /> : null}
      <div className="feed-card__body">
        <div className="ui-row">
          <Badge tone="accent">Drop</Badge>
          <Badge>{drop.difficulty}</Badge>
        </div>
        <h3 className="feed-card__title">
          <Link to={`/task/${encodeURIComponent(drop.id)}`} onClick={() => trackClick(target)}>
            {drop.title}
          </Link>
        </h3>
        <p className="ui-muted">by {drop.creator_name}</p>
        <p className="ui-row ui-muted">
          <Gem size={14} /> {formatCount(drop.gem_reward_base)} gems
          {drop.key_cost > 0 ? (
            <>
              <KeyRound size={14} /> {formatCount(drop.key_cost)} {drop.key_cost === 1 ? 'key' : 'keys'}
            </>
          ) : (
            ' · free to apply'
          )}
        </p>
      </div>
    </article>
  );
}

export function FeedCard({ item }: { item: FeedItem }) {
  return item.type === 'content' ? <ContentCard item={item} /> : <DropCard item={item} />;
}

export function feedItemKey(item: FeedItem): string {
  return item.type === 'content' ? `content-${item.content.id}` : `drop-${item.drop.id}`;
}

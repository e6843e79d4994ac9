import {
  Button,
  ErrorBox,
  Spinner,
  apiClient,
  contentKeys,
  formatCount,
  formatMoney,
  formatSharePrice,
  isApiError,
} from '@app/platform';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { CONTENT_MESSAGES, ContentSchema, type ContentView } from '@app/contracts/content';

/** The content's key figures: who made it, where, its status, shares, revenue and engagement. */
function ContentFacts({ content }: { content: ContentView }) {
  return (
    <dl className="debug-page__facts" aria-label="Content facts">
      <dt>Title</dt>
      <dd>{content.title}</dd>
      <dt>Creator</dt>
      <dd>
        {content.creator_name} (@{content.creator_username})
      </dd>
      <dt>Platform</dt>
      <dd>
        {content.platform} · <a href={content.platform_url}>{content.platform_url}</a>
      </dd>
      <dt>Status</dt>
      <dd>
        {content.status}
        {content.is_demo ? ' · demo' : ''}
        {content.is_sponsored ? ' · sponsored' : ''}
      </dd>
      <dt>Shares</dt>
      <dd>
        {formatCount(content.available_shares)} of {formatCount(content.total_shares)} available at $
        {formatSharePrice(content.share_price)}; {formatCount(content.engagement_shares_remaining)} engagement shares
        left
      </dd>
      <dt>Revenue</dt>
      <dd>{formatMoney(content.current_revenue)}</dd>
      <dt>Engagement</dt>
      <dd>
        {formatCount(content.metrics.likes)} likes · {formatCount(content.metrics.comments)} comments ·{' '}
        {formatCount(content.metrics.shares)} shares · {formatCount(content.metrics.views)} views
      </dd>
    </dl>
  );
}

/** /test-content/:id, a public debug page: the content as the API answers it, its key figures, then the raw JSON. */
export default function TestContentPage() {
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: contentKeys.testContent(id),
    queryFn: ({ signal }) =>
      apiClient().get(`/api/content/${encodeURIComponent(id)}`, { schema: ContentSchema, signal }),
    retry: false,
  });
  return (
    <section className="debug-page" aria-labelledby="debug-title">
      <h1 id="debug-title">Content {id}</h1>
      {query.isPending ? (
        <>
          <p>
            Loading content {id} from /api/content/{id}…
          </p>
          <Spinner />
        </>
      ) : query.isError ? (
        <>
          <ErrorBox
            title={
              isApiError(query.error) && query.error.status === 404
                ? CONTENT_MESSAGES.notFound
                : 'Could not load content'
            }
            message={query.error.message}
          />
          <Button onClick={() => window.location.reload()}>Reload Page</Button>
        </>
      ) : (
        <>
          <ContentFacts content={query.data} />
          <p>
            <Link to={`/content/${encodeURIComponent(query.data.id)}`}>Open the content page</Link>
          </p>
          <pre className="debug-page__raw">{JSON.stringify(query.data, null, 2)}</pre>
        </>
      )}
    </section>
  );
}

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
import { CONTENT_MESSAGES, ContentSchema } from '@app/contracts/content';

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
          <dl className="debug-page__facts" aria-label="Content facts">
            <dt>Title</dt>
            <dd>{query.data.title}</dd>
            <dt>Creator</dt>
            <dd>
              {query.data.creator_name} (@{query.data.creator_username})
            </dd>
            <dt>Platform</dt>
            <dd>
              {query.data.platform} · <a href={query.data.platform_url}>{query.data.platform_url}</a>
            </dd>
            <dt>Status</dt>
            <dd>
              {query.data.status}
              {query.data.is_demo ? ' · demo' : ''}
              {query.data.is_sponsored ? ' · sponsored' : ''}
            </dd>
            <dt>Shares</dt>
            <dd>
              {formatCount(query.data.available_shares)} of {formatCount(query.data.total_shares)} available at $
              {formatSharePrice(query.data.share_price)}; {formatCount(query.data.engagement_shares_remaining)}{' '}
              engagement shares left
            </dd>
            <dt>Revenue</dt>
            <dd>{formatMoney(query.data.current_revenue)}</dd>
            <dt>Engagement</dt>
            <dd>
              {formatCount(query.data.metrics.likes)} likes · {formatCount(query.data.metrics.comments)} comments ·{' '}
              {formatCount(query.data.metrics.shares)} shares · {formatCount(query.data.metrics.views)} views
            </dd>
          </dl>
          <p>
            <Link to={`/content/${encodeURIComponent(query.data.id)}`}>Open the content page</Link>
          </p>
          <pre className="debug-page__raw">{JSON.stringify(query.data, null, 2)}</pre>
        </>
      )}
    </section>
  );
}

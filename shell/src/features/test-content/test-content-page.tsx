import { Button, ErrorBox, Spinner, apiClient, contentKeys } from '@app/platform';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';

/** /test-content/:id, a public debug page: loading info, an error box with Reload Page, or the raw content. */
export default function TestContentPage() {
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: contentKeys.testContent(id),
    queryFn: ({ signal }) => apiClient().get(`/api/content/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
  return (
    <section className="debug-page" aria-labelledby="debug-title">
      <h1 id="debug-title">Content {id}</h1>
      {query.isPending ? (
        <>
          <p>Loading content {id} from /api/content/{id}…</p>
          <Spinner />
        </>
      ) : query.isError ? (
        <>
          <ErrorBox title="Could not load content" message={query.error.message} />
          <Button onClick={() => window.location.reload()}>Reload Page</Button>
        </>
      ) : (
        <pre className="debug-page__raw">{JSON.stringify(query.data, null, 2)}</pre>
      )}
    </section>
  );
}

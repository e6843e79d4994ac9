import { ButtonLink, Card, EmptyState, PageHeader, apiClient, contentKeys, formatCount } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { Plus } from '@app/platform/icons';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { z } from 'zod';

const contentSchema = z.union([
  z.object({ content: z.object({ id: z.union([z.string(), z.number()]).transform(String), title: z.string() }).loose() }).loose().transform((body) => body.content),
  z.object({ id: z.union([z.string(), z.number()]).transform(String), title: z.string() }).loose(),
]);

/** /content/:id: a piece of content from the API. */
export function ContentPage() {
  const { id = '' } = useParams();
  const content = useQuery({ queryKey: contentKeys.detail(id), queryFn: ({ signal }) => apiClient().get(`/api/content/${encodeURIComponent(id)}`, { schema: contentSchema, signal }) });
  return (
    <QueryView query={content} unavailable={<EmptyState title="Content not found" message="This content does not exist or was removed." action={<ButtonLink to="/dashboard">Back to Home</ButtonLink>} />}>
      {(item) => (
        <div className="ui-stack">
          <PageHeader title={item.title} />
          <Card>
            {typeof item.description === 'string' ? <p>{item.description}</p> : null}
            {typeof item.view_count === 'number' ? <p className="ui-muted">{formatCount(item.view_count)} views</p> : null}
          </Card>
        </div>
      )}
    </QueryView>
  );
}

/** /create: content creation arrives with the content feature; say so plainly. */
export function CreatePage() {
  return (
    <div className="ui-stack">
      <PageHeader title="Create" />
      <EmptyState
        title="Content creation is not open yet"
        message="Publishing content and creating drops arrive with the content release. Your balances and drops are already live."
        action={<ButtonLink to="/earn">Browse drops</ButtonLink>}
        icon={<Plus size={40} />}
      />
    </div>
  );
}

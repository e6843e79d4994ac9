import { Button, EmptyState, ErrorBox, SkeletonList, apiClient, contentKeys, errorMessage } from '@app/platform';
import { Dialog } from '@app/platform/app';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { removeSavedContentRoute, savedContentRoute } from '@app/contracts/engagement';

/** The saved-content dialog: what the user saved, each opening its content, each removable. */
export function SavedContentDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: contentKeys.saved(),
    enabled: open,
    queryFn: ({ signal }) => apiClient().call(savedContentRoute, { signal }),
  });
  const remove = useMutation({
    mutationFn: (contentId: string) => apiClient().call(removeSavedContentRoute, { params: { contentId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Saved Content"
      description="Content you saved to come back to."
    >
      {saved.isPending ? (
        <SkeletonList label="Loading saved content" />
      ) : saved.isError ? (
        <ErrorBox message={`Failed to load data: ${saved.error.message}`} onRetry={() => void saved.refetch()} />
      ) : saved.data.length === 0 ? (
        <EmptyState title="Nothing saved yet" message="Use Save on any content to keep it here." />
      ) : (
        <ul className="ui-list" aria-label="Saved content">
          {saved.data.map((item) => (
            <li key={item.content_id} className="ui-list__item">
              <div className="ui-stack">
                <Link to={`/content/${encodeURIComponent(item.content_id)}`} onClick={() => onOpenChange(false)}>
                  {item.content_title}
                </Link>
                <span className="ui-muted">
                  {item.content_platform}
                  {item.creator_name ? ` · by ${item.creator_name}` : ''}
                </span>
              </div>
              <Button
                size="small"
                variant="ghost"
                busy={remove.isPending && remove.variables === item.content_id}
                onClick={() => remove.mutate(item.content_id)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {remove.isError ? <ErrorBox message={errorMessage(remove.error, 'Failed to remove the saved content')} /> : null}
    </Dialog>
  );
}

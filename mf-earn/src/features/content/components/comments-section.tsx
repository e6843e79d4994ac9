import {
  Badge,
  Button,
  ButtonLink,
  Card,
  EmptyState,
  ErrorBox,
  errorMessage,
  formatCount,
  useSession,
} from '@app/platform';
import { Dialog, QueryView, useToast } from '@app/platform/app';
import { Form, FormError, FormTextArea, SubmitButton, useZodForm } from '@app/platform/forms';
import {
  CONTENT_MESSAGES,
  PostCommentRequestSchema,
  type CommentReplyView,
  type CommentView,
} from '@app/contracts/content';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useComments, useDeleteComment, useLikeComment, usePinComment, usePostComment } from '../api/content-api';
import { quickActionPoints, rewardDescription } from './engagement-rules';

const MINUTE = 60_000;

/** Minutes, hours or days ago up to 7 days, then the date (spec 2 §9). */
export function commentTime(createdAt: string, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(createdAt).getTime());
  const minutes = Math.floor(elapsed / MINUTE);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days <= 7) return `${days}d ago`;
  return new Date(createdAt).toLocaleDateString();
}

function CommentForm({
  contentId,
  parentId,
  onDone,
  label,
}: {
  contentId: string;
  parentId: string | null;
  onDone?(): void;
  label: string;
}) {
  const post = usePostComment(contentId);
  const toast = useToast();
  const { user } = useSession();
  const form = useZodForm(PostCommentRequestSchema, {
    defaultValues: { comment_text: '', parent_comment_id: parentId },
  });
  return (
    <Form
      form={form}
      fallbackError={CONTENT_MESSAGES.postCommentFailed}
      aria-label={`${label} form`}
      className="ui-stack content-comment-form"
      onSubmit={async (request) => {
        const posted = await post.mutateAsync(request);
        form.reset({ comment_text: '', parent_comment_id: parentId });
        // The comment earned the comment action (nothing on one's own item: then no points are mentioned).
        const reward = posted.reward;
        const earned = reward && (reward.points_earned > 0 || reward.engagement_shares_earned > 0 || reward.message);
        toast.show({
          title: parentId ? 'Reply posted' : 'Comment posted',
          description: earned ? rewardDescription(reward) : undefined,
          variant: 'success',
          durationMilliseconds: 4000,
        });
        onDone?.();
      }}
    >
      <FormTextArea
        name="comment_text"
        label={label}
        rows={parentId ? 2 : 3}
        hint={`Each comment earns +${quickActionPoints('comment', user?.user_tier)} points.`}
      />
      <FormError />
      <SubmitButton size="small">{parentId ? 'Reply' : 'Post Comment'}</SubmitButton>
    </Form>
  );
}

interface CommentPermissions {
  contentId: string;
  userId: string | null;
  isContentOwner: boolean;
  onDelete(comment: CommentReplyView): void;
}

/** Who wrote the comment and when, with its Pinned badge. */
function CommentHeader({ comment, name }: { comment: CommentView | CommentReplyView; name: string }) {
  return (
    <header className="ui-row">
      {comment.user_avatar ? <img className="content-avatar" src={comment.user_avatar} alt="" /> : null}
      <strong>{name}</strong>
      <span className="ui-muted">@{comment.user_username}</span>
      <span className="ui-muted">{commentTime(comment.created_at)}</span>
      {comment.is_pinned ? <Badge tone="accent">Pinned</Badge> : null}
    </header>
  );
}

function CommentBody({
  comment,
  permissions,
  isReply,
}: {
  comment: CommentView | CommentReplyView;
  permissions: CommentPermissions;
  isReply: boolean;
}) {
  const toast = useToast();
  const like = useLikeComment();
  const pin = usePinComment();
  const [replying, setReplying] = useState(false);
  const signedIn = permissions.userId !== null;
  const canDelete = signedIn && (comment.user_id === permissions.userId || permissions.isContentOwner);
  const name = comment.user_display_name || comment.user_username;
  const fail = (error: unknown, fallback: string) =>
    toast.show({ title: errorMessage(error, fallback), variant: 'error' });
  return (
    <article className="content-comment" aria-label={`Comment by ${name}`}>
      <CommentHeader comment={comment} name={name} />
      <p className="content-comment__text">{comment.comment_text}</p>
      <div className="ui-row">
        <Button
          size="small"
          variant="ghost"
          disabled={!signedIn || comment.has_liked}
          busy={like.isPending && like.variables === comment.id}
          aria-label={comment.has_liked ? `Liked (${comment.likes_count})` : `Like comment (${comment.likes_count})`}
          onClick={() =>
            like.mutate(comment.id, { onError: (error) => fail(error, CONTENT_MESSAGES.alreadyLikedComment) })
          }
        >
          {comment.has_liked ? 'Liked' : 'Like'} · {formatCount(comment.likes_count)}
        </Button>
        {!isReply && signedIn ? (
          <Button size="small" variant="ghost" onClick={() => setReplying((open) => !open)} aria-expanded={replying}>
            Reply
          </Button>
        ) : null}
        {!isReply && permissions.isContentOwner && !comment.is_pinned ? (
          <Button
            size="small"
            variant="ghost"
            busy={pin.isPending && pin.variables === comment.id}
            onClick={() => pin.mutate(comment.id, { onError: (error) => fail(error, 'Failed to pin comment.') })}
          >
            Pin
          </Button>
        ) : null}
        {canDelete ? (
          <Button size="small" variant="ghost" onClick={() => permissions.onDelete(comment)}>
            Delete
          </Button>
        ) : null}
      </div>
      {replying ? (
        <CommentForm
          contentId={permissions.contentId}
          parentId={comment.id}
          label={`Reply to ${name}`}
          onDone={() => setReplying(false)}
        />
      ) : null}
    </article>
  );
}

/** Comments with one level of replies: post, reply, like, pin (content owner) and delete (author or owner). */
export function CommentsSection({ contentId, isContentOwner }: { contentId: string; isContentOwner: boolean }) {
  const { user } = useSession();
  const location = useLocation();
  const comments = useComments(contentId, true);
  const [deleting, setDeleting] = useState<CommentReplyView | null>(null);
  const permissions: CommentPermissions = {
    contentId,
    userId: user?.id ?? null,
    isContentOwner,
    onDelete: setDeleting,
  };
  const count = comments.data?.reduce((total, comment) => total + 1 + comment.replies.length, 0);
  return (
    <Card title={count === undefined ? 'Comments' : `Comments (${formatCount(count)})`}>
      {user ? (
        <CommentForm contentId={contentId} parentId={null} label="Add a comment" />
      ) : (
        <div className="ui-row">
          <p>{CONTENT_MESSAGES.signInToComment}</p>
          <ButtonLink to={`/auth?returnTo=${encodeURIComponent(location.pathname)}`} size="small">
            Sign In
          </ButtonLink>
        </div>
      )}
      <QueryView
        query={comments}
        loadingLabel="Loading comments"
        empty={<EmptyState title="No comments yet" message="Be the first to say something." />}
      >
        {(list) => (
          <ol className="content-comments">
            {list.map((comment) => (
              <li key={comment.id}>
                <CommentBody comment={comment} permissions={permissions} isReply={false} />
                {comment.replies.length > 0 ? (
                  <ol
                    className="content-comments content-comments--replies"
                    aria-label={`Replies to ${comment.user_display_name || comment.user_username}`}
                  >
                    {comment.replies.map((reply) => (
                      <li key={reply.id}>
                        <CommentBody comment={reply} permissions={permissions} isReply />
                      </li>
                    ))}
                  </ol>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </QueryView>
      <DeleteCommentDialog deleting={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}

/** Asks before deleting the chosen comment (open while one is chosen); closes once it is gone. */
function DeleteCommentDialog({ deleting, onClose }: { deleting: CommentReplyView | null; onClose(): void }) {
  const remove = useDeleteComment();
  return (
    <Dialog
      open={deleting !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete comment?"
      description="The comment disappears for everyone."
    >
      {remove.isError ? <ErrorBox message={errorMessage(remove.error, CONTENT_MESSAGES.deleteCommentFailed)} /> : null}
      <div className="ui-row">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          busy={remove.isPending}
          onClick={() => deleting && remove.mutate(deleting.id, { onSuccess: onClose })}
        >
          Delete
        </Button>
      </div>
    </Dialog>
  );
}

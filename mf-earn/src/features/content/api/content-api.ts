import { apiClient, contentKeys, refreshMoneyViews } from '@app/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_MESSAGES,
  CreateContentRequestSchema,
  UpdateContentRequestSchema,
  contentMetricsRoute,
  contentUserStatusRoute,
  createContentRoute,
  deleteCommentRoute,
  deleteContentRoute,
  generatePlaceholderRoute,
  getContentRoute,
  likeCommentRoute,
  listCommentsRoute,
  pinCommentRoute,
  postCommentRoute,
  updateContentRoute,
  uploadContentImageRoute,
  type ContentView,
} from '@app/contracts/content';

export type { ContentView };
export type CreateContentInput = z.input<typeof CreateContentRequestSchema>;
export type UpdateContentInput = z.input<typeof UpdateContentRequestSchema>;

/** A fresh key per user action, so a retried request (double click, flaky network) changes things once. */
export const idempotencyHeaders = () => ({
  'Idempotency-Key': globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`,
});

/** One content item; a 404 stays an error the page shows as 'Content not found' (never retried). */
export function useContent(id: string) {
  return useQuery({
    queryKey: contentKeys.detail(id),
    queryFn: ({ signal }) => apiClient().call(getContentRoute, { params: { id }, signal }),
    retry: false,
  });
}

export function useContentMetrics(id: string, enabled: boolean) {
  return useQuery({
    queryKey: contentKeys.metrics(id),
    enabled,
    queryFn: ({ signal }) => apiClient().call(contentMetricsRoute, { params: { id }, signal }),
  });
}

export function useContentUserStatus(id: string, enabled: boolean) {
  return useQuery({
    queryKey: contentKeys.userStatus(id),
    enabled,
    queryFn: ({ signal }) => apiClient().call(contentUserStatusRoute, { params: { id }, signal }),
  });
}

export function useComments(id: string, enabled: boolean) {
  return useQuery({
    queryKey: contentKeys.comments(id),
    enabled,
    queryFn: ({ signal }) => apiClient().call(listCommentsRoute, { params: { id }, signal }),
  });
}

/** After a change: the item, its metrics, comments and status, every list and feed, and the balances reload. */
export function useContentMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  options: { movesMoney?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contentKeys.all }),
        options.movesMoney ? refreshMoneyViews(queryClient) : undefined,
      ]);
    },
  });
}

export function useCreateContent() {
  return useContentMutation((body: CreateContentInput) =>
    apiClient().call(createContentRoute, { body, headers: idempotencyHeaders() }),
  );
}

export function useUpdateContent(id: string) {
  return useContentMutation((body: UpdateContentInput) =>
    apiClient().call(updateContentRoute, { params: { id }, body, headers: idempotencyHeaders() }),
  );
}

export function useDeleteContent(id: string) {
  return useContentMutation(() =>
    apiClient().call(deleteContentRoute, { params: { id }, headers: idempotencyHeaders() }),
  );
}

export function usePostComment(contentId: string) {
  return useContentMutation(
    (body: { comment_text: string; parent_comment_id: string | null }) =>
      // A comment earns the comment action: balances change with it.
      apiClient().call(postCommentRoute, { params: { id: contentId }, body, headers: idempotencyHeaders() }),
    { movesMoney: true },
  );
}

export function usePinComment() {
  return useContentMutation((commentId: string) =>
    apiClient().call(pinCommentRoute, { params: { id: commentId }, headers: idempotencyHeaders() }),
  );
}

export function useLikeComment() {
  return useContentMutation((commentId: string) =>
    apiClient().call(likeCommentRoute, { params: { id: commentId }, headers: idempotencyHeaders() }),
  );
}

export function useDeleteComment() {
  return useContentMutation((commentId: string) =>
    apiClient().call(deleteCommentRoute, { params: { id: commentId }, headers: idempotencyHeaders() }),
  );
}

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** The spec's checks before an upload (type by the browser's reading, 15 MB); the server checks the bytes again. */
export function contentImageProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return CONTENT_MESSAGES.invalidImageType;
  if (file.size > CONTENT_IMAGE_MAX_BYTES) return CONTENT_MESSAGES.imageTooLarge;
  return null;
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** POST /api/content/upload-image (base64 JSON): the stored image's URL and whether the server fell back. */
export async function uploadContentImage(file: File, context: { description?: string; platform?: string } = {}) {
  const image = await readAsDataUrl(file);
  return apiClient().call(uploadContentImageRoute, {
    body: {
      image,
      filename: file.name,
      contentType: file.type,
      description: context.description,
      platform: context.platform,
    },
  });
}

/** POST /api/content/generate-placeholder: an image the server renders from the description and platform. */
export function generatePlaceholder(input: { title?: string; description?: string; platform?: string }) {
  return apiClient().call(generatePlaceholderRoute, { body: input });
}

/** Whether the content belongs to the user: by id, or (spec 2 §6) by name. */
export function ownsContent(
  content: Pick<ContentView, 'creator_id' | 'creator_username'>,
  user: { id: string; username?: string | null } | null,
): boolean {
  if (!user) return false;
  return content.creator_id === user.id || (!!user.username && content.creator_username === user.username);
}

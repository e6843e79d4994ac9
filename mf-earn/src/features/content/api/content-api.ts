import { apiClient, contentKeys, refreshMoneyViews } from '@app/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_MESSAGES,
  CommentLikeResponseSchema,
  CommentListSchema,
  PostedCommentSchema,
  CreateContentRequestSchema,
  CreateContentResponseSchema,
  ContentMetricsSchema,
  ContentSchema,
  ContentUserStatusSchema,
  DeleteCommentResponseSchema,
  DeleteContentResponseSchema,
  GeneratePlaceholderResponseSchema,
  UpdateContentRequestSchema,
  UploadContentImageResponseSchema,
  type ContentView,
} from '@app/contracts/content';

export type { ContentView };
export type CreateContentInput = z.input<typeof CreateContentRequestSchema>;
export type UpdateContentInput = z.input<typeof UpdateContentRequestSchema>;

const contentPath = (id: string) => `/api/content/${encodeURIComponent(id)}`;
const commentPath = (id: string) => `/api/content/comments/${encodeURIComponent(id)}`;

/** A fresh key per user action, so a retried request (double click, flaky network) changes things once. */
export const idempotencyHeaders = () => ({ 'Idempotency-Key': globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}` });

/** One content item; a 404 stays an error the page shows as 'Content not found' (never retried). */
export function useContent(id: string) {
  return useQuery({
    queryKey: contentKeys.detail(id),
    queryFn: ({ signal }) => apiClient().get(contentPath(id), { schema: ContentSchema, signal }),
    retry: false,
  });
}

export function useContentMetrics(id: string, enabled: boolean) {
  return useQuery({
    queryKey: contentKeys.metrics(id),
    enabled,
    queryFn: ({ signal }) => apiClient().get(`${contentPath(id)}/metrics`, { schema: ContentMetricsSchema, signal }),
  });
}

export function useContentUserStatus(id: string, enabled: boolean) {
  return useQuery({
    queryKey: contentKeys.userStatus(id),
    enabled,
    queryFn: ({ signal }) => apiClient().get(`${contentPath(id)}/user-status`, { schema: ContentUserStatusSchema, signal }),
  });
}

export function useComments(id: string, enabled: boolean) {
  return useQuery({
    queryKey: contentKeys.comments(id),
    enabled,
    queryFn: ({ signal }) => apiClient().get(`${contentPath(id)}/comments`, { schema: CommentListSchema, signal }),
  });
}

/** After a change: the item, its metrics, comments and status, every list and feed, and the balances reload. */
export function useContentMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, options: { movesMoney?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: contentKeys.all }), options.movesMoney ? refreshMoneyViews(queryClient) : undefined]);
    },
  });
}

export function useCreateContent() {
  return useContentMutation((body: CreateContentInput) => apiClient().post('/api/content', body, { schema: CreateContentResponseSchema, headers: idempotencyHeaders() }));
}

export function useUpdateContent(id: string) {
  return useContentMutation((body: UpdateContentInput) => apiClient().request('PUT', contentPath(id), { body, schema: ContentSchema, headers: idempotencyHeaders() }));
}

export function useDeleteContent(id: string) {
  return useContentMutation(() => apiClient().request('DELETE', contentPath(id), { schema: DeleteContentResponseSchema, headers: idempotencyHeaders() }));
}

export function usePostComment(contentId: string) {
  return useContentMutation((body: { comment_text: string; parent_comment_id: string | null }) =>
    // A comment earns the comment action: balances change with it.
    apiClient().post(`${contentPath(contentId)}/comments`, body, { schema: PostedCommentSchema, headers: idempotencyHeaders() }),
    { movesMoney: true },
  );
}

export function usePinComment() {
  return useContentMutation((commentId: string) => apiClient().post(`${commentPath(commentId)}/pin`, {}, { headers: idempotencyHeaders() }));
}

export function useLikeComment() {
  return useContentMutation((commentId: string) => apiClient().post(`${commentPath(commentId)}/like`, {}, { schema: CommentLikeResponseSchema, headers: idempotencyHeaders() }));
}

export function useDeleteComment() {
  return useContentMutation((commentId: string) => apiClient().request('DELETE', commentPath(commentId), { schema: DeleteCommentResponseSchema, headers: idempotencyHeaders() }));
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
  return apiClient().post(
    '/api/content/upload-image',
    { image, filename: file.name, contentType: file.type, description: context.description, platform: context.platform },
    { schema: UploadContentImageResponseSchema },
  );
}

/** POST /api/content/generate-placeholder: an image the server renders from the description and platform. */
export function generatePlaceholder(input: { title?: string; description?: string; platform?: string }) {
  return apiClient().post('/api/content/generate-placeholder', input, { schema: GeneratePlaceholderResponseSchema });
}

/** Whether the content belongs to the user: by id, or (spec 2 §6) by name. */
export function ownsContent(content: Pick<ContentView, 'creator_id' | 'creator_username'>, user: { id: string; username?: string | null } | null): boolean {
  if (!user) return false;
  return content.creator_id === user.id || (!!user.username && content.creator_username === user.username);
}

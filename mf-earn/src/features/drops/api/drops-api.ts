import { ApiError, apiClient, dropKeys, refreshMoneyViews, rewardKeys, tokenStorage } from '@app/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  CreateDropRequestSchema,
  DropApplicationListSchema,
  DropApplicationSchema,
  DropListSchema,
  DropSchema,
  UpdateDropRequestSchema,
  type DropApplicationView,
  type DropView,
} from '@app/contracts/drops';
import { ImageUploadResponseSchema } from '@app/contracts/identity';
import { MasterKeyStatusSchema } from '@app/contracts/rewards';

export type Drop = DropView;
export type DropApplication = DropApplicationView;

export { dropKeys };

export function useDrops() {
  return useQuery({ queryKey: dropKeys.list(), queryFn: ({ signal }) => apiClient().get('/api/drops', { schema: DropListSchema, signal }) });
}

/** One drop; load failures stay errors (the page maps them to the spec's screens), never retried on 4xx. */
export function useDrop(id: string, enabled = true) {
  return useQuery({
    queryKey: dropKeys.detail(id),
    enabled,
    queryFn: ({ signal }) => apiClient().get(`/api/drops/${encodeURIComponent(id)}`, { schema: DropSchema, signal }),
    retry: false,
  });
}

export function useMyApplications() {
  return useQuery({ queryKey: dropKeys.mine(), queryFn: ({ signal }) => apiClient().get('/api/users/drop-applications', { schema: DropApplicationListSchema, signal }) });
}

export function useDropApplications(id: string, enabled: boolean) {
  return useQuery({
    queryKey: dropKeys.applications(id),
    enabled,
    queryFn: ({ signal }) => apiClient().get(`/api/drops/${encodeURIComponent(id)}/applications`, { schema: DropApplicationListSchema, signal }),
  });
}

export function useMasterKeyStatus() {
  return useQuery({ queryKey: rewardKeys.masterKey(), queryFn: ({ signal }) => apiClient().get('/api/users/master-key-status', { schema: MasterKeyStatusSchema, signal }) });
}

/** A fresh key per user action, so a retried request (double click, flaky network) moves money once. */
const idempotencyHeaders = () => ({ 'Idempotency-Key': globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}` });

/** Invalidates every drop view (and the balances the session shows) after a change. */
function useDropMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, onDone?: (output: Output) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (output) => {
      onDone?.(output);
      // Drops move keys and gems (pools, applications, payouts): the wallet's views reload too.
      await Promise.all([queryClient.invalidateQueries({ queryKey: dropKeys.all }), refreshMoneyViews(queryClient)]);
    },
  });
}

export function useCreateDrop(onDone?: (drop: Drop) => void) {
  return useDropMutation((body: CreateDropRequestInput) => apiClient().post('/api/drops', body, { schema: DropSchema, headers: idempotencyHeaders() }), onDone);
}

export function useUpdateDrop(id: string, onDone?: (drop: Drop) => void) {
  return useDropMutation(
    (body: UpdateDropRequestInput) => apiClient().request('PUT', `/api/drops/${encodeURIComponent(id)}`, { body, schema: DropSchema, headers: idempotencyHeaders() }),
    onDone,
  );
}

export function useDeleteDrop(id: string, onDone?: () => void) {
  return useDropMutation(() => apiClient().request('DELETE', `/api/drops/${encodeURIComponent(id)}`, { headers: idempotencyHeaders() }), onDone);
}

export function useApplyToDrop(id: string, onDone?: (application: DropApplication) => void) {
  return useDropMutation(
    (message: string) =>
      apiClient().post(`/api/drops/${encodeURIComponent(id)}/apply`, { application_message: message }, { schema: DropApplicationSchema, headers: idempotencyHeaders() }),
    onDone,
  );
}

export type ReviewAction = { action: 'approve' | 'reject' } | { action: 'complete'; reviewScore: number };

export function useReviewApplication() {
  return useDropMutation(({ applicationId, review }: { applicationId: string; review: ReviewAction }) =>
    apiClient().post(
      `/api/drop-applications/${encodeURIComponent(applicationId)}/${review.action}`,
      review.action === 'complete' ? { review_score: review.reviewScore } : {},
      { schema: DropApplicationSchema, headers: idempotencyHeaders() },
    ),
  );
}

export interface SubmitWorkInput {
  submission_type: 'url' | 'text';
  submission_data: string;
  submission_notes: string;
}

export function useSubmitWork(applicationId: string, onDone?: () => void) {
  return useDropMutation(
    (body: SubmitWorkInput) => apiClient().post(`/api/drop-applications/${encodeURIComponent(applicationId)}/submit`, body, { schema: DropApplicationSchema }),
    onDone,
  );
}

/** Request bodies as the forms build them (before the server's schema applies its defaults). */
export type CreateDropRequestInput = z.input<typeof CreateDropRequestSchema>;
export type UpdateDropRequestInput = z.input<typeof UpdateDropRequestSchema>;

/** POST /api/upload/image (multipart field `image`): the stored image's URL. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const token = tokenStorage.getToken();
  const response = await fetch('/api/upload/image', {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = ImageUploadResponseSchema.safeParse(body);
  if (!response.ok || !parsed.success) throw new ApiError({ message: 'Failed to upload image. Please try again.', status: response.status, code: 'UPLOAD_FAILED' });
  return parsed.data.url;
}

/** The spec checks an image URL with a HEAD request before accepting it. */
export async function imageUrlAnswers(url: string): Promise<boolean> {
  try {
    // Another origin may not send CORS headers: an opaque answer still proves the address answers.
    const response = await fetch(url, { method: 'HEAD', mode: 'no-cors' });
    return response.ok || response.type === 'opaque';
  } catch {
    return false;
  }
}

export function useCloseDrop(id: string) {
  return useDropMutation(() => apiClient().post(`/api/drops/${encodeURIComponent(id)}/complete`, {}, { schema: DropSchema, headers: idempotencyHeaders() }));
}

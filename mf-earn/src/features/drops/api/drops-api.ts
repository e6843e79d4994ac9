import { apiClient, dropKeys, refreshMoneyViews, rewardKeys } from '@app/platform';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  CreateDropRequestSchema,
  UpdateDropRequestSchema,
  applyToDropRoute,
  approveApplicationRoute,
  closeDropRoute,
  completeApplicationRoute,
  createDropRoute,
  deleteDropRoute,
  getDropRoute,
  listDropApplicationsRoute,
  listDropsRoute,
  myDropApplicationsRoute,
  rejectApplicationRoute,
  submitWorkRoute,
  updateDropRoute,
  type DropApplicationView,
  type DropView,
} from '@app/contracts/drops';
import { getMasterKeyStatusRoute } from '@app/contracts/rewards';

export type Drop = DropView;
export type DropApplication = DropApplicationView;

export { dropKeys };

export function useDrops() {
  return useQuery({ queryKey: dropKeys.list(), queryFn: ({ signal }) => apiClient().call(listDropsRoute, { signal }) });
}

/** One drop; load failures stay errors (the page maps them to the spec's screens), never retried on 4xx. */
export function useDrop(id: string, enabled = true) {
  return useQuery({
    queryKey: dropKeys.detail(id),
    enabled,
    queryFn: ({ signal }) => apiClient().call(getDropRoute, { params: { id }, signal }),
    retry: false,
  });
}

export function useMyApplications() {
  return useQuery({
    queryKey: dropKeys.mine(),
    queryFn: ({ signal }) => apiClient().call(myDropApplicationsRoute, { signal }),
  });
}

export function useDropApplications(id: string, enabled: boolean) {
  return useQuery({
    queryKey: dropKeys.applications(id),
    enabled,
    queryFn: ({ signal }) => apiClient().call(listDropApplicationsRoute, { params: { id }, signal }),
  });
}

export function useMasterKeyStatus() {
  return useQuery({
    queryKey: rewardKeys.masterKey(),
    queryFn: ({ signal }) => apiClient().call(getMasterKeyStatusRoute, { signal }),
  });
}

/** A fresh key per user action, so a retried request (double click, flaky network) moves money once. */
const idempotencyHeaders = () => ({
  'Idempotency-Key': globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`,
});

/** Invalidates every drop view (and the balances the session shows) after a change. */
function useDropMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  onDone?: (output: Output) => void,
  /** What the answer itself tells the cached views, applied before and after they reload. */
  remember?: (queryClient: QueryClient, output: Output) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (output) => {
      remember?.(queryClient, output);
      onDone?.(output);
      // Drops move keys and gems (pools, applications, payouts): the wallet's views reload too.
      await Promise.all([queryClient.invalidateQueries({ queryKey: dropKeys.all }), refreshMoneyViews(queryClient)]);
      remember?.(queryClient, output);
    },
  });
}

/**
 * The application the server just accepted stays in "my applications" until that list has it. The list is a read
 * model that may answer before it has caught up with the apply (it waits a bounded time), and the page would then
 * show the form again instead of "Your Application".
 */
function keepMyApplication(queryClient: QueryClient, application: DropApplication): void {
  queryClient.setQueryData<DropApplication[]>(dropKeys.mine(), (listed = []) =>
    listed.some((known) => known.id === application.id) ? listed : [application, ...listed],
  );
}

export function useCreateDrop(onDone?: (drop: Drop) => void) {
  return useDropMutation(
    (body: CreateDropRequestInput) => apiClient().call(createDropRoute, { body, headers: idempotencyHeaders() }),
    onDone,
  );
}

export function useUpdateDrop(id: string, onDone?: (drop: Drop) => void) {
  return useDropMutation(
    (body: UpdateDropRequestInput) =>
      apiClient().call(updateDropRoute, { params: { id }, body, headers: idempotencyHeaders() }),
    onDone,
  );
}

export function useDeleteDrop(id: string, onDone?: () => void) {
  return useDropMutation(
    () => apiClient().call(deleteDropRoute, { params: { id }, headers: idempotencyHeaders() }),
    onDone,
  );
}

export function useApplyToDrop(id: string, onDone?: (application: DropApplication) => void) {
  return useDropMutation(
    (message: string) =>
      apiClient().call(applyToDropRoute, {
        params: { id },
        body: { application_message: message },
        headers: idempotencyHeaders(),
      }),
    onDone,
    keepMyApplication,
  );
}

export type ReviewAction = { action: 'approve' | 'reject' } | { action: 'complete'; reviewScore: number };

export function useReviewApplication() {
  return useDropMutation(({ applicationId, review }: { applicationId: string; review: ReviewAction }) => {
    const params = { id: applicationId };
    const headers = idempotencyHeaders();
    if (review.action === 'complete') {
      return apiClient().call(completeApplicationRoute, {
        params,
        body: { review_score: review.reviewScore },
        headers,
      });
    }
    return apiClient().call(review.action === 'approve' ? approveApplicationRoute : rejectApplicationRoute, {
      params,
      headers,
    });
  });
}

export interface SubmitWorkInput {
  submission_type: 'url' | 'text';
  submission_data: string;
  submission_notes: string;
}

export function useSubmitWork(applicationId: string, onDone?: () => void) {
  return useDropMutation(
    (body: SubmitWorkInput) => apiClient().call(submitWorkRoute, { params: { id: applicationId }, body }),
    onDone,
  );
}

/** Request bodies as the forms build them (before the server's schema applies its defaults). */
export type CreateDropRequestInput = z.input<typeof CreateDropRequestSchema>;
export type UpdateDropRequestInput = z.input<typeof UpdateDropRequestSchema>;

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
  return useDropMutation(() => apiClient().call(closeDropRoute, { params: { id }, headers: idempotencyHeaders() }));
}

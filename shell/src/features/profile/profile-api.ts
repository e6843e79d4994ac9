import { ApiError, apiClient, contentKeys, dropKeys, ledgerKeys, tokenStorage } from '@app/platform';
import { useQuery } from '@tanstack/react-query';
import { listContentRoute } from '@app/contracts/content';
import { listDropsRoute, myDropApplicationsRoute } from '@app/contracts/drops';
import { IMAGE_MESSAGES, imageUploadRoute } from '@app/contracts/identity';
import { getMyWalletsRoute } from '@app/contracts/ledger';

/** A creator's published content, newest first (the content list filtered by creator). */
export function useCreatorContent(creatorId: string) {
  return useQuery({
    queryKey: contentKeys.list({ creatorId }),
    queryFn: ({ signal }) =>
      apiClient().call(listContentRoute, { query: { creator_id: creatorId, limit: 50 }, signal }),
  });
}

/** The drops an advertiser created. */
export function useCreatedDrops(creatorId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...dropKeys.list(), { creatorId }],
    enabled,
    queryFn: ({ signal }) => apiClient().call(listDropsRoute, { query: { creator_id: creatorId }, signal }),
  });
}

export function useMyApplications(enabled: boolean) {
  return useQuery({
    queryKey: dropKeys.mine(),
    enabled,
    queryFn: ({ signal }) => apiClient().call(myDropApplicationsRoute, { signal }),
  });
}

export function useMyWallets() {
  return useQuery({
    queryKey: ledgerKeys.wallets(),
    queryFn: ({ signal }) => apiClient().call(getMyWalletsRoute, { signal }),
  });
}

/** Profile images: image files only, at most 5 MB (spec 2 §5); the server reads the type from the bytes again. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export function profileImageProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return IMAGE_MESSAGES.notAnImage;
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}

/**
 * `imageUploadRoute` (multipart field `image`): the stored image's URL. Sent with fetch, as the API client sends JSON
 * only; the answer is parsed with the route's schema.
 */
export async function uploadProfileImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const token = tokenStorage.getToken();
  let response: Response;
  try {
    response = await fetch(imageUploadRoute.path, {
      method: imageUploadRoute.method.toUpperCase(),
      body: form,
      credentials: 'include',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError({ message: IMAGE_MESSAGES.uploadFailed, status: 0, code: 'UPLOAD_FAILED' });
  }
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = imageUploadRoute.response.safeParse(body);
  if (!response.ok || !parsed.success) {
    const message =
      typeof (body as { error?: unknown } | undefined)?.error === 'string'
        ? (body as { error: string }).error
        : IMAGE_MESSAGES.uploadFailed;
    throw new ApiError({ message, status: response.status, code: 'UPLOAD_FAILED' });
  }
  return parsed.data.url;
}

import { ImageUploadResponseSchema, uploadImageRoute } from '@app/contracts/identity';
import { apiClient } from './api-client';

/**
 * Uploads an image (a drop's preview, a brand's logo) as the route's multipart field `image`, through the shared
 * client (its API host, token and error reporting): the stored image's URL. A refusal (413, 415) is an `ApiError`
 * with the server's message.
 */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const uploaded = await apiClient().request('POST', uploadImageRoute.path, {
    body: form,
    schema: ImageUploadResponseSchema,
  });
  return uploaded.url;
}

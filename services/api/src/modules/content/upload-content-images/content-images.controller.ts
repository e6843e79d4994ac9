import { Body, Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_MESSAGES,
  generatePlaceholderRoute,
  uploadContentImageRoute,
  type UploadContentImageResponse,
} from '@app/contracts/content';
import type { z } from 'zod';
import { ApiError, badRequest } from '../../../platform/http/api-error';
import type { JsonBodyLimitConfig } from '../../../platform/http/body-parsing';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { StoreImageCommand, type StoreImageResult } from '../../identity';
import { renderPlaceholder } from './placeholder-image';

/** 15 MB of image as base64 is 20 MB of text; the JSON around it is small. */
const UPLOAD_BODY_LIMIT: JsonBodyLimitConfig = {
  jsonBodyLimit: Math.ceil((CONTENT_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024,
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of a base64 text (a `data:...;base64,` prefix and whitespace allowed), or null when it is not base64. */
export function decodeBase64Image(text: string): Buffer | null {
  const payload = text.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  const normalised = payload.replace(/-/g, '+').replace(/_/g, '/');
  if (normalised.length === 0 || !BASE64.test(normalised)) return null;
  return Buffer.from(normalised, 'base64');
}

function answerOf(stored: StoreImageResult): { url: string; key: string; contentType: string; sizeBytes: number } {
  if (stored.kind === 'not-an-image') throw new ApiError(415, 'NOT_AN_IMAGE', CONTENT_MESSAGES.invalidImageType);
  if (stored.kind === 'storage-unavailable')
    throw new ApiError(503, 'IMAGE_STORAGE_UNAVAILABLE', CONTENT_MESSAGES.uploadFailed);
  return stored;
}

/** Content images: uploads as base64 JSON and generated placeholders, both stored through identity's image storage. */
@Controller()
export class ContentImagesController {
  constructor(private readonly commandBus: CommandBus) {}

  @Route(uploadContentImageRoute)
  @RouteConfig(UPLOAD_BODY_LIMIT)
  async upload(
    @CurrentUser() _caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(uploadContentImageRoute.body)) body: z.infer<typeof uploadContentImageRoute.body>,
  ): Promise<UploadContentImageResponse> {
    const text = body.image ?? body.fileData;
    if (!text)
      throw badRequest('IMAGE_REQUIRED', CONTENT_MESSAGES.imageRequired, [
        { field: 'image', message: CONTENT_MESSAGES.imageRequired },
      ]);
    // A base64 text longer than 15 MB of bytes can be refused before decoding it.
    if (Math.floor((text.length * 3) / 4) > CONTENT_IMAGE_MAX_BYTES + 3 * 1024)
      throw new ApiError(413, 'IMAGE_TOO_LARGE', CONTENT_MESSAGES.imageTooLarge);
    const bytes = decodeBase64Image(text);
    if (!bytes) throw new ApiError(415, 'NOT_AN_IMAGE', CONTENT_MESSAGES.invalidImageType);
    if (bytes.length > CONTENT_IMAGE_MAX_BYTES)
      throw new ApiError(413, 'IMAGE_TOO_LARGE', CONTENT_MESSAGES.imageTooLarge);
    const stored = answerOf(await this.commandBus.execute(new StoreImageCommand(bytes)));
    return {
      url: stored.url,
      imageUrl: stored.url,
      key: stored.key,
      content_type: stored.contentType,
      size_bytes: stored.sizeBytes,
      fallback: false,
      fallbackReason: null,
    };
  }

  @Route(generatePlaceholderRoute)
  async placeholder(
    @CurrentUser() _caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(generatePlaceholderRoute.body)) body: z.infer<typeof generatePlaceholderRoute.body>,
  ): Promise<{ imageUrl: string; url: string; key: string; content_type: string }> {
    const png = renderPlaceholder({
      description: body.description?.trim() || body.title?.trim() || '',
      platform: body.platform ?? '',
    });
    const stored = answerOf(await this.commandBus.execute(new StoreImageCommand(png)));
    return { imageUrl: stored.url, url: stored.url, key: stored.key, content_type: stored.contentType };
  }
}

import { randomUUID } from 'node:crypto';
import { Controller, Get, HttpCode, Inject, Logger, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import { IMAGE_MESSAGES, type ImageUploadResponse } from '@app/contracts/src/identity';
import { ApiError, badRequest, notFound } from '../../../platform/http/api-error';
import { Public } from '../../../platform/http/public.decorator';
import { IMAGE_STORAGE, type ImageStorage } from './image-storage.port';
import { detectImageType, isImageKey } from './image-type';

/** Profile and logo images: at most 5 MB (spec). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const receiveImage = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10 } }).single('image');

/** Runs multer on the request; its failures become the spec's messages instead of generic 500s or 413s. */
function readUpload(request: Request, response: Response): Promise<Express.Multer.File | undefined> {
  return new Promise((resolve, reject) => {
    receiveImage(request, response, (error: unknown) => {
      if (!error) return resolve(request.file);
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return reject(new ApiError(413, 'IMAGE_TOO_LARGE', IMAGE_MESSAGES.tooLarge));
        return reject(badRequest('INVALID_UPLOAD', IMAGE_MESSAGES.missingFile, [{ field: error.field ?? 'image', message: IMAGE_MESSAGES.missingFile }]));
      }
      // Malformed multipart bodies (bad boundary, truncated stream) are the client's fault, not ours.
      return reject(badRequest('INVALID_UPLOAD', (error as Error).message || IMAGE_MESSAGES.uploadFailed));
    });
  });
}

@Controller()
export class ImagesController {
  private readonly logger = new Logger('Images');

  constructor(@Inject(IMAGE_STORAGE) private readonly storage: ImageStorage) {}

  @Post('images/upload')
  @HttpCode(201)
  upload(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<ImageUploadResponse> {
    return this.store(request, response);
  }

  /** The same upload under the path another part of the app calls. */
  @Post('upload/image')
  @HttpCode(201)
  uploadAlias(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<ImageUploadResponse> {
    return this.store(request, response);
  }

  @Public()
  @Get('images/:key')
  async serve(@Param('key') key: string, @Res() response: Response): Promise<void> {
    const image = isImageKey(key) ? await this.storage.get(key) : undefined;
    if (!image) throw notFound('IMAGE_NOT_FOUND', IMAGE_MESSAGES.notFound);
    response
      .status(200)
      .setHeader('Content-Type', image.contentType)
      .setHeader('Cache-Control', 'public, max-age=31536000, immutable')
      // The bytes were checked at upload; this stops a browser from sniffing them as anything else.
      .setHeader('X-Content-Type-Options', 'nosniff')
      .send(image.bytes);
  }

  private async store(request: Request, response: Response): Promise<ImageUploadResponse> {
    if (!request.is('multipart/form-data')) throw new ApiError(415, 'NOT_MULTIPART', IMAGE_MESSAGES.missingFile);
    const file = await readUpload(request, response);
    if (!file) throw badRequest('IMAGE_REQUIRED', IMAGE_MESSAGES.missingFile, [{ field: 'image', message: IMAGE_MESSAGES.missingFile }]);
    const type = detectImageType(file.buffer);
    if (!type) throw new ApiError(415, 'NOT_AN_IMAGE', IMAGE_MESSAGES.notAnImage);
    const key = `${randomUUID()}.${type.extension}`;
    try {
      await this.storage.put(key, { bytes: file.buffer, contentType: type.contentType });
    } catch (error) {
      // The object store is down or refuses us: the client may retry; the cause goes to the log.
      this.logger.error(`Storing image ${key} failed: ${(error as Error).message}`);
      throw new ApiError(503, 'IMAGE_STORAGE_UNAVAILABLE', IMAGE_MESSAGES.uploadFailed);
    }
    return { url: this.storage.urlFor(key), key, content_type: type.contentType, size_bytes: file.size };
  }
}

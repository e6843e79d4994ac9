import { randomUUID } from 'node:crypto';
import { Controller, Inject, Logger, Param, Req, Res } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import multer from 'multer';
import typeis from 'type-is';
import {
  IMAGE_MESSAGES,
  type ImageUploadResponse,
  imageUploadRoute,
  uploadImageRoute,
  getImageRoute,
} from '@app/contracts/identity';
import { ApiError, badRequest, notFound } from '../../../platform/http/api-error';
import { Public } from '../../../platform/http/public.decorator';
import { IMAGE_STORAGE, type ImageStorage } from './image-storage.port';
import { detectImageType, isImageKey } from './image-type';
import { Route } from '../../../platform/http/route.decorator';

/** Profile and logo images: at most 5 MB (spec). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const receiveImage = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10 },
}).single('image');

/**
 * Runs multer on the raw request (the platform leaves multipart bodies unread for it, see `installBodyParsers`); its
 * failures become the spec's messages instead of generic 500s or 413s.
 */
function readUpload(request: FastifyRequest, reply: FastifyReply): Promise<Express.Multer.File | undefined> {
  const raw = request.raw as IncomingMessage & { file?: Express.Multer.File };
  return new Promise((resolve, reject) => {
    // multer's types want Express's request and response; it only reads the Node objects underneath.
    receiveImage(raw as never, reply.raw as ServerResponse as never, (error: unknown) => {
      if (!error) return resolve(raw.file);
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE')
          return reject(new ApiError(413, 'IMAGE_TOO_LARGE', IMAGE_MESSAGES.tooLarge));
        return reject(
          badRequest('INVALID_UPLOAD', IMAGE_MESSAGES.missingFile, [
            { field: error.field ?? 'image', message: IMAGE_MESSAGES.missingFile },
          ]),
        );
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

  @Route(imageUploadRoute)
  upload(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<ImageUploadResponse> {
    return this.store(request, response);
  }

  /** The same upload under the path another part of the app calls. */
  @Route(uploadImageRoute)
  uploadAlias(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<ImageUploadResponse> {
    return this.store(request, response);
  }

  @Public()
  @Route(getImageRoute)
  async serve(@Param('key') key: string, @Res() response: FastifyReply): Promise<void> {
    const image = isImageKey(key) ? await this.storage.get(key) : undefined;
    if (!image) throw notFound('IMAGE_NOT_FOUND', IMAGE_MESSAGES.notFound);
    void response
      .status(200)
      .header('Content-Type', image.contentType)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      // The bytes were checked at upload; this stops a browser from sniffing them as anything else.
      .header('X-Content-Type-Options', 'nosniff')
      .send(image.bytes);
  }

  private async store(request: FastifyRequest, response: FastifyReply): Promise<ImageUploadResponse> {
    if (!typeis(request.raw, ['multipart/form-data']))
      throw new ApiError(415, 'NOT_MULTIPART', IMAGE_MESSAGES.missingFile);
    const file = await readUpload(request, response);
    if (!file)
      throw badRequest('IMAGE_REQUIRED', IMAGE_MESSAGES.missingFile, [
        { field: 'image', message: IMAGE_MESSAGES.missingFile },
      ]);
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

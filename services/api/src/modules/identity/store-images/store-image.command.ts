import { randomUUID } from 'node:crypto';
import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { IMAGE_STORAGE, type ImageStorage } from './image-storage.port';
import { detectImageType } from './image-type';

export type StoreImageResult =
  | { kind: 'stored'; url: string; key: string; contentType: string; sizeBytes: number }
  | { kind: 'not-an-image' }
  | { kind: 'storage-unavailable' };

/**
 * `commandBus.execute(new StoreImageCommand(bytes))`: stores image bytes through identity's image storage (local
 * disk or S3) under a generated key, as the upload route does. The type is read from the bytes (JPEG, PNG, GIF,
 * WEBP); anything else is `not-an-image`. Size limits are the caller's (content allows 15 MB, profiles 5 MB).
 */
export class StoreImageCommand extends Command<StoreImageResult> {
  constructor(readonly bytes: Buffer) {
    super();
  }
}

@CommandHandler(StoreImageCommand)
export class StoreImageHandler implements ICommandHandler<StoreImageCommand, StoreImageResult> {
  private readonly logger = new Logger('Images');

  constructor(@Inject(IMAGE_STORAGE) private readonly storage: ImageStorage) {}

  async execute({ bytes }: StoreImageCommand): Promise<StoreImageResult> {
    const type = detectImageType(bytes);
    if (!type) return { kind: 'not-an-image' };
    const key = `${randomUUID()}.${type.extension}`;
    try {
      await this.storage.put(key, { bytes, contentType: type.contentType });
    } catch (error) {
      // The object store is down or refuses us: the caller may retry; the cause goes to the log.
      this.logger.error(`Storing image ${key} failed: ${(error as Error).message}`);
      return { kind: 'storage-unavailable' };
    }
    return {
      kind: 'stored',
      url: this.storage.urlFor(key),
      key,
      contentType: type.contentType,
      sizeBytes: bytes.length,
    };
  }
}

import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ImageStorageConfig } from '../identity.config';
import { apiImageUrl, type ImageStorage, type StoredImage } from './image-storage.port';
import { isImageKey } from './image-type';

type S3Config = Extract<ImageStorageConfig, { kind: 's3' }>;

/** Production adapter: any S3-compatible object store (AWS S3, MinIO, R2, ...). */
export class S3ImageStorage implements ImageStorage {
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // Checksums only where S3 requires them: several S3-compatible stores reject the SDK's default trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, image: StoredImage): Promise<void> {
    if (!isImageKey(key)) throw new Error(`not an image key: ${key}`);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: `images/${key}`,
        Body: image.bytes,
        ContentType: image.contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(key: string): Promise<StoredImage | undefined> {
    if (!isImageKey(key)) return undefined;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: `images/${key}` }));
      if (!object.Body) return undefined;
      const bytes = Buffer.from(await object.Body.transformToByteArray());
      return { bytes, contentType: object.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  urlFor(key: string): string {
    return this.config.publicBaseUrl ? `${this.config.publicBaseUrl}/images/${key}` : apiImageUrl(key);
  }

  close(): void {
    this.client.destroy();
  }
}

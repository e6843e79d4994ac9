import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiImageUrl, type ImageStorage, type StoredImage } from './image-storage.port';
import { contentTypeOfKey, isImageKey } from './image-type';

/** Default adapter: files under DATA_DIR/images, served back through the API. */
export class LocalDiskImageStorage implements ImageStorage {
  constructor(private readonly directory: string) {}

  async put(key: string, image: StoredImage): Promise<void> {
    assertKey(key);
    await mkdir(this.directory, { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = join(this.directory, `.${key}.partial`);
    await writeFile(temporary, image.bytes);
    await rename(temporary, join(this.directory, key));
  }

  async get(key: string): Promise<StoredImage | undefined> {
    if (!isImageKey(key)) return undefined;
    try {
      const bytes = await readFile(join(this.directory, key));
      return { bytes, contentType: contentTypeOfKey(key) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  urlFor(key: string): string {
    return apiImageUrl(key);
  }
}

function assertKey(key: string): void {
  if (!isImageKey(key)) throw new Error(`not an image key: ${key}`);
}

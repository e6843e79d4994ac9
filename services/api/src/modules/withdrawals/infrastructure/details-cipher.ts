import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ApiError } from '../../../platform/http/api-error';

/**
 * Payout details at rest: AES-256-GCM (node:crypto) with a fresh 12-byte IV per value, `v1.<iv>.<tag>.<ciphertext>`
 * in base64url. The tag authenticates the value and `aad` binds it to its owner, so a ciphertext copied to another
 * user's row or event does not decrypt.
 */
export class DetailsCipher {
  constructor(private readonly configuredKey: Buffer | null) {
    if (configuredKey && configuredKey.length !== 32) throw new Error('The payment details key must be 32 bytes');
  }

  /** Nothing is stored or read in clear: without a key, the features that need one are unavailable. */
  private get key(): Buffer {
    if (!this.configuredKey)
      throw new ApiError(
        503,
        'PAYMENT_DETAILS_KEY_MISSING',
        'Withdrawals are not available right now. Please try again later.',
      );
    return this.configuredKey;
  }

  encrypt(value: unknown, aad: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(aad));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      ciphertext.toString('base64url'),
    ].join('.');
  }

  decrypt<T>(sealed: string, aad: string): T {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('Not a v1 sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return JSON.parse(
      Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8'),
    ) as T;
  }
}

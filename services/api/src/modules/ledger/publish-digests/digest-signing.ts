import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { LedgerDigest, SignedLedgerDigest } from '@app/contracts/ledger';

/**
 * Signed digests. The signature is Ed25519 over this exact UTF-8 text (four lines, each ending in a line feed):
 *
 *   ledger-digest/v1
 *   position <decimal tree size>
 *   root <64 lower-case hex digits>
 *   at <the digest's ISO 8601 time, as in the digest>
 *
 * so that an auditor's own tool (openssl, any Ed25519 library) checks a digest with the public key alone.
 */
export function digestSigningText(digest: LedgerDigest): string {
  return `ledger-digest/v1\nposition ${digest.position}\nroot ${digest.root}\nat ${digest.at}\n`;
}

/** First 16 hex digits of SHA-256 over the public key's SPKI DER: tells keys apart in files and listings. */
export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);
}

export function publicKeyPem(privateKey: KeyObject): string {
  return createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
}

export function signDigest(digest: LedgerDigest, privateKey: KeyObject): SignedLedgerDigest {
  const signature = sign(null, Buffer.from(digestSigningText(digest), 'utf8'), privateKey).toString('base64');
  return {
    position: digest.position,
    root: digest.root,
    at: digest.at,
    algorithm: 'Ed25519',
    key_id: keyIdOf(createPublicKey(privateKey)),
    signature,
  };
}

export type SignatureCheck = { valid: true } | { valid: false; reason: string };

/**
 * Checks a signed digest against the auditor's trusted public key (PEM): a digest signed with another key is refused.
 */
export function verifyDigestSignature(digest: SignedLedgerDigest, trustedPublicKeyPem: string): SignatureCheck {
  let publicKey: KeyObject;
  try {
    publicKey = createPublicKey(trustedPublicKeyPem);
  } catch (error) {
    return { valid: false, reason: `the public key does not parse: ${(error as Error).message}` };
  }
  if (publicKey.asymmetricKeyType !== 'ed25519')
    return { valid: false, reason: `the public key is ${publicKey.asymmetricKeyType}, not Ed25519` };
  const keyId = keyIdOf(publicKey);
  if (digest.key_id !== keyId)
    return { valid: false, reason: `the digest was signed with key ${digest.key_id}, not the trusted key ${keyId}` };
  const signature = Buffer.from(digest.signature, 'base64');
  if (!verify(null, Buffer.from(digestSigningText(digest), 'utf8'), publicKey, signature)) {
    return { valid: false, reason: 'the signature does not match the digest under the trusted key' };
  }
  return { valid: true };
}

const optional = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);
const Environment = z.object({
  LEDGER_DIGEST_KEY: optional,
  LEDGER_DIGEST_INTERVAL_MINUTES: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(60),
  ),
});

export interface DigestConfig {
  privateKey: KeyObject;
  /** Where the key came from: the environment, or the file generated under DATA_DIR. */
  keySource: 'environment' | string;
  intervalMinutes: number;
}

export const DIGEST_KEY_FILE = 'ledger-digest-key.pem';

/** A PKCS#8 Ed25519 private key as PEM (literal `\n` allowed, as environment files write them) or base64 of its DER. */
export function parseDigestKey(text: string): KeyObject {
  const trimmed = text.trim();
  const key = trimmed.includes('-----BEGIN')
    ? createPrivateKey(trimmed.replace(/\\n/g, '\n'))
    : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(`LEDGER_DIGEST_KEY is a ${key.asymmetricKeyType} key, not Ed25519`);
  return key;
}

/**
 * The digest configuration: `LEDGER_DIGEST_KEY` (the Ed25519 private key that signs digests) and
 * `LEDGER_DIGEST_INTERVAL_MINUTES` (how often the job records one, default 60). Without a key, the embedded default
 * generates one once and keeps it in `<DATA_DIR>/ledger-digest-key.pem` (mode 600), so digests stay verifiable across
 * restarts; a deployment sets the variable, so every replica signs with the same key.
 */
export function loadDigestConfig(dataDirectory: string, environment: NodeJS.ProcessEnv = process.env): DigestConfig {
  const parsed = Environment.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid ledger digest configuration: ${problems.join('; ')}`);
  }
  const { LEDGER_DIGEST_KEY: keyText, LEDGER_DIGEST_INTERVAL_MINUTES: intervalMinutes } = parsed.data;
  if (keyText) return { privateKey: parseDigestKey(keyText), keySource: 'environment', intervalMinutes };
  const file = join(dataDirectory, DIGEST_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    const { privateKey } = generateKeyPairSync('ed25519');
    // 'wx': a second process starting at the same moment fails here instead of overwriting the first one's key.
    try {
      writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { flag: 'wx', mode: 0o600 });
      chmodSync(file, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return { privateKey: parseDigestKey(readFileSync(file, 'utf8')), keySource: file, intervalMinutes };
}

export const DIGEST_CONFIG = Symbol('LEDGER_DIGEST_CONFIG');

import { createHash, randomBytes, randomInt } from 'node:crypto';
import argon2 from 'argon2';

/** 256 random bits, URL-safe: bearer tokens, confirmation tokens. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256: a leaked table grants no session. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

// No 0/O or 1/I: codes are read aloud and typed by hand.
const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 6;

export function newReferralCode(): string {
  let code = '';
  for (let index = 0; index < REFERRAL_CODE_LENGTH; index += 1)
    code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): hashing costs tens of milliseconds on a
 * shared two-core machine, which bounds an attacker without making sign-in slow.
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, ARGON2_OPTIONS);

// Verifying against this when the account does not exist keeps "no such e-mail" as slow as "wrong password".
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    decoyHash ??= argon2.hash(newOpaqueToken(), ARGON2_OPTIONS);
    await argon2.verify(await decoyHash, password);
    return false;
  }
  try {
    return await argon2.verify(passwordHash, password);
  } catch {
    return false;
  }
}

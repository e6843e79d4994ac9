import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The local provider's webhook signature, shaped like the big providers': header `x-local-signature:
 * t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The timestamp is signed too, and deliveries older
 * than the tolerance are refused, so a captured delivery cannot be replayed later.
 */
export const LOCAL_SIGNATURE_HEADER = 'x-local-signature';
export const LOCAL_SIGNATURE_TOLERANCE_SECONDS = 300;

export function signLocalPayload(
  secret: string,
  rawBody: string,
  timestampSeconds = Math.floor(Date.now() / 1000),
): string {
  const digest = createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex');
  return `t=${timestampSeconds},v1=${digest}`;
}

export function verifyLocalSignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const signature = parts.get('v1');
  if (!Number.isSafeInteger(timestamp) || !signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Math.abs(nowSeconds - timestamp) > LOCAL_SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

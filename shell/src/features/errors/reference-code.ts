/**
 * The error page's reference code: 'ERR-' plus 8 hex characters derived from the message, the time
 * and the URL (32-bit FNV-1a), so support can match a screenshot to a log line.
 */
export function errorReferenceCode(message: string, timestamp: string, url: string): string {
  let hash = 0x811c9dc5;
  for (const character of `${message}|${timestamp}|${url}`) {
    hash ^= character.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `ERR-${hash.toString(16).toUpperCase().padStart(8, '0')}`;
}

import { parse, serialize, type SerializeOptions } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type CookieOptions = Pick<SerializeOptions, 'httpOnly' | 'secure' | 'sameSite' | 'path' | 'expires'>;

/** A cookie the request carries, or undefined when it is missing or empty. */
export function readCookie(request: Pick<FastifyRequest, 'headers'>, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const value = parse(header)[name];
  return value ? value : undefined;
}

/**
 * Adds a `Set-Cookie` to the answer (several calls add several cookies). An answer that sets a cookie is never
 * stored by a browser or a shared cache (`Cache-Control: no-store`): every token answer (sign-in, sign-up, refresh,
 * demo, Google callback) sets the session cookie, and the token must not outlive the answer in a cache.
 */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  void reply.header('set-cookie', serialize(name, value, options));
  void reply.header('cache-control', 'no-store');
}

/** Tells the browser to drop a cookie; `path` (and the other attributes) must match the ones it was set with. */
export function clearCookie(reply: FastifyReply, name: string, options: CookieOptions): void {
  setCookie(reply, name, '', { ...options, expires: new Date(0) });
}

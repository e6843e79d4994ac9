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

/** Adds a `Set-Cookie` to the answer (several calls add several cookies). */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  void reply.header('set-cookie', serialize(name, value, options));
}

/** Tells the browser to drop a cookie; `path` (and the other attributes) must match the ones it was set with. */
export function clearCookie(reply: FastifyReply, name: string, options: CookieOptions): void {
  setCookie(reply, name, '', { ...options, expires: new Date(0) });
}

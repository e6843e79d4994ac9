import type { FastifyRequest } from 'fastify';
import { readCookie } from './cookies';

/** The session token from `Authorization: Bearer ...`, else from the http-only cookie. */
export function tokenFromRequest(request: Pick<FastifyRequest, 'headers'>, cookieName: string): string | undefined {
  return bearerTokenOf(request) ?? readCookie(request, cookieName);
}

/** The token of an `Authorization: Bearer ...` header (a header no other site can make a browser send). */
export function bearerTokenOf(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
}

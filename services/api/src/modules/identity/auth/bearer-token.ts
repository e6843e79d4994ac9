import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearCookie, readCookie, setCookie } from '../../../platform/http/cookies';
import type { IdentityConfig } from '../identity.config';

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

export function setSessionCookie(reply: FastifyReply, config: IdentityConfig, token: string, expiresAt: string): void {
  setCookie(reply, config.cookie.name, token, {
    httpOnly: true,
    secure: config.cookie.secure,
    sameSite: config.cookie.sameSite,
    path: '/',
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: IdentityConfig): void {
  clearCookie(reply, config.cookie.name, { httpOnly: true, secure: config.cookie.secure, sameSite: config.cookie.sameSite, path: '/' });
}

/** The caller's address as Fastify sees it (honours the platform's `trustProxy` setting). */
export const clientAddressOf = (request: FastifyRequest): string => request.ip;

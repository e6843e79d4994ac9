import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearCookie, readCookie, setCookie } from '../../../platform/http/cookies';
import type { IdentityConfig } from '../identity.config';

/** The session token from `Authorization: Bearer ...`, else from the http-only cookie. */
export function tokenFromRequest(request: Pick<FastifyRequest, 'headers'>, cookieName: string): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match) return match[1];
  }
  return readCookie(request, cookieName);
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

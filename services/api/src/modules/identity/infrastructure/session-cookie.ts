import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearCookie, setCookie } from '../../../platform/http/cookies';
import type { IdentityConfig } from '../identity.config';

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
  const { secure, sameSite } = config.cookie;
  clearCookie(reply, config.cookie.name, { httpOnly: true, secure, sameSite, path: '/' });
}

/** The caller's address as Fastify sees it (honours the platform's `trustProxy` setting). */
export const clientAddressOf = (request: FastifyRequest): string => request.ip;

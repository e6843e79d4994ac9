import type { Request, Response } from 'express';
import type { IdentityConfig } from '../identity.config';

/** The session token from `Authorization: Bearer ...`, else from the http-only cookie. */
export function tokenFromRequest(request: Request, cookieName: string): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match) return match[1];
  }
  return readCookie(request, cookieName);
}

function readCookie(request: Request, name: string): string | undefined {
  // cookie-parser may or may not be mounted by the platform; reading the header works either way.
  const parsed = (request as { cookies?: Record<string, unknown> }).cookies?.[name];
  if (typeof parsed === 'string' && parsed.length > 0) return parsed;
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) {
      const value = decodeURIComponent(part.slice(separator + 1).trim());
      return value.length > 0 ? value : undefined;
    }
  }
  return undefined;
}

export function setSessionCookie(response: Response, config: IdentityConfig, token: string, expiresAt: string): void {
  response.cookie(config.cookie.name, token, {
    httpOnly: true,
    secure: config.cookie.secure,
    sameSite: config.cookie.sameSite,
    path: '/',
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(response: Response, config: IdentityConfig): void {
  response.clearCookie(config.cookie.name, { httpOnly: true, secure: config.cookie.secure, sameSite: config.cookie.sameSite, path: '/' });
}

/** The caller's address as Express sees it (honours the platform's `trust proxy` setting). */
export const clientAddressOf = (request: Request): string => request.ip ?? request.socket.remoteAddress ?? 'unknown';

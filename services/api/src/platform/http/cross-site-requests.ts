import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@app/contracts/identity';
import { forbidden, type ApiError } from './api-error';

/** Methods that change something; a browser sends the session cookie with them from other sites' forms too. */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Cross-site request forgery: a page on another site can make the browser send a body-less or `text/plain` POST
 * with our session cookie (SameSite=Lax lets a top-level form POST through after a navigation, and sibling
 * subdomains are "same site"). A request authenticated by the cookie (not by an Authorization header, which no
 * other site can make a browser send) that changes something must therefore come from a trusted origin: the
 * API's own, the web app's (`PUBLIC_APP_URL`, `PUBLIC_API_URL`) or one allowed credentialed CORS
 * (`CORS_ORIGINS`). The origin is `Origin`, else `Referer`; a request with neither is not from a browser page
 * (browsers send `Origin` on every cross-origin POST) unless `Sec-Fetch-Site` says it is cross-site.
 */
export function crossSiteRefusal(request: FastifyRequest, trustedOrigins: ReadonlySet<string>): ApiError | undefined {
  if (!UNSAFE_METHODS.has(request.method)) return undefined;
  const claimed = request.headers.origin ?? request.headers.referer;
  if (claimed === undefined) {
    const fetchSite = request.headers['sec-fetch-site'];
    return fetchSite === 'cross-site' || fetchSite === 'same-site' ? refusal() : undefined;
  }
  const origin = originOf(claimed);
  if (origin === undefined) return refusal();
  if (trustedOrigins.has(origin)) return undefined;
  // The API's own origin, however it is reached (`request.host` and `request.protocol` honour TRUST_PROXY).
  if (origin === `${request.protocol}://${request.host}`) return undefined;
  return refusal();
}

const refusal = () => forbidden(AUTH_MESSAGES.crossSiteRequest, 'CROSS_SITE_REQUEST_REFUSED');

/** The trusted origins, normalised (`https://app.example.com/` and `https://app.example.com` are one). */
export function trustedOriginsOf(urls: string[]): Set<string> {
  return new Set(urls.map(originOf).filter((origin): origin is string => origin !== undefined));
}

import { routePath } from '@app/contracts/http';
import { tokenStorage } from '../api/token-storage';
import { apiBaseUrl } from './api-base';

/** A report of `reportClientErrorRoute` (spec 3 §7). */
export interface ClientErrorReport {
  /** Where: `api-client`, `error-boundary`, a screen's name. */
  source: string;
  error: string;
  dropId?: string | number | null;
  responseStatus?: number | null;
  errorDetails?: unknown;
  timestamp?: string;
}

/** The answers the platform reports (spec 3 §7: 500, 502, 503, 504). */
export const REPORTED_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504]);
/**
 * The report's route, loaded with the first report (rare: a failed answer or a crash), so the core bundle carries no
 * telemetry schemas.
 */
const reportRoute = () => import('@app/contracts/telemetry').then((contracts) => contracts.reportClientErrorRoute);
/** A page reports at most this many errors a minute (a broken page must not flood the API; it limits too). */
const REPORTS_PER_MINUTE = 10;
let windowStartedAt = 0;
let reportsInWindow = 0;

/** Runs `send` with the report's URL and path once its route is loaded; a failed load loses the report, quietly. */
function withReportRoute(send: (url: string, reportPath: string) => void): Promise<void> {
  return reportRoute().then(
    (route) => {
      const reportPath = routePath(route);
      send(`${apiBaseUrl().replace(/\/$/, '')}${reportPath}`, reportPath);
    },
    () => undefined,
  );
}

/** Sends a report and forgets it: reporting must never fail or slow the screen that failed. */
export function reportClientError(
  report: ClientErrorReport,
  fetchImplementation: typeof fetch | undefined = globalThis.fetch,
): Promise<void> {
  if (typeof fetchImplementation !== 'function') return Promise.resolve();
  return withReportRoute((url) => send(url, report, fetchImplementation));
}

function send(url: string, report: ClientErrorReport, fetchImplementation: typeof fetch): void {
  const now = Date.now();
  if (now - windowStartedAt >= 60_000) {
    windowStartedAt = now;
    reportsInWindow = 0;
  }
  if (reportsInWindow >= REPORTS_PER_MINUTE) return;
  reportsInWindow += 1;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = tokenStorage.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const body = JSON.stringify({
    ...report,
    error: report.error.slice(0, 2_000) || 'Unknown error',
    timestamp: report.timestamp ?? new Date(now).toISOString(),
  });
  try {
    void fetchImplementation(url, { method: 'POST', headers, body, credentials: 'include', keepalive: true }).catch(
      () => undefined,
    );
  } catch {
    // Nothing to do: the report is lost, the screen goes on.
  }
}

/** The API client's hook: a 500/502/503/504 answer of any call but the report itself. */
export function reportServerErrorAnswer(method: string, path: string, status: number, code: string | undefined): void {
  if (!REPORTED_STATUSES.has(status)) return;
  const dropId = /^\/api\/drops\/([^/?]+)/.exec(path)?.[1] ?? null;
  const report = {
    source: 'api-client',
    error: `${method} ${path} answered ${status}`,
    responseStatus: status,
    dropId,
    errorDetails: { method, path, code: code ?? null },
  };
  const fetchImplementation = globalThis.fetch;
  if (typeof fetchImplementation !== 'function') return;
  void withReportRoute((url, reportPath) => {
    if (!path.startsWith(reportPath)) send(url, report, fetchImplementation);
  });
}

/** For error boundaries: a render crash, with its stack and component stack (cut to fit the API's 16 KB). */
export function reportBoundaryCrash(
  error: Error,
  componentStack: string | null | undefined,
  where = 'error-boundary',
): void {
  void reportClientError({
    source: where,
    error: error.message || error.name || 'Render error',
    errorDetails: {
      name: error.name,
      stack: error.stack?.slice(0, 4_000) ?? null,
      componentStack: componentStack?.slice(0, 4_000) ?? null,
      path: typeof location === 'undefined' ? null : location.pathname,
    },
  });
}

/** Tests: forget the per-minute count. */
export function resetClientErrorReporting(): void {
  windowStartedAt = 0;
  reportsInWindow = 0;
}

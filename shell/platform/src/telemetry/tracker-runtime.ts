import { tokenStorage } from '../api/token-storage';
import { apiBaseUrl } from './api-base';
import {
  TelemetryTracker,
  beaconFits,
  randomId,
  shouldResend,
  telemetryUrl,
  type SendOutcome,
  type TelemetryBatch,
} from './tracker';

/** One id per browser tab (sessionStorage), so a reload continues the same telemetry session. */
function tabSessionId(): string {
  try {
    const stored = window.sessionStorage.getItem('telemetrySessionId');
    if (stored) return stored;
    const created = randomId();
    window.sessionStorage.setItem('telemetrySessionId', created);
    return created;
  } catch {
    return randomId();
  }
}

async function sendWithFetch(batch: TelemetryBatch): Promise<SendOutcome> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = tokenStorage.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await fetch(telemetryUrl(apiBaseUrl(), batch.id), {
      method: 'POST',
      headers,
      body: JSON.stringify(batch.events),
      credentials: 'include',
      keepalive: false,
    });
    return shouldResend(response.status) ? 'retry' : 'done';
  } catch {
    return 'retry';
  }
}

function sendWithBeacon(batch: TelemetryBatch): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  const body = JSON.stringify(batch.events);
  if (!beaconFits(body)) return false;
  // A JSON blob: the API reads only application/json bodies. The session cookie goes with it (no header can).
  return navigator.sendBeacon(telemetryUrl(apiBaseUrl(), batch.id), new Blob([body], { type: 'application/json' }));
}

/** The page's tracker over fetch and sendBeacon, flushed by beacon when the page is hidden or left. */
export function createBrowserTracker(): TelemetryTracker {
  const tracker = new TelemetryTracker({
    send: sendWithFetch,
    beacon: sendWithBeacon,
    sessionId: typeof window === 'undefined' ? undefined : tabSessionId(),
  });
  // No user id in the events: the API takes the user from the session (bearer token or cookie), never the body.
  if (typeof document !== 'undefined') {
    // `pagehide` covers unload and the back-forward cache; `visibilitychange` covers a tab closed from the switcher.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') tracker.flushWithBeacon();
    });
    window.addEventListener('pagehide', () => tracker.flushWithBeacon());
  }
  return tracker;
}

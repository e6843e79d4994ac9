import type { TelemetryTracker, TrackedTarget } from './tracker';

export { apiBaseUrl } from './api-base';

/** What the screens record; the page's tracker behind it is loaded on first use, off the landing page's path. */
export interface PageTelemetry {
  impression(element: object, target: TrackedTarget): void;
  click(target: TrackedTarget): void;
  view(target: TrackedTarget): void;
  pageView(path: string): void;
}

let shared: TelemetryTracker | undefined;
let waiting: Array<(tracker: TelemetryTracker) => void> = [];
let loading = false;

/**
 * Runs `load` once the page has nothing more urgent to do (a first page's own chunks, its first render), or after half
 * a second at most: what waits meanwhile is kept in order.
 */
function whenIdle<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 500 });
    else setTimeout(resolve, 0);
  }).then(load);
}

/**
 * Runs `record` on the page's tracker, loading it first when needed: the tracker is its own chunk (a visitor's first
 * paint does not wait for it), and what is recorded meanwhile is kept in order and handed over once it is there.
 */
function withTracker(record: (tracker: TelemetryTracker) => void): void {
  if (shared) return record(shared);
  waiting.push(record);
  if (loading) return;
  loading = true;
  whenIdle(() => import('./tracker-runtime')).then(
    ({ createBrowserTracker }) => {
      shared ??= createBrowserTracker();
      const records = waiting;
      waiting = [];
      for (const each of records) each(shared);
    },
    () => {
      // Offline or a failed chunk: drop what waited (telemetry never breaks a page); the next event tries again.
      waiting = [];
      loading = false;
    },
  );
}

const deferred: PageTelemetry = {
  impression: (element, target) => withTracker((tracker) => tracker.impression(element, target)),
  click: (target) => withTracker((tracker) => tracker.click(target)),
  view: (target) => withTracker((tracker) => tracker.view(target)),
  pageView: (path) => withTracker((tracker) => tracker.pageView(path)),
};

/** The tracker of this page (one for the shell and every remote: this module is a federation singleton). */
export function telemetry(): PageTelemetry {
  return shared ?? deferred;
}

/** Replaces the page's tracker (tests, a standalone remote with its own transport). */
export function setTelemetryTracker(tracker: TelemetryTracker | undefined): void {
  shared?.stop();
  shared = tracker;
  waiting = [];
  loading = false;
}

// Telemetry: the page's tracker (batched every 3 s, resent with the same batch id, beaconed on page hide), the
// impression/view hooks the screens use, and client error reports. The tracker itself (`./tracker`) is loaded on first
// use, so it is not exported here (tests build one from `@app/platform/testing`).
export type {
  TelemetryBatch,
  TelemetryEvent,
  TelemetryTracker,
  TrackedTarget,
  TrackedTargetType,
  TrackerOptions,
  SendOutcome,
} from './tracker';
export { setTelemetryTracker, telemetry, type PageTelemetry } from './browser-telemetry';
export { trackClick, useTrackImpression, useTrackView } from './use-tracking';
export { reportBoundaryCrash, reportClientError, reportServerErrorAnswer } from './client-errors';
export type { ClientErrorReport } from './client-errors';

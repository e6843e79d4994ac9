// Telemetry: the page's tracker (batched every 3 s, resent with the same batch id, beaconed on page hide), the
// impression/view hooks the screens use, and client error reports.
export { FLUSH_INTERVAL_MS, MAX_EVENTS_PER_BATCH, TelemetryTracker } from './tracker';
export type { TelemetryBatch, TelemetryEvent, TrackedTarget, TrackedTargetType, TrackerOptions, SendOutcome } from './tracker';
export { setTelemetryTracker, telemetry } from './browser-telemetry';
export { trackClick, useTrackImpression, useTrackView } from './use-tracking';
export { reportBoundaryCrash, reportClientError, reportServerErrorAnswer } from './client-errors';
export type { ClientErrorReport } from './client-errors';

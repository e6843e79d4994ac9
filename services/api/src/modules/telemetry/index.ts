// The telemetry context's public surface: what other contexts may ask of the telemetry it stores.

/** What the screens track (payload `{ target_type, target_id }`; a click may carry `campaign_id`). */
export type TrackedEventType = 'impression' | 'click' | 'view';
export type TrackedTargetType = 'content' | 'drop';

export interface TelemetryTarget {
  type: TrackedTargetType;
  id: string;
}

/**
 * Counts of tracked events per target, event type and UTC day, for the given targets between `from`
 * (inclusive) and `to` (exclusive). Answers `TelemetryCountRow[]` (days with no event are absent). Read from
 * the telemetry context's daily rollup, so it is as fresh as the last stored batch (seconds).
 */
export class TelemetryCountsQuery {
  constructor(
    readonly targets: ReadonlyArray<TelemetryTarget>,
    readonly from: Date,
    readonly to: Date,
  ) {}
}

export interface TelemetryCountRow {
  targetType: TrackedTargetType;
  targetId: string;
  eventType: TrackedEventType;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  count: number;
}

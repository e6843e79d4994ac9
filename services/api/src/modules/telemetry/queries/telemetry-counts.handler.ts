import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { TelemetryCountsQuery, type TelemetryCountRow } from '../index';
import { TelemetryStore } from '../infrastructure/telemetry-store';

/** Answers other contexts (advertiser dashboard, campaigns) from the daily rollup: one indexed read per call. */
@QueryHandler(TelemetryCountsQuery)
export class TelemetryCountsHandler implements IQueryHandler<TelemetryCountsQuery, TelemetryCountRow[]> {
  constructor(private readonly store: TelemetryStore) {}

  execute(query: TelemetryCountsQuery): Promise<TelemetryCountRow[]> {
    return this.store.counts(query.targets, query.from, query.to);
  }
}

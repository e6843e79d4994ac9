import { ClientRateLimiter, limitFromEnvironment } from './infrastructure/client-rate-limiter';

/** Batches one client may send a minute (the tracker sends one every 3 s: 20; page hides and resends add a few). */
export const DEFAULT_TELEMETRY_BATCHES_PER_MINUTE = 120;
/** Error reports one client may send a minute. */
export const DEFAULT_CLIENT_ERRORS_PER_MINUTE = 30;

export class TelemetryRateLimiter extends ClientRateLimiter {}
export class ClientErrorRateLimiter extends ClientRateLimiter {}

/** `TELEMETRY_BATCHES_PER_MINUTE` and `CLIENT_ERRORS_PER_MINUTE` override the defaults (README). */
export const telemetryLimiterProviders = [
  {
    provide: TelemetryRateLimiter,
    useFactory: () =>
      new TelemetryRateLimiter(
        limitFromEnvironment('TELEMETRY_BATCHES_PER_MINUTE', DEFAULT_TELEMETRY_BATCHES_PER_MINUTE),
        60_000,
      ),
  },
  {
    provide: ClientErrorRateLimiter,
    useFactory: () =>
      new ClientErrorRateLimiter(
        limitFromEnvironment('CLIENT_ERRORS_PER_MINUTE', DEFAULT_CLIENT_ERRORS_PER_MINUTE),
        60_000,
      ),
  },
];

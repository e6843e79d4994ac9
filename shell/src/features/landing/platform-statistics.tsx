import { PLATFORM_STATS_PATH } from '@app/contracts/paths';
import type { PlatformStats } from '@app/contracts/platform-stats';
import { ErrorBox, SkeletonList, apiClient, formatBalance } from '@app/platform';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 1 §1: the landing page's live statistics refresh every 10 seconds. */
export const STATISTICS_REFRESH_MS = 10_000;

type StatisticsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** `refreshError`: the last refresh failed, so the figures shown are the previous ones. */
  | { status: 'ready'; stats: PlatformStats; refreshError: string | null };

const decimal = /^\d+(\.\d+)?$/;
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isDecimal = (value: unknown): value is string => typeof value === 'string' && decimal.test(value);

/**
 * Checks the answer by hand: the landing page's first chunk must stay small, so no schema library here (the zod
 * schema in contracts is the server's and the OpenAPI document's).
 */
export function parsePlatformStats(body: unknown): PlatformStats {
  const value = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const valid =
    isCount(value.members) &&
    isCount(value.active_drops) &&
    isCount(value.drop_applications_completed) &&
    isDecimal(value.points_paid_out) &&
    isDecimal(value.gems_paid_out) &&
    isDecimal(value.keys_converted) &&
    typeof value.as_of === 'string';
  if (!valid) throw new Error(`Unexpected response from GET ${PLATFORM_STATS_PATH}`);
  return value as unknown as PlatformStats;
}

const figures: Array<{ key: Exclude<keyof PlatformStats, 'as_of'>; label: string }> = [
  { key: 'members', label: 'Members' },
  { key: 'active_drops', label: 'Active drops' },
  { key: 'drop_applications_completed', label: 'Drops completed' },
  { key: 'points_paid_out', label: 'Points rewarded' },
  { key: 'gems_paid_out', label: 'Gems rewarded' },
  { key: 'keys_converted', label: 'Keys converted' },
];

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Live figures from GET /api/stats/platform: skeleton, then the figures refreshed every 10 s, or the error box. */
export function PlatformStatistics() {
  const [state, setState] = useState<StatisticsState>({ status: 'loading' });
  const inFlight = useRef<AbortController | null>(null);

  const fetchStats = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const stats = parsePlatformStats(await apiClient().get(PLATFORM_STATS_PATH, { signal: controller.signal }));
      if (!controller.signal.aborted) setState({ status: 'ready', stats, refreshError: null });
    } catch (error) {
      if (controller.signal.aborted) return;
      // Once figures are on screen a failed refresh keeps them (marked); the error box is for a first load.
      setState((previous) =>
        previous.status === 'ready'
          ? { ...previous, refreshError: messageOf(error) }
          : { status: 'error', message: messageOf(error) },
      );
    }
  }, []);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    void fetchStats();
  }, [fetchStats]);

  useEffect(() => {
    void fetchStats();
    const timer = setInterval(() => {
      // A hidden tab does not poll; it refreshes on the next tick after it is shown again.
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      void fetchStats();
    }, STATISTICS_REFRESH_MS);
    return () => {
      clearInterval(timer);
      inFlight.current?.abort();
    };
  }, [fetchStats]);

  if (state.status === 'loading') return <SkeletonList rows={2} label="Loading platform statistics" />;
  if (state.status === 'error') return <ErrorBox message={`Failed to load data: ${state.message}`} onRetry={retry} />;
  return (
    <>
      <dl className="landing__stats">
        {figures.map((figure) => (
          <div key={figure.key} className="landing__stat">
            <dt>{figure.label}</dt>
            <dd>{formatBalance(state.stats[figure.key])}</dd>
          </div>
        ))}
      </dl>
      {state.refreshError ? (
        <p role="status" className="landing__stats-note">
          Could not refresh: {state.refreshError}. Showing the last figures.
        </p>
      ) : null}
    </>
  );
}

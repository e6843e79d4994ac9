import { Controller, Header, Inject } from '@nestjs/common';
import type pg from 'pg';
import { getPlatformStatsRoute, type PlatformStats } from '@app/contracts/platform-stats';
import { formatMinor } from '@app/contracts/ledger';
import { DATABASE_POOL } from '../../platform/database/database.tokens';
import { Public } from '../../platform/http/public.decorator';
import type { PlatformCounter } from './platform-stats-fold';
import { Route } from '../../platform/http/route.decorator';

/**
 * GET /api/stats/platform: public figures read from the platform_stats projection (no scan of other modules' tables).
 */
@Controller()
export class PlatformStatsController {
  /** The OpenAPI definition of this endpoint (importing it registers it in the document). */
  static readonly route = getPlatformStatsRoute;

  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  @Public()
  @Route(getPlatformStatsRoute)
  // Every landing page polls this every 10 s; a shared cache may answer for a few seconds.
  @Header('Cache-Control', 'public, max-age=5')
  async platformStats(): Promise<PlatformStats> {
    const asOf = new Date();
    const result = await this.pool.query<{ counters: Record<string, string> | null; active_drops: string }>(
      `SELECT (SELECT json_object_agg(counter, amount::text) FROM platform_stats_counters) AS counters,
              (SELECT count(*) FROM platform_stats_drops WHERE open AND (deadline_at IS NULL OR deadline_at >= $1))
                AS active_drops`,
      [asOf.toISOString()],
    );
    const row = result.rows[0];
    const counter = (name: PlatformCounter): bigint => BigInt(row.counters?.[name] ?? '0');
    return {
      members: Number(counter('members')),
      active_drops: Number(row.active_drops),
      drop_applications_completed: Number(counter('drop_applications_completed')),
      points_paid_out: formatMinor(counter('points_paid_out_minor'), 'points'),
      gems_paid_out: formatMinor(counter('gems_paid_out_minor'), 'gems'),
      keys_converted: formatMinor(counter('keys_converted_minor'), 'keys'),
      as_of: asOf.toISOString(),
    };
  }
}

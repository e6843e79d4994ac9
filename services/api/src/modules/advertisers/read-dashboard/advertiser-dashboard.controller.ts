import { Controller } from '@nestjs/common';
import { QueryBus, QueryHandlerNotFoundException } from '@nestjs/cqrs';
import {
  TIER_INVENTORY,
  inventoryPeriodEnd,
  inventoryPeriodStart,
  type AdvertiserDashboard,
  advertiserDashboardRoute,
} from '@app/contracts/advertisers';
import type { DropView } from '@app/contracts/drops';
import { ListDropsQuery } from '@app/contracts/drops';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { TelemetryCountsQuery, type TelemetryCountRow } from '../../telemetry';
import { requireAdvertiser } from '../advertiser-only';
import { analyticsWindowStart, summarizeDashboard, type DropTelemetryRow } from '../domain/dashboard';
import { BrandProfiles } from '../infrastructure/brand-profiles';
import { MovesSpentQuery } from '../queries/moves-spent.query';
import { Route } from '../../../platform/http/route.decorator';

/**
 * How many of the advertiser's newest drops the dashboard reads. The tier limits allow at most 40 proof and paid
 * drops a week, so this covers the 30-day window and the inventory period of any advertiser within them.
 */
export const DASHBOARD_DROPS_READ = 500;

/**
 * `GET /api/advertisers/dashboard` (advertisers only): composed per request from the contexts that record the facts:
 * the drops context's list (drops, applications, escrowed pools), telemetry's daily rollup (impressions, clicks) and
 * the moves spent this period; the figures are computed by the pure `summarizeDashboard`. Two rounds of indexed reads.
 */
@Controller()
export class AdvertiserDashboardController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly brands: BrandProfiles,
  ) {}

  @Route(advertiserDashboardRoute)
  async dashboard(@CurrentUser() caller: AuthenticatedUser): Promise<AdvertiserDashboard> {
    const now = new Date();
    // The reads that do not depend on each other run together; a non-advertiser is refused before anything is answered.
    const [user, drops, brand] = await Promise.all([
      requireAdvertiser(this.queryBus, caller.userId),
      this.queryBus.execute<ListDropsQuery, DropView[]>(
        new ListDropsQuery({ creatorId: caller.userId, viewerId: caller.userId, limit: DASHBOARD_DROPS_READ }),
      ),
      this.brands.read(caller.userId),
    ]);
    const inventory = TIER_INVENTORY[user.user_tier];
    const [movesUsed, telemetry] = await Promise.all([
      this.movesSpent(
        caller.userId,
        inventoryPeriodStart(inventory.period, now),
        inventoryPeriodEnd(inventory.period, now),
      ),
      this.dropTelemetry(
        drops.map((drop) => drop.id),
        analyticsWindowStart(now),
        now,
      ),
    ]);
    const data = summarizeDashboard({ drops, telemetry, tier: user.user_tier, movesUsed, now });
    return { status: 'success', data: { ...data, brand } };
  }

  private async dropTelemetry(dropIds: string[], from: Date, to: Date): Promise<DropTelemetryRow[]> {
    if (dropIds.length === 0) return [];
    const rows = await this.queryBus.execute<TelemetryCountsQuery, TelemetryCountRow[]>(
      new TelemetryCountsQuery(
        dropIds.map((id) => ({ type: 'drop' as const, id })),
        from,
        // `to` is exclusive and counts whole days of the rollup: the end of today.
        new Date(to.getTime() + 1),
      ),
    );
    return rows.map((row) => ({ dropId: row.targetId, eventType: row.eventType, day: row.day, count: row.count }));
  }

  private async movesSpent(userId: string, from: Date, to: Date): Promise<number> {
    try {
      return await this.queryBus.execute<MovesSpentQuery, number>(new MovesSpentQuery(userId, from, to));
    } catch (error) {
      // No context spending moves in this application: none were spent.
      if (error instanceof QueryHandlerNotFoundException) return 0;
      throw error;
    }
  }
}

import {
  TIER_INVENTORY,
  inventoryPeriodEnd,
  inventoryPeriodStart,
  type AdvertiserDashboard,
  type DashboardDay,
  type DashboardDrop,
} from '@app/contracts/advertisers';
import type { DropView } from '@app/contracts/drops';
import type { UserTier } from '@app/contracts/identity';
import { formatMinor, parseDecimalToMinor } from '@app/contracts/ledger';

/** The analytics window: the last 30 days, ending now. */
export const ANALYTICS_DAYS = 30;
/** The dashboard lists the newest 10 drops (5 recent, 10 in the performance table). */
export const DASHBOARD_DROPS = 10;
const DAY_MILLISECONDS = 24 * 60 * 60 * 1000;

/** Telemetry counts for one drop and UTC day (the telemetry context's rollup rows). */
export interface DropTelemetryRow {
  dropId: string;
  eventType: 'impression' | 'click' | 'view';
  day: string;
  count: number;
}

export interface DashboardFacts {
  /** The advertiser's drops, any order (the drops context's list, sandbox rules applied). */
  drops: readonly DropView[];
  /** Impressions and clicks on those drops from the start of the analytics window. */
  telemetry: readonly DropTelemetryRow[];
  tier: UserTier;
  /** Moves the advertiser spent in the current inventory period (campaigns), 0 when nothing answers. */
  movesUsed: number;
  now: Date;
}

const gemsMinor = (value: number): bigint => parseDecimalToMinor(value, 'gems') ?? 0n;
const gems = (minor: bigint): string => formatMinor(minor, 'gems');
const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

/** The first instant of the analytics window: 00:00 UTC of the day 29 days before `now`'s day. */
export function analyticsWindowStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (ANALYTICS_DAYS - 1)));
}

/** Clicks per 100 impressions, 2 decimals; 0 without impressions. */
export function engagementRate(clicks: number, impressions: number): number {
  if (impressions <= 0) return 0;
  return Math.round((clicks * 10_000) / impressions) / 100;
}

interface DayTotals {
  drops: number;
  gemsMinor: bigint;
  impressions: number;
  clicks: number;
}

interface DropEngagement {
  impressions: number;
  clicks: number;
}

/** One empty bucket per day of the analytics window, oldest first (a Map keeps insertion order). */
function emptyDays(windowStart: Date): Map<string, DayTotals> {
  const days = new Map<string, DayTotals>();
  for (let index = 0; index < ANALYTICS_DAYS; index += 1)
    days.set(dayOf(new Date(windowStart.getTime() + index * DAY_MILLISECONDS)), {
      drops: 0,
      gemsMinor: 0n,
      impressions: 0,
      clicks: 0,
    });
  return days;
}

/** Adds impressions and clicks inside the window to their day and drop; views do not count. */
function tallyTelemetry(telemetry: readonly DropTelemetryRow[], days: Map<string, DayTotals>) {
  const perDrop = new Map<string, DropEngagement>();
  for (const row of telemetry) {
    const day = days.get(row.day);
    if (!day || row.eventType === 'view') continue;
    const totals = perDrop.get(row.dropId) ?? { impressions: 0, clicks: 0 };
    if (row.eventType === 'impression') {
      day.impressions += row.count;
      totals.impressions += row.count;
    } else {
      day.clicks += row.count;
      totals.clicks += row.count;
    }
    perDrop.set(row.dropId, totals);
  }
  return perDrop;
}

interface DropWindow {
  windowStart: Date;
  now: Date;
  periodStart: Date;
  periodEnd: Date;
}

/** Counts the drops created in the analytics window (into their day too) and in the inventory period. */
function tallyDrops(drops: readonly DropView[], days: Map<string, DayTotals>, window: DropWindow) {
  const tally = { dropsCreated: 0, participants: 0, gemsSpentMinor: 0n, proofDropsUsed: 0, paidDropsUsed: 0 };
  for (const drop of drops) {
    const createdAt = new Date(drop.created_at);
    const poolMinor = drop.kind === 'paid' ? gemsMinor(drop.gem_pool_total) : 0n;
    if (createdAt >= window.windowStart && createdAt <= window.now) {
      tally.dropsCreated += 1;
      tally.participants += drop.total_applications;
      tally.gemsSpentMinor += poolMinor;
      const day = days.get(dayOf(createdAt));
      if (day) {
        day.drops += 1;
        day.gemsMinor += poolMinor;
      }
    }
    if (createdAt >= window.periodStart && createdAt < window.periodEnd) {
      if (drop.kind === 'proof') tally.proofDropsUsed += 1;
      if (drop.kind === 'paid') tally.paidDropsUsed += 1;
    }
  }
  return tally;
}

/** The newest drops, newest first (ties by id), with their engagement in the window. */
function newestDrops(drops: readonly DropView[], perDrop: Map<string, DropEngagement>): DashboardDrop[] {
  const newest = [...drops]
    .sort((left, right) => right.created_at.localeCompare(left.created_at) || right.id.localeCompare(left.id))
    .slice(0, DASHBOARD_DROPS);
  return newest.map((drop) => ({
    id: drop.id,
    title: drop.title,
    drop_type: drop.kind,
    is_proof_drop: drop.kind === 'proof',
    is_paid_drop: drop.kind === 'paid',
    status: drop.status,
    current_participants: drop.current_participants,
    max_participants: drop.max_participants,
    total_applications: drop.total_applications,
    gem_pool_total: gems(gemsMinor(drop.gem_pool_total)),
    gems_paid: gems(gemsMinor(drop.gems_paid)),
    impressions: perDrop.get(drop.id)?.impressions ?? 0,
    clicks: perDrop.get(drop.id)?.clicks ?? 0,
    created_at: drop.created_at,
  }));
}

/**
 * The dashboard's figures from the facts other contexts recorded: pure, so the rules (what counts in the window and
 * in the inventory period) are tested without a database. Gems are summed in minor units (bigint), never floats.
 */
export function summarizeDashboard(facts: DashboardFacts): Omit<AdvertiserDashboard['data'], 'brand'> {
  const { now } = facts;
  const windowStart = analyticsWindowStart(now);
  const inventory = TIER_INVENTORY[facts.tier];
  const periodStart = inventoryPeriodStart(inventory.period, now);
  const periodEnd = inventoryPeriodEnd(inventory.period, now);

  const days = emptyDays(windowStart);
  const perDrop = tallyTelemetry(facts.telemetry, days);
  const tally = tallyDrops(facts.drops, days, { windowStart, now, periodStart, periodEnd });

  const daily: DashboardDay[] = [...days.entries()].map(([day, totals]) => ({
    day,
    drops_created: totals.drops,
    gems_spent: gems(totals.gemsMinor),
    impressions: totals.impressions,
    clicks: totals.clicks,
  }));
  const impressions = daily.reduce((sum, day) => sum + day.impressions, 0);
  const clicks = daily.reduce((sum, day) => sum + day.clicks, 0);

  return {
    drops: newestDrops(facts.drops, perDrop),
    analytics: {
      period_start: windowStart.toISOString(),
      period_end: now.toISOString(),
      drops_created: tally.dropsCreated,
      total_participants: tally.participants,
      gems_spent: gems(tally.gemsSpentMinor),
      impressions,
      engagement_rate: engagementRate(clicks, impressions),
    },
    user_tier: facts.tier,
    monthly_inventory: {
      period: inventory.period,
      period_start: periodStart.toISOString(),
      period_end: periodEnd.toISOString(),
      moves_used: facts.movesUsed,
      moves_allowance: inventory.movesPerPeriod,
      proof_drops_used: tally.proofDropsUsed,
      proof_drops_limit: inventory.proofDropsPerPeriod,
      paid_drops_used: tally.paidDropsUsed,
      paid_drops_limit: inventory.paidDropsPerPeriod,
    },
    daily,
  };
}

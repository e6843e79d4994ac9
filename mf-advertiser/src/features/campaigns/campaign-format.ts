import { formatBalance, formatCount, formatMoney } from '@app/platform';
import type { BidStrategy, CampaignObjective, CampaignStatus, CampaignType } from '@app/contracts/campaigns';
import { useLocation } from 'react-router';

export const OBJECTIVE_LABELS: Record<CampaignObjective, string> = {
  awareness: 'Awareness',
  engagement: 'Engagement',
  conversions: 'Conversions',
  traffic: 'Traffic',
  app_installs: 'App installs',
  video_views: 'Video views',
};
export const BID_STRATEGY_LABELS: Record<BidStrategy, string> = {
  lowest_cost: 'Lowest Cost',
  cost_cap: 'Cost Cap',
  bid_cap: 'Bid Cap',
};
export const TYPE_LABELS: Record<CampaignType, string> = { proof: 'Proof', standard: 'Standard', premium: 'Premium' };
export const STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
};
export const STATUS_TONES: Record<CampaignStatus, 'neutral' | 'accent' | 'success' | 'warning' | 'danger'> = {
  draft: 'neutral',
  active: 'success',
  paused: 'warning',
  completed: 'accent',
};

export const formatMoves = (value: number | string) => `${formatBalance(value)} moves`;
export const formatDollars = (value: number | string) => formatMoney(value);
export const formatPercent = (value: number) => `${value.toFixed(2)}%`;
export { formatCount };

/** The list's base path: /advertiser/campaigns or /campaigns, whichever the user came through (spec 3 §2). */
export function useCampaignsBase(): string {
  const { pathname } = useLocation();
  return pathname.startsWith('/advertiser/campaigns') ? '/advertiser/campaigns' : '/campaigns';
}

const DAY_MS = 86_400_000;

/** 'Ended', or whole days left until the end date (UTC days), or null without an end date. */
export function daysLeft(endDate: string | null, now = new Date()): string | null {
  if (!endDate) return null;
  const end = Date.parse(`${endDate}T23:59:59Z`);
  if (end < now.getTime()) return 'Ended';
  const days = Math.ceil((end - now.getTime()) / DAY_MS);
  return `${days} ${days === 1 ? 'day' : 'days'} left`;
}

/** A calendar day (YYYY-MM-DD) as the user reads it. */
export function formatDay(day: string): string {
  return new Date(`${day.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Today as YYYY-MM-DD in the user's own time zone (the start date's minimum). */
export function localToday(now = new Date()): string {
  const offset = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - offset).toISOString().slice(0, 10);
}

import { SPONSORSHIP_PACKAGES, type SuggestedContent } from '@app/contracts/advertisers';
import type { ContentView } from '@app/contracts/content';

/** The dashboard shows at most 6 suggestions (spec 3 §7). */
export const SUGGESTIONS_MAX = 6;
/** An item with at least this much recorded engagement is marked trending. */
export const TRENDING_ENGAGEMENT_MIN = 10;

export type RoiPotential = SuggestedContent['roi_potential'];

/** Engagement per 100 views, 2 decimals; 0 without views. */
export function contentEngagementRate(engagement: number, views: number): number {
  if (views <= 0) return 0;
  return Math.round((engagement * 10_000) / views) / 100;
}

/**
 * How much a boost is likely to return: high for items with much engagement that convert views well, medium for a
 * solid audience, low otherwise. Thresholds are the product's choice, written here once.
 */
export function roiPotentialOf(engagement: number, rate: number): RoiPotential {
  if (engagement >= 50 || (engagement >= 20 && rate >= 10)) return 'high';
  if (engagement >= TRENDING_ENGAGEMENT_MIN) return 'medium';
  return 'low';
}

/** The package that fits: a stronger item deserves a longer boost (spec 3 §9's packages). */
export function suggestedPackageFor(roi: RoiPotential) {
  const id = roi === 'high' ? 'daily-featured' : roi === 'medium' ? 'popular-boost' : 'quick-boost';
  const found = SPONSORSHIP_PACKAGES.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`sponsorship package ${id} is missing`);
  return { ...found };
}

/**
 * Suggestions from the content context's most engaged items: not the advertiser's own, not already sponsored,
 * ranked by recorded engagement (then rate), at most 6. `recentViews` adds the telemetry views and impressions of
 * the last 7 days per content id.
 */
export function suggestContent(
  candidates: readonly ContentView[],
  recentViews: ReadonlyMap<string, number>,
  advertiserId: string,
): SuggestedContent[] {
  return candidates
    .filter((item) => item.creator_id !== advertiserId && !item.is_sponsored && item.status === 'active')
    .map((item) => {
      const engagement = item.metrics.total_engagement;
      const rate = contentEngagementRate(engagement, item.metrics.views + (recentViews.get(item.id) ?? 0));
      const roi = roiPotentialOf(engagement, rate);
      return {
        id: item.id,
        title: item.title,
        description: item.description,
        platform: item.platform,
        platform_url: item.platform_url,
        is_trending: engagement >= TRENDING_ENGAGEMENT_MIN,
        total_engagement: engagement,
        engagement_rate: rate,
        roi_potential: roi,
        suggested_package: suggestedPackageFor(roi),
      };
    })
    .filter((item) => item.total_engagement > 0)
    .sort(
      (left, right) =>
        right.total_engagement - left.total_engagement ||
        right.engagement_rate - left.engagement_rate ||
        left.id.localeCompare(right.id),
    )
    .slice(0, SUGGESTIONS_MAX);
}

import type { CampaignItem } from './campaign';

/** Clicks on share links of one (campaign id, content id) pair on one UTC day: engagement's `ShareLinkClickRow`. */
export interface ShareLinkClicks {
  campaignId: string | null;
  contentId: string | null;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  clicks: number;
}

/** The share-link clicks that count for one campaign: in all, per content item of the campaign, per UTC day. */
export interface AttributedShareLinkClicks {
  total: number;
  byContent: Map<string, number>;
  byDay: Map<string, number>;
}

/**
 * The attribution rule (campaigns README, "Figures"): a click counts for a campaign when its link was made for that
 * campaign (`campaign_id`), from the UTC day the campaign was created; or when its link was made without a campaign
 * id for one of the campaign's content items, from the UTC day the item joined the campaign (the rule telemetry
 * follows). A link made for another campaign never counts, even for an item this campaign shares. A click of a link
 * made for the campaign goes to its item's row when the item is one of the campaign's, otherwise only to the
 * campaign's total and its days.
 */
export function attributeShareLinkClicks(
  campaign: { campaignId: string; createdAt: string | null; content: readonly CampaignItem[] },
  rows: readonly ShareLinkClicks[],
): AttributedShareLinkClicks {
  const created = campaign.createdAt?.slice(0, 10) ?? '';
  const joined = new Map(campaign.content.map((item) => [item.itemId, item.addedAt.slice(0, 10)]));
  const result: AttributedShareLinkClicks = { total: 0, byContent: new Map(), byDay: new Map() };
  for (const row of rows) {
    const contentId = row.contentId;
    const joinedOn = contentId === null ? undefined : joined.get(contentId);
    const counts =
      row.campaignId === null
        ? joinedOn !== undefined && row.day >= joinedOn
        : row.campaignId === campaign.campaignId && row.day >= created;
    if (!counts || row.clicks <= 0) continue;
    result.total += row.clicks;
    result.byDay.set(row.day, (result.byDay.get(row.day) ?? 0) + row.clicks);
    if (contentId !== null && joinedOn !== undefined)
      result.byContent.set(contentId, (result.byContent.get(contentId) ?? 0) + row.clicks);
  }
  return result;
}

import { BusQuery } from '../platform/bus';

/** Clicks on share links per UTC day, summed over the links made with the same campaign id and content id. */
export interface ShareLinkClickRow {
  /** The campaign the link was made for (`campaign_id` of `POST /api/shares/create`), or null. */
  campaignId: string | null;
  /** The content item the link was made for, or null. */
  contentId: string | null;
  /** UTC day of the clicks, `YYYY-MM-DD`. */
  day: string;
  clicks: number;
}

export interface ShareLinkClicksScope {
  /** Links made for any of these campaigns (whatever item they carry). */
  campaignIds: readonly string[];
  /** Links made for any of these items without a campaign id. */
  contentIds: readonly string[];
  /** First UTC day counted, `YYYY-MM-DD` (inclusive); every day when absent. */
  since?: string | null;
}

/**
 * `queryBus.execute(new GetShareLinkClicksQuery({ campaignIds, contentIds, since }))` → `ShareLinkClickRow[]`: the
 * clicks on the links made for those campaigns, and on the links made for those items without a campaign, per
 * (campaign id, content id, UTC day); days without a click are absent. The engagement module answers it from the
 * clicks its share-link redirect records, so a click is there once it was redirected. Which rows count for which
 * campaign is the asker's rule (campaigns README: a link made for the campaign always, a link made for one of its
 * items without a campaign from the day the item joined).
 */
export class GetShareLinkClicksQuery extends BusQuery<ShareLinkClickRow[]> {
  constructor(readonly scope: ShareLinkClicksScope) {
    super();
  }
}

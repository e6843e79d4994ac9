import { Query } from '@nestjs/cqrs';

/**
 * What the content context shows about engagement it does not record itself (likes, saves, shares, moves, tips and
 * funds, free engagement shares, sponsorships). Content answers both queries itself, from its `content_engagement`
 * projection of the engagement context's published events (`engagement-facts.handlers.ts`); other contexts may ask
 * them too (the engagement context need not register handlers).
 */
export interface ContentEngagementFacts {
  contentId: string;
  likes: number;
  saves: number;
  shares: number;
  reposts: number;
  views: number;
  internalMoves: number;
  externalMoves: number;
  /** Free engagement shares given out of the item's pool (never more than `engagement_shares_total`). */
  engagementSharesGiven: number;
  /** Shares sold by the market's primary sales (resales move shares between holders and change nothing here). */
  sharesSold: number;
  /** Tips and funds received, valued in USD minor units (scale 4); feeds `sharePriceFor`. */
  revenueUsdMinor: bigint;
  /** The live sponsorship, summed over live sponsors; null when none is live. */
  sponsorship: LiveSponsorship | null;
  /** About the viewer named in the query (all false / 0 without one). */
  viewer: { hasLiked: boolean; hasSaved: boolean; engagementSharesHeld: number };
}

export interface LiveSponsorship {
  contentId: string;
  totalBoostMultiplier: number;
  sponsorCount: number;
  /** When the last live sponsorship ends. */
  endsAt: string | null;
}

/** `queryBus.execute(new GetContentEngagementQuery(ids, viewerId))` → one fact per id asked (missing ids: none). */
export class GetContentEngagementQuery extends Query<ContentEngagementFacts[]> {
  constructor(
    readonly contentIds: readonly string[],
    readonly viewerId: string | null,
    readonly now: string = new Date().toISOString(),
  ) {
    super();
  }
}

/** `queryBus.execute(new GetLiveSponsorshipsQuery(now))` → live sponsorships, strongest boost first. */
export class GetLiveSponsorshipsQuery extends Query<LiveSponsorship[]> {
  constructor(
    readonly now: string = new Date().toISOString(),
    readonly limit = 50,
  ) {
    super();
  }
}

export const noEngagement = (contentId: string): ContentEngagementFacts => ({
  contentId,
  likes: 0,
  saves: 0,
  shares: 0,
  reposts: 0,
  views: 0,
  internalMoves: 0,
  externalMoves: 0,
  engagementSharesGiven: 0,
  sharesSold: 0,
  revenueUsdMinor: 0n,
  sponsorship: null,
  viewer: { hasLiked: false, hasSaved: false, engagementSharesHeld: 0 },
});

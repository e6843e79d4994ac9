import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus, QueryHandlerNotFoundException } from '@nestjs/cqrs';
import { FEED_LIMITS, feedRoute, type ContentView, type FeedItem, type FeedPage } from '@app/contracts/content';
import type { DropView } from '@app/contracts/drops';
import { parseInput } from '../../../platform/http/zod-validation';
import { ListDropsQuery } from '../../drops';
import { CurrentUser, type AuthenticatedUser } from '../../identity';
import { ContentReader } from '../read-content/content-reader';
import type { LiveSponsorship } from '../queries/engagement-facts.query';

/** Live sponsorships considered for the top of a feed. */
const SPONSORED_CANDIDATES = 20;

const contentItem = (content: ContentView, sponsorship: LiveSponsorship | null): FeedItem => ({
  type: 'content',
  sponsored: sponsorship !== null,
  sponsorship: sponsorship && { total_boost_multiplier: sponsorship.totalBoostMultiplier, sponsor_count: sponsorship.sponsorCount, ends_at: sponsorship.endsAt },
  content,
});

/** Drops paying at least 50 gems first (spec 2 §2), newest first within each group. */
export function preferRewardingDrops(drops: readonly DropView[]): DropView[] {
  const preferred = drops.filter((drop) => drop.gem_reward_base >= FEED_LIMITS.preferredDropGemReward);
  return [...preferred, ...drops.filter((drop) => drop.gem_reward_base < FEED_LIMITS.preferredDropGemReward)];
}

/** For You: sponsored content first, then content and drops alternating (content first), at most `limit` items. */
export function mixForYou(sponsored: readonly FeedItem[], content: readonly FeedItem[], drops: readonly FeedItem[], limit: number): FeedItem[] {
  const items = sponsored.slice(0, limit);
  let nextContent = 0;
  let nextDrop = 0;
  while (items.length < limit && (nextContent < content.length || nextDrop < drops.length)) {
    const takeContent = nextDrop >= drops.length || (nextContent < content.length && nextContent <= nextDrop);
    items.push(takeContent ? content[nextContent++]! : drops[nextDrop++]!);
  }
  return items;
}

/**
 * GET /api/feed?tab=for-you|social|opportunities (spec 2 §2 home feed). Content comes from the inline read model,
 * sponsorships from the engagement context (the live boost), drops from the drops context's `ListDropsQuery`.
 */
@Controller('feed')
export class FeedController {
  constructor(
    private readonly reader: ContentReader,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  async feed(@CurrentUser() caller: AuthenticatedUser, @Query() rawQuery: unknown): Promise<FeedPage> {
    const query = parseInput(feedRoute.query, rawQuery ?? {});
    const viewerId = caller.userId;
    if (query.tab === 'opportunities') {
      const drops = await this.drops(viewerId, FEED_LIMITS.opportunities);
      return { tab: 'opportunities', items: drops.slice(0, FEED_LIMITS.opportunities).map((drop) => ({ type: 'drop', drop })), next_cursor: null };
    }
    const now = new Date().toISOString();
    const sponsorships = await this.reader.liveSponsorships(now, SPONSORED_CANDIDATES);
    const sponsoredRows = await this.reader.rowsByIds(sponsorships.map((sponsorship) => sponsorship.contentId));
    const sponsoredIds = new Set(sponsoredRows.map((row) => row.content_id));
    const bySponsoredId = new Map(sponsorships.map((sponsorship) => [sponsorship.contentId, sponsorship]));

    if (query.tab === 'social') {
      const limit = query.limit ?? FEED_LIMITS.social;
      // Sponsored items head the first page only; the pages after it never repeat them.
      const sponsored = query.cursor ? [] : (await this.reader.views(sponsoredRows, viewerId)).map((content) => contentItem(content, bySponsoredId.get(content.id) ?? null));
      const page = await this.reader.page({ limit, cursor: query.cursor }, viewerId, sponsoredIds);
      return { tab: 'social', items: [...sponsored, ...page.items.map((content) => contentItem(content, null))], next_cursor: page.next_cursor };
    }

    const limit = Math.min(query.limit ?? FEED_LIMITS.forYou, FEED_LIMITS.forYou);
    const sponsored = (await this.reader.views(sponsoredRows.slice(0, limit), viewerId)).map((content) => contentItem(content, bySponsoredId.get(content.id) ?? null));
    const [latest, drops] = await Promise.all([this.reader.page({ limit }, viewerId, sponsoredIds), this.drops(viewerId, limit)]);
    const items = mixForYou(
      sponsored,
      latest.items.map((content) => contentItem(content, null)),
      preferRewardingDrops(drops).map((drop): FeedItem => ({ type: 'drop', drop })),
      limit,
    );
    return { tab: 'for-you', items, next_cursor: null };
  }

  /** Active drops for the viewer (a few more are read than shown: closed ones are left out after the read). */
  private async drops(viewerId: string, wanted: number): Promise<DropView[]> {
    try {
      return await this.queryBus.execute(new ListDropsQuery({ limit: wanted * 3, viewerId, activeOnly: true }));
    } catch (error) {
      // An application without the drops context shows no drops.
      if (error instanceof QueryHandlerNotFoundException) return [];
      throw error;
    }
  }
}

import { Controller, Query } from '@nestjs/common';
import { QueryBus, QueryHandlerNotFoundException } from '@nestjs/cqrs';
import { FEED_LIMITS, feedRoute, type ContentView, type FeedItem, type FeedPage } from '@app/contracts/content';
import type { z } from 'zod';
import type { DropView } from '@app/contracts/drops';
import { parseInput } from '../../../platform/http/zod-validation';
import { ListDropsQuery } from '@app/contracts/drops';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { ContentListCache } from '../read-content/content-list-cache';
import { ContentReader } from '../read-content/content-reader';
import type { LiveSponsorship } from '../queries/engagement-facts.query';

type FeedQuery = z.infer<typeof feedRoute.query>;

/** Live sponsorships considered for the top of a feed. */
const SPONSORED_CANDIDATES = 20;

const contentItem = (content: ContentView, sponsorship: LiveSponsorship | null): FeedItem => ({
  type: 'content',
  sponsored: sponsorship !== null,
  sponsorship: sponsorship && {
    total_boost_multiplier: sponsorship.totalBoostMultiplier,
    sponsor_count: sponsorship.sponsorCount,
    ends_at: sponsorship.endsAt,
  },
  content,
});

/** Drops paying at least 50 gems first (spec 2 §2), newest first within each group. */
export function preferRewardingDrops(drops: readonly DropView[]): DropView[] {
  const preferred = drops.filter((drop) => drop.gem_reward_base >= FEED_LIMITS.preferredDropGemReward);
  return [...preferred, ...drops.filter((drop) => drop.gem_reward_base < FEED_LIMITS.preferredDropGemReward)];
}

/** For You: sponsored content first, then content and drops alternating (content first), at most `limit` items. */
export function mixForYou(
  sponsored: readonly FeedItem[],
  content: readonly FeedItem[],
  drops: readonly FeedItem[],
  limit: number,
): FeedItem[] {
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
 * `feedRoute`, `?tab=for-you|social|opportunities` (spec 2 §2 home feed). Content comes from the inline read model,
 * sponsorships from the engagement context (the live boost), drops from the drops context's `ListDropsQuery`.
 */
@Controller()
export class FeedController {
  constructor(
    private readonly reader: ContentReader,
    private readonly queryBus: QueryBus,
    private readonly cache: ContentListCache,
  ) {}

  @Route(feedRoute)
  feed(@CurrentUser() caller: AuthenticatedUser, @Query() rawQuery: unknown): Promise<FeedPage> {
    const query = parseInput(feedRoute.query, rawQuery ?? {});
    // A tab is the same for every real user (it carries no viewer state); a demo sandbox sees its own drops.
    const audience = caller.isDemo ? `sandbox:${caller.userId}` : 'everyone';
    return this.cache.feeds.get(JSON.stringify([audience, query]), () => this.compose(caller.userId, query));
  }

  private async compose(viewerId: string, query: FeedQuery): Promise<FeedPage> {
    if (query.tab === 'opportunities') {
      const drops = await this.drops(viewerId, FEED_LIMITS.opportunities);
      return {
        tab: 'opportunities',
        items: drops.slice(0, FEED_LIMITS.opportunities).map((drop) => ({ type: 'drop', drop })),
        next_cursor: null,
      };
    }
    const now = new Date().toISOString();
    const sponsorships = await this.reader.liveSponsorships(now, SPONSORED_CANDIDATES);
    const sponsoredRows = await this.reader.rowsByIds(sponsorships.map((sponsorship) => sponsorship.contentId));
    const sponsoredIds = new Set(sponsoredRows.map((row) => row.content_id));
    const bySponsoredId = new Map(sponsorships.map((sponsorship) => [sponsorship.contentId, sponsorship]));

    if (query.tab === 'social') {
      const limit = query.limit ?? FEED_LIMITS.social;
      // Sponsored items head the first page only; the pages after it never repeat them. One batch of facts for both.
      const heading = query.cursor ? [] : sponsoredRows;
      const page = await this.reader.pageRows({ limit, cursor: query.cursor }, sponsoredIds);
      const views = await this.reader.views([...heading, ...page.rows], viewerId);
      const items = views.map((content, index) =>
        contentItem(content, index < heading.length ? (bySponsoredId.get(content.id) ?? null) : null),
      );
      return { tab: 'social', items, next_cursor: page.next_cursor };
    }

    const limit = Math.min(query.limit ?? FEED_LIMITS.forYou, FEED_LIMITS.forYou);
    const [latest, drops] = await Promise.all([
      this.reader.pageRows({ limit }, sponsoredIds),
      this.drops(viewerId, limit),
    ]);
    // One batch of engagement facts for the sponsored and the latest items.
    const views = await this.reader.views([...sponsoredRows.slice(0, limit), ...latest.rows], viewerId);
    const sponsoredCount = Math.min(limit, sponsoredRows.length);
    const items = mixForYou(
      views.slice(0, sponsoredCount).map((content) => contentItem(content, bySponsoredId.get(content.id) ?? null)),
      views.slice(sponsoredCount).map((content) => contentItem(content, null)),
      preferRewardingDrops(drops).map((drop): FeedItem => ({ type: 'drop', drop })),
      limit,
    );
    return { tab: 'for-you', items, next_cursor: null };
  }

  /** Active drops for the viewer (a few more are read than shown: closed ones are left out after the read). */
  private async drops(viewerId: string, wanted: number): Promise<DropView[]> {
    try {
      // The feed is a discovery list: it does not wait for the drops read model to pass the newest write.
      return await this.queryBus.execute(
        new ListDropsQuery({ limit: wanted * 3, viewerId, activeOnly: true, awaitWrites: false }),
      );
    } catch (error) {
      // An application without the drops context shows no drops.
      if (error instanceof QueryHandlerNotFoundException) return [];
      throw error;
    }
  }
}

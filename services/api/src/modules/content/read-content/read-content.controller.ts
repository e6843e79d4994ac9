import { Controller, Param, Query } from '@nestjs/common';
import {
  CONTENT_MESSAGES,
  contentMetricsRoute,
  contentUserStatusRoute,
  getContentRoute,
  listContentRoute,
  type ContentMetrics,
  type ContentPage,
  type ContentUserStatus,
  type ContentView,
} from '@app/contracts/content';
import { notFound } from '../../../platform/http/api-error';
import { Public } from '../../../platform/http/public.decorator';
import { parseInput } from '../../../platform/http/zod-validation';
import { ReadYourWrites } from '../../../platform/projections/read-your-writes';
import { contentEngagementProjection } from '../projections/content-engagement.projection';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { contentIdFromPath } from '../content-ids';
import { ContentListCache } from './content-list-cache';
import { ContentReader, toMetrics, type ContentRow } from './content-reader';

/** How long one item's reads wait for the engagement projection to pass the caller's own latest action. */
const ENGAGEMENT_WAIT_MILLISECONDS = 1_000;

/**
 * The list (paged), one item, its metrics and the caller's status on it. One item's reads wait (bounded)
 * until the engagement projection has passed the newest event, so a like or a tip shows at once on the item that
 * was acted on; lists answer from what the projection holds (a poll behind).
 */
@Controller()
export class ReadContentController {
  constructor(
    private readonly reader: ContentReader,
    private readonly readYourWrites: ReadYourWrites,
    private readonly cache: ContentListCache,
  ) {}

  @Public()
  @Route(listContentRoute)
  list(@Query() rawQuery: unknown): Promise<ContentPage> {
    const query = parseInput(listContentRoute.query, rawQuery ?? {});
    // A page carries no viewer state, so every viewer shares it (ContentListCache).
    return this.cache.lists.get(JSON.stringify(query), () => this.reader.page(query, null));
  }

  @Public()
  @Route(getContentRoute)
  async one(
    @CurrentUser({ optional: true }) caller: AuthenticatedUser | undefined,
    @Param('id') rawId: string,
  ): Promise<ContentView> {
    const row = await this.found(rawId);
    return (await this.reader.views([row], caller?.userId ?? null))[0]!;
  }

  @Public()
  @Route(contentMetricsRoute)
  async metrics(@Param('id') rawId: string): Promise<ContentMetrics> {
    const row = await this.found(rawId);
    const facts = (await this.reader.engagement([row.content_id], null)).get(row.content_id)!;
    return toMetrics(row, facts);
  }

  @Route(contentUserStatusRoute)
  async userStatus(@CurrentUser() caller: AuthenticatedUser, @Param('id') rawId: string): Promise<ContentUserStatus> {
    const row = await this.found(rawId);
    const facts = (await this.reader.engagement([row.content_id], caller.userId)).get(row.content_id)!;
    return {
      content_id: row.content_id,
      has_liked: facts.viewer.hasLiked,
      has_saved: facts.viewer.hasSaved,
      is_owner: row.creator_id === caller.userId,
      // Free engagement shares received; bought shares join when the market (issue 11) exists.
      owned_shares: facts.viewer.engagementSharesHeld,
    };
  }

  private async found(rawId: string): Promise<ContentRow> {
    const contentId = contentIdFromPath(rawId);
    await this.readYourWrites.awaitProjections([contentEngagementProjection.name], ENGAGEMENT_WAIT_MILLISECONDS);
    const row = await this.reader.row(contentId);
    if (!row) throw notFound('CONTENT_NOT_FOUND', CONTENT_MESSAGES.notFound);
    return row;
  }
}

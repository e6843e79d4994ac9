import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  CONTENT_MESSAGES,
  listContentRoute,
  type ContentMetrics,
  type ContentPage,
  type ContentUserStatus,
  type ContentView,
} from '@app/contracts/content';
import { notFound } from '../../../platform/http/api-error';
import { Public } from '../../../platform/http/public.decorator';
import { parseInput } from '../../../platform/http/zod-validation';
import { CurrentUser, type AuthenticatedUser } from '../../identity';
import { contentIdFromPath } from '../content-ids';
import { ContentReader, toMetrics, type ContentRow } from './content-reader';

/** GET /api/content (paged), /api/content/{id}, /{id}/metrics, /{id}/user-status. */
@Controller('content')
export class ReadContentController {
  constructor(private readonly reader: ContentReader) {}

  @Public()
  @Get()
  list(@CurrentUser({ optional: true }) caller: AuthenticatedUser | undefined, @Query() rawQuery: unknown): Promise<ContentPage> {
    return this.reader.page(parseInput(listContentRoute.query, rawQuery ?? {}), caller?.userId ?? null);
  }

  @Public()
  @Get(':id')
  async one(@CurrentUser({ optional: true }) caller: AuthenticatedUser | undefined, @Param('id') rawId: string): Promise<ContentView> {
    const row = await this.found(rawId);
    return (await this.reader.views([row], caller?.userId ?? null))[0]!;
  }

  @Public()
  @Get(':id/metrics')
  async metrics(@Param('id') rawId: string): Promise<ContentMetrics> {
    const row = await this.found(rawId);
    const facts = (await this.reader.engagement([row.content_id], null)).get(row.content_id)!;
    return toMetrics(row, facts);
  }

  @Get(':id/user-status')
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
    const row = await this.reader.row(contentIdFromPath(rawId));
    if (!row) throw notFound('CONTENT_NOT_FOUND', CONTENT_MESSAGES.notFound);
    return row;
  }
}

import { Controller, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { removeSavedContentRoute, savedContentRoute, type SavedContentItem } from '@app/contracts/engagement';
import type pg from 'pg';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { GetContentForCommandQuery } from '../../content';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { decideUnsave } from '../domain/decide-social';
import { evolveUserContent, initialUserContent } from '../domain/state';
import { userContentStreamId } from '../domain/streams';
import { contentIdOf } from '../engagement-ids';
import { EngagementCommands, refuse } from '../infrastructure/engagement-commands';

/** The saved collection (saving is a quick social action): the list, newest first, and removing an item from it. */
@Controller()
export class ManageSavedContentController {
  constructor(
    private readonly commands: EngagementCommands,
    private readonly queryBus: QueryBus,
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
  ) {}

  @Route(savedContentRoute)
  async savedContent(@CurrentUser() caller: AuthenticatedUser): Promise<SavedContentItem[]> {
    const rows = await this.pool.query<{ content_id: string; saved_at: Date }>(
      `SELECT content_id, saved_at FROM engagement_user_content
        WHERE user_id = $1 AND saved_at IS NOT NULL ORDER BY saved_at DESC LIMIT 200`,
      [caller.userId],
    );
    const items: SavedContentItem[] = [];
    for (const row of rows.rows) {
      const content = await this.queryBus.execute(new GetContentForCommandQuery(row.content_id));
      // A deleted item leaves the collection; an archived one stays (its holder can still open it).
      if (!content) continue;
      items.push({
        id: `${row.content_id}:${caller.userId}`,
        content_id: row.content_id,
        content_title: content.title,
        content_platform: content.platform,
        content_url: content.platformUrl,
        creator_name: null,
        created_at: row.saved_at.toISOString(),
      });
    }
    return items;
  }

  @Route(removeSavedContentRoute)
  removeSaved(
    @IdempotencyKey(removeSavedContentRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('contentId') rawId: string,
  ): Promise<{ success: true; content_id: string }> {
    const contentId = contentIdOf(rawId);
    const now = new Date().toISOString();
    return this.commands.run({
      idempotency,
      lockKeys: [userContentStreamId(contentId, caller.userId)],
      decide: async (unit) => {
        const streamId = userContentStreamId(contentId, caller.userId);
        const userContent = await this.commands.store.load(
          streamId,
          initialUserContent(),
          evolveUserContent,
          unit.transaction,
        );
        const decision = decideUnsave({ contentId, userId: caller.userId, now }, userContent.state);
        if (decision.kind === 'refused') refuse(decision);
        return {
          streams: [{ loaded: userContent, events: decision.events }],
          money: null,
          answer: () => ({ success: true as const, content_id: contentId }),
        };
      },
    });
  }
}

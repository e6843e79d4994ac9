import { displayNameOf } from '@app/contracts/identity';
import { Body, Controller, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  CONTENT_MESSAGES,
  createContentRoute,
  deleteContentRoute,
  updateContentRoute,
  type ContentDetails,
  type ContentView,
  type UpdateContentRequest,
} from '@app/contracts/content';
import { ApiError, notFound } from '../../../platform/http/api-error';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { getExistingUser } from '../../identity';
import { contentIdFromPath, newId } from '../content-ids';
import { ContentCommands } from '../infrastructure/content-commands';
import {
  GetEngagementShareholdersQuery,
  GetMarketShareholdersQuery,
  type Shareholder,
} from '../queries/shareholders.query';
import { ContentReader } from '../read-content/content-reader';

/** The spec's content-creation answer to bad input: `error`, `details` (the form hint) and `field_errors`. */
function parseCreate(body: unknown) {
  const result = createContentRoute.body.safeParse(body ?? {});
  if (result.success) return result.data;
  const fieldErrors = result.error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)',
    message: issue.message,
  }));
  throw new ApiError(
    400,
    'VALIDATION_ERROR',
    fieldErrors[0]?.message ?? CONTENT_MESSAGES.checkFields,
    'Please check all form fields and try again.',
    fieldErrors,
  );
}

function detailChangesOf(body: UpdateContentRequest): Partial<ContentDetails> {
  const changes: Partial<ContentDetails> = {};
  if (body.title !== undefined) changes.title = body.title;
  if (body.description !== undefined) changes.description = body.description;
  if (body.platform !== undefined) changes.platform = body.platform;
  if (body.platform_url !== undefined) changes.platformUrl = body.platform_url;
  if (body.media_url !== undefined) changes.mediaUrl = body.media_url;
  else if (body.image_url !== undefined) changes.mediaUrl = body.image_url;
  return changes;
}

/**
 * Create, update and delete an item (`createContentRoute`, `updateContentRoute`, `deleteContentRoute`). Nothing
 * here moves money: funding is the engagement context's `fundContentRoute`. Every one honours `Idempotency-Key`.
 */
@Controller()
export class ManageContentController {
  constructor(
    private readonly commands: ContentCommands,
    private readonly reader: ContentReader,
    private readonly queryBus: QueryBus,
  ) {}

  @Route(createContentRoute)
  async create(
    @IdempotencyKey(createContentRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body() rawBody: unknown,
  ): Promise<{ success: true; contentId: string; content: ContentView }> {
    const body = parseCreate(rawBody);
    const user = await getExistingUser(this.queryBus, caller.userId);
    const contentId = newId();
    const created = await this.commands.runContent(
      {
        type: 'CreateContent',
        data: {
          contentId,
          creator: {
            userId: user.id,
            name: displayNameOf(user),
            username: user.username,
            avatar: user.avatar_url,
            isDemo: user.is_demo,
          },
          details: {
            title: body.title,
            description: body.description ?? null,
            platform: body.platform,
            platformUrl: body.platform_url,
            mediaUrl: body.media_url ?? body.image_url ?? null,
          },
          totalShares: body.total_shares,
          now: new Date().toISOString(),
        },
      },
      () => ({ contentId }),
      idempotency,
    );
    return { success: true, contentId: created.contentId, content: await this.view(created.contentId, caller.userId) };
  }

  @Route(updateContentRoute)
  async update(
    @IdempotencyKey(updateContentRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') rawId: string,
    @Body(new ZodValidationPipe(updateContentRoute.body)) body: UpdateContentRequest,
  ): Promise<ContentView> {
    const contentId = contentIdFromPath(rawId);
    // Shares sold (the market's inline positions, current): an edit never takes total_shares below them.
    const { sold: sharesSold } = await this.sharesHeld(contentId, caller.userId);
    await this.commands.runContent(
      {
        type: 'UpdateContent',
        data: {
          contentId,
          callerId: caller.userId,
          details: detailChangesOf(body),
          totalShares: body.total_shares ?? null,
          sharesSold,
          now: new Date().toISOString(),
        },
      },
      () => ({ contentId }),
      idempotency,
    );
    return this.view(contentId, caller.userId);
  }

  /**
   * Erased when nobody but the creator holds shares in it; otherwise archived: it leaves every list and takes no new
   * engagement, but holders can still open it. Shares held are asked before deciding (engagement shares given out).
   */
  @Route(deleteContentRoute)
  async remove(
    @IdempotencyKey(deleteContentRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') rawId: string,
  ): Promise<{ success: true; id: string; outcome: 'deleted' | 'archived' }> {
    const contentId = contentIdFromPath(rawId);
    // Shares held by anyone but the owner, from the market's and engagement's inline read models (current).
    const { byOthers } = await this.sharesHeld(contentId, caller.userId);
    const outcome = await this.commands.runContent(
      {
        type: 'DeleteContent',
        data: { contentId, callerId: caller.userId, sharesHeldByOthers: byOthers, now: new Date().toISOString() },
      },
      (decided) => decided ?? 'deleted',
      idempotency,
    );
    return { success: true, id: contentId, outcome };
  }

  /**
   * Shares of the item held now: `sold` by the market (every market position, resales only move them) and `byOthers`,
   * market and free engagement shares held by anyone but `ownerId`. Both read inline read models written with the
   * trades and social actions, never a projection that may lag.
   */
  private async sharesHeld(contentId: string, ownerId: string): Promise<{ sold: number; byOthers: number }> {
    const [market, engagement] = await Promise.all([
      this.queryBus.execute(new GetMarketShareholdersQuery(contentId)),
      this.queryBus.execute(new GetEngagementShareholdersQuery(contentId)),
    ]);
    const sum = (holders: Shareholder[]) => holders.reduce((total, holder) => total + holder.shares, 0);
    const others = (holders: Shareholder[]) => sum(holders.filter((holder) => holder.userId !== ownerId));
    return { sold: sum(market), byOthers: others(market) + others(engagement) };
  }

  private async view(contentId: string, viewerId: string): Promise<ContentView> {
    const row = await this.reader.row(contentId);
    if (!row) throw notFound('CONTENT_NOT_FOUND', CONTENT_MESSAGES.notFound);
    return (await this.reader.views([row], viewerId))[0]!;
  }
}

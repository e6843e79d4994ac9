import { randomBytes } from 'node:crypto';
import { Body, Controller, Inject, Param, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  createShareLinkRoute,
  ENGAGEMENT_MESSAGES,
  followShareLinkRoute,
  type CreateShareLinkRequest,
  type ShareLinkResponse,
} from '@app/contracts/engagement';
import { routePath } from '@app/contracts/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { notFound, tooManyRequests, unprocessable } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { GetContentForCommandQuery } from '../../content';
import { Public } from '../../../platform/http/public.decorator';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { contentIdOf } from '../engagement-ids';

const LINK_ID = /^[A-Za-z0-9_-]{6,32}$/;
const SHARE_LINKS_PER_DAY = 500;

/**
 * One click, one statement (one round trip, atomic): the link's total and its count of the UTC day
 * (`engagement_share_link_clicks`, read by `GetShareLinkClicksQuery`) grow together; no row for an unknown link.
 */
const COUNT_CLICK = `
  WITH link AS (
    UPDATE engagement_share_links SET clicks = clicks + 1 WHERE link_id = $1 RETURNING link_id, target_url
  ), per_day AS (
    INSERT INTO engagement_share_link_clicks (link_id, day, clicks)
    SELECT link_id, (now() AT TIME ZONE 'UTC')::date, 1 FROM link
    ON CONFLICT (link_id, day) DO UPDATE SET clicks = engagement_share_link_clicks.clicks + 1
  )
  SELECT target_url FROM link`;

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Short share links: `createShareLinkRoute` → `{data:{id,url}}`, `followShareLinkRoute` → 302 to the target, the click
 * counted (in total and per UTC day, for campaign figures). A link only points to this app (its own or a configured
 * front-end origin) or to the item's platform URL: never an open redirect to an address a user picked.
 */
@Controller()
export class ShareLinksController {
  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queryBus: QueryBus,
  ) {}

  @Route(createShareLinkRoute)
  async create(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(createShareLinkRoute.body)) body: CreateShareLinkRequest,
    @Req() request: FastifyRequest,
  ): Promise<ShareLinkResponse> {
    const contentId = body.content_id ? contentIdOf(body.content_id) : null;
    const content = contentId ? await this.queryBus.execute(new GetContentForCommandQuery(contentId)) : null;
    if (contentId && !content) throw notFound('CONTENT_NOT_FOUND', ENGAGEMENT_MESSAGES.contentNotFound);
    const ownOrigin = `${request.protocol}://${request.host}`;
    const target = originOf(body.target_url);
    const allowed =
      target !== null &&
      (target === ownOrigin ||
        this.config.corsOrigins.includes(target) ||
        (content !== null && body.target_url === content.platformUrl));
    if (!allowed) throw unprocessable('SHARE_TARGET_NOT_ALLOWED', ENGAGEMENT_MESSAGES.shareTargetNotAllowed);
    // A soft bound on rows one account can add (the dialog makes one link per open, regenerates on demand).
    const today = await this.pool.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM engagement_share_links
       WHERE user_id = $1 AND created_at >= date_trunc('day', now())`,
      [caller.userId],
    );
    if ((today.rows[0]?.count ?? 0) >= SHARE_LINKS_PER_DAY)
      throw tooManyRequests('Unable to generate link. Try again shortly.', 'SHARE_LINK_LIMIT');
    const id = randomBytes(8).toString('base64url');
    await this.pool.query(
      `INSERT INTO engagement_share_links (link_id, user_id, target_url, content_id, campaign_id, created_at)
       VALUES ($1, $2, $3, $4, $5, now())`,
      [id, caller.userId, body.target_url, contentId, body.campaign_id ?? null],
    );
    return { success: true, data: { id, url: `${ownOrigin}${routePath(followShareLinkRoute, { id })}` } };
  }

  @Route(followShareLinkRoute)
  @Public()
  async follow(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const row = LINK_ID.test(id)
      ? (await this.pool.query<{ target_url: string }>(COUNT_CLICK, [id])).rows[0]
      : undefined;
    if (!row) throw notFound('SHARE_LINK_NOT_FOUND', ENGAGEMENT_MESSAGES.shareLinkNotFound);
    await reply.redirect(row.target_url, 302);
  }
}

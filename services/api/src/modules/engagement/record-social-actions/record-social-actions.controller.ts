import { Body, Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  ENGAGEMENT_MESSAGES,
  externalMoveRoute,
  PROOF_IMAGE_MAX_BYTES,
  socialActionRoute,
  tierMultiplier,
  type ExternalMoveRequest,
  type ExternalMoveResponse,
  type SocialActionRequest,
  type SocialActionResponse,
} from '@app/contracts/engagement';
import { ApiError, badRequest } from '../../../platform/http/api-error';
import type { JsonBodyLimitConfig } from '../../../platform/http/body-parsing';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { StoreImageCommand } from '../../identity';
import { newTransactionId } from '../../ledger';
import { decideExternalMove } from '../domain/decide-social';
import { userContentStreamId, utcDayOf } from '../domain/streams';
import { contentIdOf, newId } from '../engagement-ids';
import {
  dailyRewardsKey,
  dailyRewardsLockKey,
  readDailyRewards,
  saveDailyRewards,
} from '../infrastructure/daily-rewards';
import { EngagementCommands, points, refuse } from '../infrastructure/engagement-commands';

/** A 10 MB proof as base64 is about 13.4 MB of text. */
const PROOF_BODY_LIMIT: JsonBodyLimitConfig = { jsonBodyLimit: Math.ceil((PROOF_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024 };
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** Quick social actions and external moves with proof: points under ENGAGEMENT_REWARD within the daily caps. */
@Controller()
export class RecordSocialActionsController {
  constructor(
    private readonly commands: EngagementCommands,
    private readonly commandBus: CommandBus,
  ) {}

  @Route(socialActionRoute)
  socialAction(
    @IdempotencyKey(socialActionRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(socialActionRoute.body)) body: SocialActionRequest,
  ): Promise<SocialActionResponse> {
    // A comment's points are recorded with the comment itself (`RewardCommentHandler`), once per comment: a bare
    // `comment` action names no comment, so paying it would pay for text nobody wrote.
    if (body.action_type === 'comment')
      throw new ApiError(422, 'COMMENT_THROUGH_COMMENTS', ENGAGEMENT_MESSAGES.commentThroughComments);
    // Fixed here, outside the unit of work: a rerun after a version conflict decides the same action. Actions on one
    // item are group-committed (`EngagementCommands.socialAction`).
    return this.commands.socialAction({
      contentId: contentIdOf(body.reference_id),
      userId: caller.userId,
      action: body.action_type,
      tier: caller.tier,
      actorIsDemo: caller.isDemo,
      transactionId: newTransactionId(),
      now: new Date().toISOString(),
      idempotency,
    });
  }

  @Route(externalMoveRoute)
  @RouteConfig(PROOF_BODY_LIMIT)
  async externalMove(
    @IdempotencyKey(externalMoveRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(externalMoveRoute.body)) body: ExternalMoveRequest,
  ): Promise<ExternalMoveResponse> {
    const contentId = contentIdOf(body.content_id);
    const proofUrl = await this.proofUrlOf(body);
    const now = new Date().toISOString();
    const transactionId = newTransactionId();
    const moveId = newId();
    const userId = caller.userId;
    return this.commands.run({
      idempotency,
      lockKeys: [userContentStreamId(contentId, userId), dailyRewardsLockKey(userId, utcDayOf(now))],
      // A stored proof has a fresh URL each time: a replay is told apart by the move, not by the image's bytes.
      idempotencyBody: { contentId, move_type: body.move_type, proof_type: body.proof_type },
      decide: async (unit) => {
        const content = await this.commands.content(contentId, unit.transaction);
        const { userContent, pool } = await this.commands.store.social(contentId, userId, unit.transaction);
        const day = (await readDailyRewards(unit.transaction, [{ userId, day: utcDayOf(now) }])).get(
          dailyRewardsKey(userId, utcDayOf(now)),
        )!;
        const decision = decideExternalMove(
          {
            moveId,
            contentId,
            userId,
            moveType: body.move_type,
            tier: caller.tier,
            actorIsDemo: caller.isDemo,
            content,
            proofType: body.proof_type,
            proofUrl,
            transactionId,
            now,
          },
          { userContent: userContent.state, pool: pool.state, daily: day.state },
        );
        if (decision.kind === 'refused') refuse(decision);
        await saveDailyRewards(unit.transaction, [{ read: day, after: decision.dailyAfter }]);
        return {
          streams: [{ loaded: userContent, events: decision.userContentEvents }],
          money: decision.money,
          answer: () => ({
            success: true as const,
            move_id: moveId,
            move_type: body.move_type,
            content_id: contentId,
            points_earned: points(decision.pointsMinor),
            keys_earned: decision.keys,
            multiplier: tierMultiplier(caller.tier),
            proof_url: proofUrl,
            moves_remaining_today: decision.movesRemainingToday,
          }),
        };
      },
    });
  }

  /** The proof as a URL: an http(s) link, or a PNG/JPEG data URL (≤ 10 MB) stored through identity's image storage. */
  private async proofUrlOf(body: ExternalMoveRequest): Promise<string> {
    const proof = body.proof_url?.trim() ?? '';
    if (proof.length === 0)
      throw badRequest('PROOF_REQUIRED', ENGAGEMENT_MESSAGES.proofRequired, [
        { field: 'proof_url', message: ENGAGEMENT_MESSAGES.proofRequired },
      ]);
    if (/^https?:\/\//i.test(proof)) {
      try {
        new URL(proof);
        return proof;
      } catch {
        throw badRequest('INVALID_PROOF_URL', 'Please provide a valid URL', [
          { field: 'proof_url', message: 'Please provide a valid URL' },
        ]);
      }
    }
    if (body.proof_type !== 'image')
      throw badRequest('INVALID_PROOF_URL', 'Please provide a valid URL', [
        { field: 'proof_url', message: 'Please provide a valid URL' },
      ]);
    const payload = proof.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
    if (Math.floor((payload.length * 3) / 4) > PROOF_IMAGE_MAX_BYTES + 3)
      throw new ApiError(413, 'PROOF_TOO_LARGE', ENGAGEMENT_MESSAGES.proofTooLarge);
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(payload))
      throw new ApiError(415, 'PROOF_NOT_AN_IMAGE', ENGAGEMENT_MESSAGES.proofNotAnImage);
    const bytes = Buffer.from(payload, 'base64');
    if (bytes.length > PROOF_IMAGE_MAX_BYTES)
      throw new ApiError(413, 'PROOF_TOO_LARGE', ENGAGEMENT_MESSAGES.proofTooLarge);
    if (!bytes.subarray(0, 4).equals(PNG) && !bytes.subarray(0, 3).equals(JPEG))
      throw new ApiError(415, 'PROOF_NOT_AN_IMAGE', ENGAGEMENT_MESSAGES.proofNotAnImage);
    const stored = await this.commandBus.execute(new StoreImageCommand(bytes));
    if (stored.kind !== 'stored')
      throw new ApiError(
        stored.kind === 'not-an-image' ? 415 : 503,
        'PROOF_NOT_STORED',
        stored.kind === 'not-an-image' ? ENGAGEMENT_MESSAGES.proofNotAnImage : 'Failed to record external move',
      );
    return stored.url;
  }
}

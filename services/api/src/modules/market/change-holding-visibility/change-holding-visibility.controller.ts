import { Body, Controller, Param } from '@nestjs/common';
import {
  HoldingVisibilityRequestSchema,
  holdingVisibilityRoute,
  MARKET_MESSAGES,
  type HoldingVisibilityRequest,
  type HoldingVisibilityResponse,
} from '@app/contracts/market';

type HoldingVisibility = HoldingVisibilityRequest['visibility'];
import { notFound } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { idOf } from '../market-ids';
import { decideHoldingVisibility, holderStreamId } from '../domain/holding-visibility';

/** `holdingVisibilityRoute`: the owner makes a holding public or private. */
@Controller()
export class ChangeHoldingVisibilityController {
  constructor(private readonly runner: UseCaseRunner) {}

  @Route(holdingVisibilityRoute)
  set(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('contentId') rawId: string,
    @Body(new ZodValidationPipe(HoldingVisibilityRequestSchema)) body: HoldingVisibilityRequest,
  ): Promise<HoldingVisibilityResponse> {
    const contentId = idOf(rawId, 'HOLDING_NOT_FOUND', MARKET_MESSAGES.holdingNotFound);
    const streamId = holderStreamId(caller.userId);
    return this.runner.run({
      lockKeys: [streamId],
      decide: async (unit) => {
        const { rows } = await unit.transaction.query<{ owned: number; visibility: HoldingVisibility }>(
          'SELECT owned, visibility FROM market_positions WHERE content_id = $1 AND user_id = $2 FOR UPDATE',
          [contentId, caller.userId],
        );
        const decision = decideHoldingVisibility(
          { userId: caller.userId, contentId, visibility: body.visibility, now: new Date().toISOString() },
          rows[0] ?? null,
        );
        if (decision.kind === 'refused') throw notFound('HOLDING_NOT_FOUND', MARKET_MESSAGES.holdingNotFound);
        if (decision.events.length > 0) {
          await unit.transaction.query(
            'UPDATE market_positions SET visibility = $3 WHERE content_id = $1 AND user_id = $2',
            [contentId, caller.userId, body.visibility],
          );
        }
        return {
          appends:
            decision.events.length > 0
              ? [
                  {
                    streamId,
                    expectedVersion: 'any' as const,
                    events: decision.events.map(({ type, data }) => ({ type, data })),
                  },
                ]
              : [],
          money: null,
          answer: () => ({ content_id: contentId, visibility: body.visibility }),
        };
      },
    });
  }
}

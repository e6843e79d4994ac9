import { Body, Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CAMPAIGN_MESSAGES,
  campaignDurationDays,
  createCampaignRoute,
  CreateCampaignRequestSchema,
  type CreateCampaignResponse,
} from '@app/contracts/campaigns';
import type { z } from 'zod';
import { badRequest } from '../../../platform/http/api-error';
import { Route } from '../../../platform/http/route.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { newTransactionId } from '../../ledger';
import { CreditMovesAllowanceCommand } from '@app/contracts/subscriptions';
import { requireAdvertiser } from '../advertiser-only';
import { costBreakdownOf, editableFieldsOf } from '../campaign-fields';
import { newCampaignId } from '../campaign-ids';
import { moveCost } from '../domain/move-cost';
import { CampaignCommands } from '../infrastructure/campaign-commands';
import { CampaignReader } from '../infrastructure/campaign-reader';

const DAY_MS = 86_400_000;

/**
 * `createCampaignRoute`: validates the whole draft (spec 3 §5), prices it with the move cost formula (never the
 * client's figure) and spends exactly that from the caller's moves into the campaign's escrow, in the same append
 * as `CampaignCreated`, after the tier's moves allowance of the period is credited (once per period). Short of
 * moves: 422 with the spec's text, nothing written.
 */
@Controller()
export class CreateCampaignController {
  constructor(
    private readonly commands: CampaignCommands,
    private readonly reader: CampaignReader,
    private readonly queryBus: QueryBus,
    private readonly commandBus: CommandBus,
  ) {}

  @Route(createCampaignRoute)
  async create(
    @IdempotencyKey(createCampaignRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(createCampaignRoute.body)) body: z.output<typeof CreateCampaignRequestSchema>,
  ): Promise<CreateCampaignResponse> {
    await requireAdvertiser(this.queryBus, caller.userId);
    // The period's moves allowance (subscriptions: once per period) is in the balance before anything is spent.
    await this.commandBus.execute(new CreditMovesAllowanceCommand(caller.userId));
    // "Today" is the advertiser's day: a day's grace covers every time zone behind UTC.
    const earliestStart = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    if (body.startDate < earliestStart)
      throw badRequest('VALIDATION_ERROR', CAMPAIGN_MESSAGES.startDate, [
        { field: 'startDate', message: CAMPAIGN_MESSAGES.startDate },
      ]);
    const durationDays = campaignDurationDays(body.startDate, body.endDate);
    const cost = moveCost({
      campaignType: body.campaignType,
      durationDays,
      audienceSize: body.audienceSize,
      locations: body.locations.length,
      interests: body.interests.length,
      isPremium: body.campaignType === 'premium',
    });
    const campaignId = newCampaignId();
    const transactionId = newTransactionId();
    const now = new Date().toISOString();
    const { state } = await this.commands.run({
      idempotency,
      campaignId,
      command: {
        type: 'CreateCampaign',
        data: {
          campaignId,
          ownerId: caller.userId,
          fields: editableFieldsOf(body),
          scope: {
            startDate: body.startDate,
            endDate: body.endDate,
            durationDays,
            campaignType: body.campaignType,
            audienceSize: body.audienceSize,
            locations: body.locations,
            interests: body.interests,
          },
          cost: costBreakdownOf(cost),
          transactionId,
          at: now,
        },
      },
    });
    const campaign = await this.reader.detail(state);
    return { success: true, movesSpent: campaign.movesSpent, campaign };
  }
}

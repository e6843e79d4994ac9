import { Body, Controller, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  addCampaignContentRoute,
  addCampaignDropRoute,
  CAMPAIGN_MESSAGES,
  CampaignContentRequestSchema,
  CampaignDropRequestSchema,
  CampaignStatusRequestSchema,
  changeCampaignStatusRoute,
  deleteCampaignRoute,
  removeCampaignContentRoute,
  removeCampaignDropRoute,
  updateCampaignRoute,
  UpdateCampaignRequestSchema,
  type CampaignDetail,
  type DeleteCampaignResponse,
} from '@app/contracts/campaigns';
import { minorToApiNumber } from '@app/contracts/ledger';
import type { z } from 'zod';
import { notFound } from '../../../platform/http/api-error';
import { Route } from '../../../platform/http/route.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { newTransactionId } from '../../ledger';
import { requireAdvertiser } from '../advertiser-only';
import { editableFieldsOf } from '../campaign-fields';
import { campaignIdOf } from '../campaign-ids';
import type { CampaignCommand } from '../domain/campaign';
import { CampaignCommands } from '../infrastructure/campaign-commands';
import { CampaignReader } from '../infrastructure/campaign-reader';

/**
 * Changes to an existing campaign (owner only, decided on the campaign's own stream): edit, status, delete (a draft's
 * escrow back to the owner), and the content and drops it promotes.
 */
@Controller()
export class ManageCampaignsController {
  constructor(
    private readonly commands: CampaignCommands,
    private readonly reader: CampaignReader,
    private readonly queryBus: QueryBus,
  ) {}

  @Route(updateCampaignRoute)
  async update(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateCampaignRoute.body)) body: z.output<typeof UpdateCampaignRequestSchema>,
  ): Promise<CampaignDetail> {
    return this.run(caller, id, (at) => ({
      type: 'UpdateCampaign',
      data: { callerId: caller.userId, fields: editableFieldsOf(body), at },
    }));
  }

  @Route(changeCampaignStatusRoute)
  async status(
    @IdempotencyKey(changeCampaignStatusRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(changeCampaignStatusRoute.body)) body: z.output<typeof CampaignStatusRequestSchema>,
  ): Promise<CampaignDetail> {
    const transactionId = newTransactionId();
    return this.run(
      caller,
      id,
      (at) => ({ type: 'ChangeCampaignStatus', data: { callerId: caller.userId, to: body.status, transactionId, at } }),
      { idempotency },
    );
  }

  @Route(deleteCampaignRoute)
  async remove(
    @IdempotencyKey(deleteCampaignRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<DeleteCampaignResponse> {
    const campaignId = campaignIdOf(id);
    await requireAdvertiser(this.queryBus, caller.userId);
    const now = new Date().toISOString();
    const { events } = await this.commands.run({
      idempotency,
      campaignId,
      command: {
        type: 'DeleteCampaign',
        data: { callerId: caller.userId, transactionId: newTransactionId(), at: now },
      },
    });
    const deleted = events.find((event) => event.type === 'CampaignDeleted');
    const refundMinor = deleted?.type === 'CampaignDeleted' ? BigInt(deleted.data.refundMinor) : 0n;
    return { success: true, id: campaignId, movesRefunded: minorToApiNumber(refundMinor, 'moves') };
  }

  @Route(addCampaignContentRoute)
  async addContent(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(addCampaignContentRoute.body)) body: z.output<typeof CampaignContentRequestSchema>,
  ): Promise<CampaignDetail> {
    return this.run(
      caller,
      id,
      (at) => ({
        type: 'AddCampaignItem',
        data: { callerId: caller.userId, kind: 'content', itemId: body.contentId, at },
      }),
      {
        prepare: async () => {
          if (!(await this.reader.content(body.contentId)))
            throw notFound('CONTENT_NOT_FOUND', CAMPAIGN_MESSAGES.contentNotFound);
        },
      },
    );
  }

  @Route(removeCampaignContentRoute)
  async removeContent(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Param('itemId') itemId: string,
  ): Promise<CampaignDetail> {
    return this.run(caller, id, (at) => ({
      type: 'RemoveCampaignItem',
      data: { callerId: caller.userId, kind: 'content', itemId, at },
    }));
  }

  @Route(addCampaignDropRoute)
  async addDrop(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(addCampaignDropRoute.body)) body: z.output<typeof CampaignDropRequestSchema>,
  ): Promise<CampaignDetail> {
    return this.run(
      caller,
      id,
      (at) => ({ type: 'AddCampaignItem', data: { callerId: caller.userId, kind: 'drop', itemId: body.dropId, at } }),
      {
        prepare: async () => {
          if (!(await this.reader.ownsDrop(caller.userId, body.dropId)))
            throw notFound('DROP_NOT_FOUND', CAMPAIGN_MESSAGES.dropNotFound);
        },
      },
    );
  }

  @Route(removeCampaignDropRoute)
  async removeDrop(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Param('itemId') itemId: string,
  ): Promise<CampaignDetail> {
    return this.run(caller, id, (at) => ({
      type: 'RemoveCampaignItem',
      data: { callerId: caller.userId, kind: 'drop', itemId, at },
    }));
  }

  private async run(
    caller: AuthenticatedUser,
    id: string,
    command: (at: string) => CampaignCommand,
    options: { idempotency?: IdempotentRequest; prepare?: () => Promise<void> } = {},
  ): Promise<CampaignDetail> {
    const campaignId = campaignIdOf(id);
    await requireAdvertiser(this.queryBus, caller.userId);
    const now = new Date().toISOString();
    const { state } = await this.commands.run({
      idempotency: options.idempotency,
      campaignId,
      command: command(now),
      prepare: options.prepare
        ? async (_unit, loaded) => (loaded.state.ownerId === caller.userId ? options.prepare!() : undefined)
        : undefined,
    });
    return this.reader.detail(state);
  }
}

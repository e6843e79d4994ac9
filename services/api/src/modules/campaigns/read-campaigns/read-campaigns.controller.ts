import { Controller, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  CAMPAIGN_MESSAGES,
  getCampaignRoute,
  listCampaignsRoute,
  type CampaignDetail,
  type CampaignListResponse,
} from '@app/contracts/campaigns';
import { forbidden, notFound } from '../../../platform/http/api-error';
import { Route } from '../../../platform/http/route.decorator';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { requireAdvertiser } from '../advertiser-only';
import { campaignIdOf } from '../campaign-ids';
import { CampaignReader } from '../infrastructure/campaign-reader';

/** `listCampaignsRoute` (the caller's, newest first) and `getCampaignRoute` (owner only), from the read model. */
@Controller()
export class ReadCampaignsController {
  constructor(
    private readonly reader: CampaignReader,
    private readonly queryBus: QueryBus,
  ) {}

  @Route(listCampaignsRoute)
  async list(@CurrentUser() caller: AuthenticatedUser): Promise<CampaignListResponse> {
    await requireAdvertiser(this.queryBus, caller.userId);
    return { campaigns: await this.reader.list(caller.userId) };
  }

  @Route(getCampaignRoute)
  async get(@CurrentUser() caller: AuthenticatedUser, @Param('id') id: string): Promise<CampaignDetail> {
    const campaignId = campaignIdOf(id);
    await requireAdvertiser(this.queryBus, caller.userId);
    const state = await this.reader.state(campaignId);
    if (!state) throw notFound('CAMPAIGN_NOT_FOUND', CAMPAIGN_MESSAGES.notFound);
    if (state.ownerId !== caller.userId) throw forbidden(CAMPAIGN_MESSAGES.notOwner, 'NOT_CAMPAIGN_OWNER');
    return this.reader.detail(state);
  }
}

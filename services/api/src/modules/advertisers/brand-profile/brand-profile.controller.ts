import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { WrongExpectedVersionError, type EventStore } from '@app/event-store';
import { ADVERTISER_MESSAGES, BrandProfileRequestSchema, type BrandProfileRequest, type BrandProfileResponse } from '@app/contracts/advertisers';
import { EVENT_STORE } from '../../../platform/database/database.tokens';
import { ApiError } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { requireAdvertiser } from '../advertiser-only';
import { decideBrandProfile, type BrandProfileRefusal } from '../domain/brand-profile';
import { BrandProfiles, brandProfileStreams } from '../infrastructure/brand-profiles';

const MAX_CONFLICT_RETRIES = 5;

function refusalError(refusal: BrandProfileRefusal): ApiError {
  switch (refusal) {
    case 'CALLER_MUST_BE_ADVERTISER':
      return new ApiError(403, 'ADVERTISERS_ONLY', ADVERTISER_MESSAGES.advertisersOnly);
    case 'BRAND_NAME_MUST_NOT_BE_BLANK':
      return new ApiError(400, 'VALIDATION_ERROR', ADVERTISER_MESSAGES.brandNameRequired, undefined, [{ field: 'brand_name', message: ADVERTISER_MESSAGES.brandNameRequired }]);
  }
}

/**
 * `GET|PUT /api/users/brand-profile`: the advertiser's brand (spec 3 §3, §5). A save appends `BrandProfileUpdated` to
 * `advertiser-brand-<userId>` and writes the inline row in the same transaction, so the answer and the next read see
 * it. Two racing saves: one commits, the other reloads and decides again (last write wins, both recorded).
 */
@Controller('users/brand-profile')
export class BrandProfileController {
  constructor(
    private readonly profiles: BrandProfiles,
    private readonly queryBus: QueryBus,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  @Get()
  async read(@CurrentUser() caller: AuthenticatedUser): Promise<BrandProfileResponse> {
    return { status: 'success', message: 'Brand profile', data: await this.profiles.read(caller.userId) };
  }

  @Put()
  async save(@CurrentUser() caller: AuthenticatedUser, @Body(new ZodValidationPipe(BrandProfileRequestSchema)) body: BrandProfileRequest): Promise<BrandProfileResponse> {
    const user = await requireAdvertiser(this.queryBus, caller.userId);
    const command = {
      type: 'SaveBrandProfile' as const,
      data: {
        callerType: user.user_type,
        brandName: body.brand_name,
        brandDescription: body.brand_description,
        brandWebsite: body.brand_website,
        brandEmail: body.brand_email,
        brandPhone: body.brand_phone,
        brandLogoUrl: body.brand_logo_url,
        now: new Date().toISOString(),
      },
    };
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.eventStore.withTransaction(async (transaction) => {
          const loaded = await this.profiles.load(caller.userId, transaction);
          const decision = decideBrandProfile(command, loaded.state);
          if (decision.kind === 'refused') throw refusalError(decision.refusal);
          if (decision.events.length === 0) return;
          await this.eventStore.append(brandProfileStreams.appendOf(loaded, decision.events), { transaction });
          await this.profiles.writeRow(transaction, brandProfileStreams.advance(loaded, decision.events));
        });
        break;
      } catch (error) {
        if (error instanceof WrongExpectedVersionError && attempt < MAX_CONFLICT_RETRIES) continue;
        throw error;
      }
    }
    return { status: 'success', message: ADVERTISER_MESSAGES.brandSaved, data: await this.profiles.read(caller.userId) };
  }
}
